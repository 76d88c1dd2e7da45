import type { AstrologyFacts } from '@sangam/contracts';
import { HeadingRow } from '@/components/ui/heading-row';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { NorthIndianChart } from '@/features/astrology/components/north-indian-chart';

const dms = (x: number) => `${Math.floor(x)}°${String(Math.floor((x % 1) * 60)).padStart(2, '0')}′`;

/** The computed chart: diamond, graha table, current dasha and the time offset used. */
export function ChartFacts({ facts }: { facts: AstrologyFacts }) {
  return (
    <section className="card grid gap-6 lg:grid-cols-2" aria-label="Your birth chart">
      <div>
        <h2 className="mb-3 text-lg font-semibold text-white">Birth chart (sidereal, {facts.ayanamsaSystem?.name ?? 'Lahiri'})</h2>
        <NorthIndianChart facts={facts} />
        <p className="mt-3 text-xs text-slate-400">
          {facts.place.name} ({facts.place.lat.toFixed(2)}°N, {facts.place.lon.toFixed(2)}°E); time taken as {facts.offset}
          {facts.tzdb ? ` (IANA tz database ${facts.tzdb})` : ''}; {facts.ayanamsaSystem?.name ?? 'Lahiri'} ayanamsa{' '}
          {dms(facts.chart.ayanamsa)}
          {facts.ayanamsaSystem ? ` (${facts.ayanamsaSystem.source})` : ''}; Rahu and Ketu are the mean lunar node.
        </p>
      </div>
      <ScrollRegion label="Grahas table">
        <table className="w-full text-left text-sm" data-testid="graha-table">
          <caption className="mb-2 text-left text-lg font-semibold text-white">Grahas</caption>
          <thead className="text-slate-300">
            <HeadingRow headings={['Graha', 'Sign', 'House', 'Nakshatra', 'Pada', 'Retrograde']} cellClassName="p-2" />
          </thead>
          <tbody>
            <tr className="border-t border-white/5 text-amber-200">
              <td className="p-2 font-medium">Lagna</td>
              <td className="p-2">
                {facts.chart.ascendant.sign} {dms(facts.chart.ascendant.degree)}
              </td>
              <td className="p-2">1</td>
              <td className="p-2">{facts.chart.ascendant.nakshatra}</td>
              <td className="p-2">{facts.chart.ascendant.pada}</td>
              <td className="p-2">—</td>
            </tr>
            {facts.chart.grahas.map((g) => (
              <tr key={g.graha} className="border-t border-white/5 text-slate-200">
                <td className="p-2 font-medium text-white">
                  {g.graha}
                  {g.graha === 'Rahu' || g.graha === 'Ketu' ? ' (mean node)' : ''}
                </td>
                <td className="p-2">
                  {g.sign} {dms(g.degree)}
                </td>
                <td className="p-2">{g.house}</td>
                <td className="p-2">{g.nakshatra}</td>
                <td className="p-2">{g.pada}</td>
                <td className="p-2">{g.isRetrograde ? 'Yes' : 'No'}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {facts.dasha.current && (
          <p className="mt-4 text-sm text-slate-200" data-testid="current-dasha">
            Current Vimshottari mahadasha: <strong>{facts.dasha.current.lord}</strong> ({facts.dasha.current.start} to{' '}
            {facts.dasha.current.end})
            {facts.dasha.currentAntardasha && (
              <>
                ; antardasha <strong>{facts.dasha.currentAntardasha.lord}</strong> ({facts.dasha.currentAntardasha.start} to{' '}
                {facts.dasha.currentAntardasha.end})
              </>
            )}
            {facts.dasha.currentPratyantardasha && (
              <>
                ; pratyantardasha <strong>{facts.dasha.currentPratyantardasha.lord}</strong> ({facts.dasha.currentPratyantardasha.start} to{' '}
                {facts.dasha.currentPratyantardasha.end})
              </>
            )}
          </p>
        )}
      </ScrollRegion>
    </section>
  );
}
