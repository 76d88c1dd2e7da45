import { Trans, useLingui } from '@lingui/react/macro';
import type { AstrologyFacts } from '@sangam/contracts';
import { HeadingRow } from '@/components/ui/heading-row';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { chartName } from '@/features/astrology/chart-names';
import { ChartNote } from '@/features/astrology/components/chart-note';
import { DashaLine } from '@/features/astrology/components/dasha-line';
import { NorthIndianChart } from '@/features/astrology/components/north-indian-chart';
import { dms } from '@/features/astrology/degrees';

/** The computed chart: diamond, graha table, current dasha and the time offset used. */
export function ChartFacts({ facts }: { facts: AstrologyFacts }) {
  const { t, i18n } = useLingui();
  const name = (n: string) => chartName(i18n, n);
  const system = name(facts.ayanamsaSystem?.name ?? 'Lahiri');
  const { ascendant } = facts.chart;
  return (
    <section className="card grid gap-6 lg:grid-cols-2" aria-label={t`Your birth chart`}>
      <div className="min-w-0">
        <h2 className="mb-3 text-lg font-semibold break-words text-white">
          <Trans>Birth chart (sidereal, {system})</Trans>
        </h2>
        <NorthIndianChart facts={facts} />
        <ChartNote facts={facts} degree={dms(facts.chart.ayanamsa)} />
      </div>
      <ScrollRegion label={t`Grahas table`}>
        <table className="w-full text-left text-sm" data-testid="graha-table">
          <caption className="mb-2 text-left text-lg font-semibold text-white">
            <Trans>Grahas</Trans>
          </caption>
          <thead className="text-slate-300">
            <HeadingRow headings={[t`Graha`, t`Sign`, t`House`, t`Nakshatra`, t`Pada`, t`Retrograde`]} cellClassName="p-2" />
          </thead>
          <tbody>
            <tr className="border-t border-white/5 text-amber-200">
              <td className="p-2 font-medium">
                <Trans>Lagna</Trans>
              </td>
              <td className="p-2">
                {name(ascendant.sign)} {dms(ascendant.degree)}
              </td>
              <td className="p-2">1</td>
              <td className="p-2">{name(ascendant.nakshatra)}</td>
              <td className="p-2">{ascendant.pada}</td>
              <td className="p-2">—</td>
            </tr>
            {facts.chart.grahas.map((g) => (
              <tr key={g.graha} className="border-t border-white/5 text-slate-200">
                <td className="p-2 font-medium text-white">
                  {name(g.graha)}
                  {g.graha === 'Rahu' || g.graha === 'Ketu' ? ` ${t`(mean node)`}` : ''}
                </td>
                <td className="p-2">
                  {name(g.sign)} {dms(g.degree)}
                </td>
                <td className="p-2">{g.house}</td>
                <td className="p-2">{name(g.nakshatra)}</td>
                <td className="p-2">{g.pada}</td>
                <td className="p-2">{g.isRetrograde ? t`Yes` : t`No`}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <DashaLine dasha={facts.dasha} />
      </ScrollRegion>
    </section>
  );
}
