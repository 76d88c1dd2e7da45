import { AstrologyTool } from '@/features/astrology/components/astrology-tool';

export function AstrologyRoute() {
  return <AstrologyTool />;
}
