import { useLingui } from '@lingui/react/macro';
import type { AstrologyFacts } from '@sangam/contracts';
import { chartName } from '@/features/astrology/chart-names';

/**
 * Where and when the chart was cast: the place's coordinates, the time offset used (the server's own
 * words for it), the ayanamsa and the lunar nodes.
 */
export function ChartNote({ facts, degree }: { facts: AstrologyFacts; degree: string }) {
  const { t, i18n } = useLingui();
  const place = facts.place.name;
  const lat = facts.place.lat.toFixed(2);
  const lon = facts.place.lon.toFixed(2);
  const offset = facts.offset;
  const tzdb = facts.tzdb;
  const system = chartName(i18n, facts.ayanamsaSystem?.name ?? 'Lahiri');
  const source = facts.ayanamsaSystem?.source;
  const parts = [
    t`${place} (${lat}°N, ${lon}°E)`,
    tzdb ? t`time taken as ${offset} (IANA tz database ${tzdb})` : t`time taken as ${offset}`,
    source ? t`${system} ayanamsa ${degree} (${source})` : t`${system} ayanamsa ${degree}`,
    t`Rahu and Ketu are the mean lunar node.`,
  ];
  return (
    <p className="mt-3 text-xs break-words text-slate-400" data-testid="chart-note">
      {parts.join('; ')}
    </p>
  );
}
