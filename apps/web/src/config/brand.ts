// The brand module alone (not the contracts index), so public pages do not load zod.
export { BRAND } from '@sangam/contracts/brand';
