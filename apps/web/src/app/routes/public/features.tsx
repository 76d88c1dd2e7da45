import { Trans, useLingui } from '@lingui/react/macro';
import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { SlideShow } from '@/features/marketing/components/slide-show';
import { FEATURE_CARDS, FEATURE_SLIDES } from '@/features/marketing/data/features-page';

export function FeaturesRoute() {
  const { i18n, t } = useLingui();
  return (
    <div className="mx-auto max-w-7xl px-4 py-16">
      <header className="mx-auto max-w-3xl text-center">
        <h1 className="text-4xl font-bold break-words text-white sm:text-5xl">
          <Trans>Features built for better answers</Trans>
        </h1>
        <p className="mt-4 text-lg text-slate-300">
          <Trans>Compare models, sharpen prompts and use AI tools grounded in real data, all from one place.</Trans>
        </p>
      </header>
      <div className="mt-14">
        <SlideShow
          label={t`Feature highlights`}
          slides={FEATURE_SLIDES.map((s) => ({
            id: s.id,
            title: i18n._(s.title),
            render: () => (
              <article className="card grid gap-6 break-words md:grid-cols-2 md:p-10">
                <div className="min-w-0">
                  <h2 className="text-3xl font-bold text-white">{i18n._(s.title)}</h2>
                  <p className="mt-4 text-slate-300">{i18n._(s.description)}</p>
                  <Link to={paths.chat} className="btn-primary mt-6">
                    <Trans>Learn More</Trans>
                  </Link>
                </div>
                <ul className="grid content-center gap-3">
                  {s.lines.map((l) => (
                    <li key={l.id} className="flex min-w-0 items-start gap-3 text-slate-200">
                      <Check className="mt-0.5 size-5 shrink-0 text-neon-green" aria-hidden="true" />
                      <span className="min-w-0">{i18n._(l)}</span>
                    </li>
                  ))}
                </ul>
              </article>
            ),
          }))}
        />
      </div>
      <section aria-labelledby="more-features" className="mt-20">
        <h2 id="more-features" className="text-center text-3xl font-bold text-white">
          <Trans>And everything around it</Trans>
        </h2>
        <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURE_CARDS.map((c) => (
            <article key={c.id} className="card min-w-0 break-words" data-testid="feature-card">
              <h3 className="text-lg font-semibold text-white">{i18n._(c.title)}</h3>
              <p className="mt-2 text-sm text-slate-300">{i18n._(c.body)}</p>
            </article>
          ))}
        </div>
      </section>
    </div>
  );
}
