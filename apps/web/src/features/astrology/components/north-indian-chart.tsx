import { useLingui } from '@lingui/react/macro';
import type { AstrologyFacts } from '@sangam/contracts';
import { chartName, grahaMark } from '@/features/astrology/chart-names';

const SIGNS = ['Aries', 'Taurus', 'Gemini', 'Cancer', 'Leo', 'Virgo', 'Libra', 'Scorpio', 'Sagittarius', 'Capricorn', 'Aquarius', 'Pisces'];
/** Centres of the twelve houses in the North Indian diamond (house 1 at the top). */
const CENTRES: Array<[number, number]> = [
  [200, 105],
  [100, 50],
  [50, 105],
  [105, 200],
  [50, 295],
  [100, 350],
  [200, 295],
  [300, 350],
  [350, 295],
  [295, 200],
  [350, 105],
  [300, 50],
];

/** The North Indian chart: fixed houses, the sign number in each, grahas by house. */
export function NorthIndianChart({ facts }: { facts: AstrologyFacts }) {
  const { t, i18n } = useLingui();
  const ascSign = SIGNS.indexOf(facts.chart.ascendant.sign);
  const ascendant = chartName(i18n, facts.chart.ascendant.sign);
  const retrograde = t`(R)`;
  return (
    <svg
      viewBox="0 0 400 400"
      role="img"
      aria-label={t`North Indian chart: ${ascendant} ascendant`}
      className="mx-auto w-full max-w-sm"
      data-testid="north-indian-chart"
    >
      <rect x="2" y="2" width="396" height="396" fill="#0d1020" stroke="#fbbf24" strokeWidth="3" />
      <path d="M2 2 L398 398 M398 2 L2 398 M200 2 L398 200 L200 398 L2 200 Z" fill="none" stroke="#fbbf24" strokeWidth="2" />
      {CENTRES.map(([x, y], i) => {
        const house = i + 1;
        const sign = ((ascSign + i) % 12) + 1;
        const grahas = facts.chart.grahas
          .filter((g) => g.house === house)
          .map((g) => `${grahaMark(i18n, g.graha)}${g.isRetrograde && g.graha !== 'Rahu' && g.graha !== 'Ketu' ? retrograde : ''}`);
        return (
          <g key={house} data-house={house}>
            <text x={x} y={y - 18} textAnchor="middle" fontSize="13" fill="#fcd34d">
              {sign}
            </text>
            {house === 1 && (
              <text x={x} y={y - 34} textAnchor="middle" fontSize="11" fill="#fbbf24">
                {t`Lagna`}
              </text>
            )}
            {grahas.map((g, k) => (
              <text key={g} x={x} y={y + k * 15} textAnchor="middle" fontSize="13" fill="#e2e8f0">
                {g}
              </text>
            ))}
          </g>
        );
      })}
    </svg>
  );
}
