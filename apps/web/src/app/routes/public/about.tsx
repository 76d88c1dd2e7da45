import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { BRAND } from '@/config/brand';
import { paths } from '@/config/paths';
import { SlideShow } from '@/features/marketing/components/slide-show';

const ABOUT_SLIDES = [
  {
    id: 'mission',
    title: msg`Our Mission`,
    body: msg`Give every professional, developer, creator and student in India the combined intelligence of the world’s best AI models, at a price that makes sense in rupees.`,
  },
  {
    id: 'vision',
    title: msg`Our Vision`,
    body: msg`A confluence, a sangam, where many models flow into one trustworthy answer, in every Indian language and for every kind of question.`,
  },
  {
    id: 'values',
    title: msg`Our Values`,
    body: msg`Honesty about what AI gets wrong, privacy by default, answers grounded in real data, and respect for the traditions our tools touch.`,
  },
];

export function AboutRoute() {
  const { i18n, t } = useLingui();
  const brand = BRAND.name;
  const company = BRAND.company;
  const city = BRAND.city;
  return (
    <div className="mx-auto max-w-5xl px-4 py-16">
      <header className="text-center">
        <h1 className="text-4xl font-bold break-words text-white sm:text-5xl">
          <Trans>About {brand}</Trans>
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-300">
          <Trans>
            {company} is a technology company in {city}. We build {brand}: several AI models behind one chat box.
          </Trans>
        </p>
      </header>
      <div className="mt-14">
        <SlideShow
          label={t`Mission, vision and values`}
          orientation="horizontal"
          slides={ABOUT_SLIDES.map((s) => ({
            id: s.id,
            title: i18n._(s.title),
            render: () => (
              <article className="card mx-auto max-w-3xl text-center break-words md:p-12">
                <h2 className="text-3xl font-bold text-white">{i18n._(s.title)}</h2>
                <p className="mt-4 text-lg leading-relaxed text-slate-300">{i18n._(s.body)}</p>
              </article>
            ),
          }))}
        />
      </div>
      <section className="card mt-16 text-center">
        <h2 className="text-2xl font-bold break-words text-white">
          <Trans>Ready to ask many minds at once?</Trans>
        </h2>
        <p className="mt-2 text-slate-300">
          <Trans>Create a free account and try both modes today.</Trans>
        </p>
        <Link to={paths.chat} className="btn-primary mt-6 px-8 py-3 text-base">
          <Trans>Get Started</Trans>
        </Link>
      </section>
    </div>
  );
}
