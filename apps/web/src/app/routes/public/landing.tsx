import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { FEATURES_SECTION } from '@/components/layout/use-features-link';
import { BRAND } from '@/config/brand';
import { paths } from '@/config/paths';
import { CursorTrail } from '@/features/marketing/components/cursor-trail';
import { Hero } from '@/features/marketing/components/hero';
import { HOW_IT_WORKS, LANDING_FEATURES } from '@/features/marketing/data/landing';

export function LandingRoute() {
  const { i18n } = useLingui();
  const brand = BRAND.name;
  return (
    <>
      <CursorTrail />
      <Hero />
      <section id={FEATURES_SECTION} aria-labelledby="features-heading" className="scroll-mt-20 border-t border-white/5 bg-panel/40 py-20">
        <div className="mx-auto max-w-7xl px-4">
          <h2 id="features-heading" className="text-center text-3xl font-bold text-white sm:text-4xl">
            <Trans>Why {brand}</Trans>
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-center text-slate-300">
            <Trans>Everything you need to get the best answer, not just an answer.</Trans>
          </p>
          <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {LANDING_FEATURES.map((f) => (
              <article key={f.title.id} className="card">
                <h3 className="text-lg font-semibold text-white">{i18n._(f.title)}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-300">{i18n._(f.body)}</p>
              </article>
            ))}
          </div>
        </div>
      </section>
      <section aria-labelledby="how-heading" className="py-20">
        <div className="mx-auto max-w-5xl px-4 text-center">
          <h2 id="how-heading" className="text-3xl font-bold text-white">
            <Trans>How it works</Trans>
          </h2>
          <ol className="mt-10 grid gap-6 sm:grid-cols-3">
            {HOW_IT_WORKS.map((s) => (
              <li key={s.step} className="card text-left">
                <span className="grid size-9 place-items-center rounded-full bg-neon-cyan/15 font-bold text-neon-cyan">{s.step}</span>
                <h3 className="mt-4 font-semibold text-white">{i18n._(s.title)}</h3>
                <p className="mt-1 text-sm text-slate-300">{i18n._(s.body)}</p>
              </li>
            ))}
          </ol>
          <Link to={paths.chat} className="btn-primary mt-12 px-8 py-3 text-base">
            <Trans>Try {brand} now</Trans>
          </Link>
        </div>
      </section>
    </>
  );
}
