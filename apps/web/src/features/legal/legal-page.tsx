export type LegalSection = { title: string; paragraphs: readonly string[] };

/** A policy page: quick-navigation sidebar linking to #section-1..N and the numbered sections. */
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
  return (
    <div className="mx-auto max-w-7xl px-4 py-16">
      <header className="max-w-3xl">
        <h1 className="text-4xl font-bold text-white">{title}</h1>
        <p className="mt-2 text-sm text-slate-400">Effective date: {effective}</p>
        <p className="mt-4 text-slate-300">{intro}</p>
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="Quick navigation" className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="mb-3 text-xs font-semibold tracking-widest text-slate-400 uppercase">On this page</h2>
          <ol className="grid gap-1 text-sm">
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
        <div className="grid gap-10">
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
