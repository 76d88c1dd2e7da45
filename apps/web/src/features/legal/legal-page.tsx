import { Trans, useLingui } from '@lingui/react/macro';

export type LegalSection = { title: string; paragraphs: readonly string[] };

/**
 * A policy page: quick-navigation sidebar linking to #section-1..N and the numbered sections. The
 * policy itself stays in English (marked `lang="en"`); in another language a translated note above it
 * says the English text governs.
 */
export function LegalPage({
  title,
  effective,
  intro,
  sections,
}: {
  title: string;
  effective: string;
  intro: string;
  sections: readonly LegalSection[];
}) {
  const { i18n, t } = useLingui();
  const isEnglish = i18n.locale === 'en';
  return (
    <div className="mx-auto max-w-7xl px-4 py-16">
      <header className="max-w-3xl">
        <h1 className="text-4xl font-bold break-words text-white">{title}</h1>
        {!isEnglish && (
          <p role="note" className="mt-4 rounded-lg border border-amber-300/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-100">
            <Trans>This page is available in English only. The English text below is the one that governs.</Trans>
          </p>
        )}
        <div lang="en">
          <p className="mt-2 text-sm text-slate-400">Effective date: {effective}</p>
          <p className="mt-4 text-slate-300">{intro}</p>
        </div>
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_1fr]">
        <nav aria-label={t`Quick navigation`} className="lg:sticky lg:top-24 lg:self-start">
          <h2 className={`mb-3 text-xs font-semibold text-slate-400 uppercase ${isEnglish ? 'tracking-widest' : ''}`}>
            <Trans>On this page</Trans>
          </h2>
          <ol className="grid gap-1 text-sm" lang="en">
            {sections.map((s, i) => (
              <li key={s.title}>
                <a
                  href={`#section-${i + 1}`}
                  className="block rounded-md px-2 py-1 text-slate-300 hover:bg-white/5 hover:text-white focus-visible:outline-2 focus-visible:outline-neon-cyan"
                >
                  {i + 1}. {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="grid gap-10" lang="en">
          {sections.map((s, i) => (
            <section key={s.title} id={`section-${i + 1}`} aria-labelledby={`section-${i + 1}-title`} className="scroll-mt-24">
              <h2 id={`section-${i + 1}-title`} className="text-2xl font-semibold text-white">
                {i + 1}. {s.title}
              </h2>
              {s.paragraphs.map((p) => (
                <p key={p} className="mt-3 leading-relaxed text-slate-300">
                  {p}
                </p>
              ))}
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
