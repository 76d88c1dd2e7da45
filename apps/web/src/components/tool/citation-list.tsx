import { Trans, useLingui } from '@lingui/react/macro';
import type { CheckedCitation } from '@sangam/contracts';
import { clsx } from 'clsx';

/** The citations of an answer as checked by the server: valid, not found, or could not be checked (never silently passed). */
export function CitationList({
  citations,
  edition,
  tone = 'dark',
}: {
  citations: CheckedCitation[];
  edition?: string;
  tone?: 'dark' | 'parchment';
}) {
  const { t, i18n } = useLingui();
  if (citations.length === 0 && !edition) return null;
  const muted = tone === 'dark' ? 'text-slate-400' : 'text-[#57534e]';
  return (
    <section
      aria-label={t`Citations`}
      className={clsx('mt-4 border-t pt-3 text-sm', tone === 'dark' ? 'border-white/10' : 'border-[#92400e]/30')}
    >
      <h4 className={clsx('text-xs font-semibold uppercase', i18n.locale === 'en' && 'tracking-wide', muted)}>
        <Trans>Citations checked</Trans>
      </h4>
      {edition && (
        <p className={clsx('mt-1 text-xs', muted)} data-testid="citation-edition">
          <Trans>Cited as numbered in {edition}.</Trans>
        </p>
      )}
      <ul className="mt-2 grid gap-2">
        {citations.map((c) => {
          const status = c.status ?? (c.isValid ? 'valid' : 'invalid');
          const note = c.note ?? '';
          return (
            <li
              key={c.ref}
              data-status={status}
              className={
                tone === 'parchment'
                  ? status === 'valid'
                    ? 'text-[#1c1917]'
                    : status === 'unchecked'
                      ? 'text-[#92400e]'
                      : 'text-[#991b1b]'
                  : status === 'valid'
                    ? 'text-slate-200'
                    : status === 'unchecked'
                      ? 'text-amber-200'
                      : 'text-red-300'
              }
            >
              <span className="font-semibold">{c.ref}</span>{' '}
              {status === 'valid' ? '✓' : status === 'unchecked' ? t`? could not be checked: ${note}` : `✗ ${c.note ?? t`not found`}`}
              {c.quote && <q className="mt-1 block text-xs italic opacity-80">{c.quote}</q>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
