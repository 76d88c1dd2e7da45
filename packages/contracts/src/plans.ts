/** Plans of docs/spec-rules.md §9 and docs/spec-rules.md (decisions) (INR). Tokens are the monthly allowance. */
export type Plan = {
  id: string;
  mode: 'sangam' | 'universe';
  name: string;
  monthlyPrice: number;
  annualPrice: number;
  tokens: number;
  isPopular: boolean;
  modelQueries?: number;
};

export const PLANS: readonly Plan[] = [
  { id: 'basic', mode: 'sangam', name: 'Basic', monthlyPrice: 399, annualPrice: 3999, tokens: 50_000, isPopular: false },
  { id: 'pro', mode: 'sangam', name: 'Pro', monthlyPrice: 999, annualPrice: 9999, tokens: 200_000, isPopular: false },
  { id: 'pro-plus', mode: 'sangam', name: 'Pro+', monthlyPrice: 3999, annualPrice: 39999, tokens: 1_000_000, isPopular: true },
  {
    id: 'universe-lite',
    mode: 'universe',
    name: 'Universe Lite',
    monthlyPrice: 99,
    annualPrice: 999,
    tokens: 40_000,
    isPopular: false,
    modelQueries: 5,
  },
  {
    id: 'universe-plus',
    mode: 'universe',
    name: 'Universe Plus',
    monthlyPrice: 399,
    annualPrice: 3999,
    tokens: 200_000,
    isPopular: true,
    modelQueries: 5,
  },
  {
    id: 'universe-max',
    mode: 'universe',
    name: 'Universe Max',
    monthlyPrice: 999,
    annualPrice: 9999,
    tokens: 500_000,
    isPopular: false,
    modelQueries: 5,
  },
];

/** A new account's plan until payments exist: the free allowance. */
export const FREE_PLAN = { id: 'free', name: 'Free', tokens: 50_000 } as const;

/** The annual card's saving: 12 x monthly - annual, in rupees. */
export const annualSaving = (plan: Pick<Plan, 'monthlyPrice' | 'annualPrice'>) => plan.monthlyPrice * 12 - plan.annualPrice;

/** Indian digit grouping: 200000 -> "2,00,000". */
export const formatIndian = (n: number) => new Intl.NumberFormat('en-IN').format(n);
