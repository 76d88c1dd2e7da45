import { Trans, useLingui } from '@lingui/react/macro';
import type { AstrologyFacts } from '@sangam/contracts';
import { chartName } from '@/features/astrology/chart-names';

type Period = { lord: string; start: string; end: string };
type Kind = 'mahadasha' | 'antardasha' | 'pratyantardasha';

/** One running period: its lord (in the interface's language) and its dates. */
function PeriodText({ kind, period }: { kind: Kind; period: Period }) {
  const { i18n } = useLingui();
  const lord = chartName(i18n, period.lord);
  const { start, end } = period;
  if (kind === 'mahadasha')
    return (
      <Trans>
        Current Vimshottari mahadasha: <strong>{lord}</strong> ({start} to {end})
      </Trans>
    );
  if (kind === 'antardasha')
    return (
      <Trans>
        antardasha <strong>{lord}</strong> ({start} to {end})
      </Trans>
    );
  return (
    <Trans>
      pratyantardasha <strong>{lord}</strong> ({start} to {end})
    </Trans>
  );
}

/** The running Vimshottari periods: mahadasha, then antardasha and pratyantardasha when known. */
export function DashaLine({ dasha }: { dasha: AstrologyFacts['dasha'] }) {
  if (!dasha.current) return null;
  return (
    <p className="mt-4 text-sm text-slate-200" data-testid="current-dasha">
      <PeriodText kind="mahadasha" period={dasha.current} />
      {dasha.currentAntardasha && (
        <>
          ; <PeriodText kind="antardasha" period={dasha.currentAntardasha} />
        </>
      )}
      {dasha.currentPratyantardasha && (
        <>
          ; <PeriodText kind="pratyantardasha" period={dasha.currentPratyantardasha} />
        </>
      )}
    </p>
  );
}
