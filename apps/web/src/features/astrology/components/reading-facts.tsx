import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { AstrologyReadingCheck, ChartFact } from '@sangam/contracts';
import { useState } from 'react';
import { claimExpected, factLabel, factText } from '@/features/astrology/fact-words';

/**
 * Issue 14: the chart facts the reading rests on. The models cite facts as "[F3]"; each cited fact is
 * a chip that opens to the computed value, and the check's verdict is shown (statements that did not
 * match the chart are marked in the text and listed here). Chips and the chart's values are written in
 * the reader's language (fact-words.ts); the reading's own words are quoted as written.
 */
export function ReadingFacts({ check }: { check: AstrologyReadingCheck }) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState<string | null>(null);
  const chips = check.chips ?? [];
  const claims = check.claims ?? [];
  const wrong = claims.filter((c) => !c.isConsistent);
  if (chips.length === 0 && claims.length === 0) return null;
  const opened: ChartFact | undefined = chips.find((c) => c.id === open);
  const matched = claims.length - wrong.length;
  const total = claims.length;
  const unmatched = wrong.length;
  return (
    <section className="card grid gap-3" aria-label={t`Chart facts behind this reading`} data-testid="reading-facts">
      <h2 className="text-lg font-semibold text-white">
        <Trans>Chart facts behind this reading</Trans>
      </h2>
      {chips.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t`Cited chart facts`}>
          {chips.map((fact) => (
            <li key={fact.id}>
              <button
                type="button"
                aria-expanded={open === fact.id}
                aria-controls="reading-fact-detail"
                className="max-w-full rounded-full border border-amber-300/40 break-words bg-amber-300/10 px-3 py-1 text-xs text-amber-100 hover:bg-amber-300/20"
                onClick={() => setOpen((o) => (o === fact.id ? null : fact.id))}
              >
                [{fact.id}] {factLabel(i18n, fact)}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p id="reading-fact-detail" aria-live="polite" className="min-h-5 text-sm text-slate-200" data-testid="reading-fact-detail">
        {opened ? `[${opened.id}] ${factText(i18n, opened)}` : chips.length > 0 ? t`Open a chip to see the computed fact it cites.` : ''}
      </p>
      {claims.length > 0 && (
        <p className="text-xs text-slate-400" data-testid="reading-check">
          <Plural
            value={total}
            one={`Checked against the chart: ${matched} of # placement statement matches.`}
            other={`Checked against the chart: ${matched} of # placement statements match.`}
          />
          {unmatched > 0 && ' '}
          {unmatched > 0 && (
            <Plural value={unmatched} one="# did not and is marked in the text:" other="# did not and are marked in the text:" />
          )}
        </p>
      )}
      {wrong.length > 0 && (
        <ul className="list-disc pl-5 text-xs text-rose-200">
          {wrong.map(({ factId, text, kind, expected: said }) => {
            const expected = claimExpected(i18n, { kind, expected: said });
            return (
              <li key={`${factId}-${text}`}>
                <Trans>
                  “{text}”: the chart says {expected} [{factId}]
                </Trans>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
