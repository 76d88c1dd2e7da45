import { useLingui } from '@lingui/react/macro';
import type { AstrologyFacts } from '@sangam/contracts';
import { chartName } from '@/features/astrology/chart-names';
import { ayanamsaSource, offsetWords } from '@/features/astrology/offset-words';

/**
 * Where and when the chart was cast: the place's coordinates, the time offset used, the ayanamsa and
 * its source, and the lunar nodes, in the reader's language (the place's name as the places table has it).
 */
export function ChartNote({ facts, degree }: { facts: AstrologyFacts; degree: string }) {
  const { t, i18n } = useLingui();
  const place = facts.place.name;
  const lat = facts.place.lat.toFixed(2);
  const lon = facts.place.lon.toFixed(2);
  const offset = offsetWords(i18n, facts);
  const tzdb = facts.tzdb;
  const system = chartName(i18n, facts.ayanamsaSystem?.name ?? 'Lahiri');
  const source = ayanamsaSource(i18n, facts.ayanamsaSystem);
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
