import { ChanakyaTool } from '@/features/chanakya/components/chanakya-tool';

export function ChanakyaRoute() {
  return <ChanakyaTool />;
}
