import { Trans, useLingui } from '@lingui/react/macro';
import type { CheckedCitation, EditionBook } from '@sangam/contracts';
import { clsx } from 'clsx';

/** The citations of an answer as checked by the server: valid, not found, or could not be checked (never silently passed). */
export function CitationList({
  citations,
  edition,
  editionBook,
  tone = 'dark',
}: {
  citations: CheckedCitation[];
  edition?: string;
  /** The edition's title and translator as published: the rest of the line is written in the reader's language. */
  editionBook?: EditionBook;
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
          <EditionLine edition={edition} book={editionBook} />
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

/** "Cited as numbered in <title>, translated by <translator>." (the edition's whole name when only that was sent). */
function EditionLine({ edition, book }: { edition: string; book?: EditionBook }) {
  if (!book) return <Trans>Cited as numbered in {edition}.</Trans>;
  const { title, translator } = book;
  return (
    <Trans>
      Cited as numbered in {title}, translated by {translator}.
    </Trans>
  );
}
