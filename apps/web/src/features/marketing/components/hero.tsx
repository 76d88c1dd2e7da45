import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ModelStatusNotice } from '@/components/first-run/model-status-notice';
import { PromptBox } from '@/components/prompt-box';
import { BRAND } from '@/config/brand';
import { paths } from '@/config/paths';
import { HeroVideo } from '@/features/marketing/components/hero-video';
import { RotatingName } from '@/features/marketing/components/rotating-name';
import { Starfield } from '@/features/marketing/components/starfield';
import { PROMPT_CATEGORIES } from '@/features/marketing/data/landing';
import { useSession } from '@/lib/auth/use-session';
import { savePendingPrompt } from '@/lib/pending-prompt';

/** Landing hero: starfield, rotating name, prompt box that carries the prompt to /chat. */
export function Hero() {
  const navigate = useNavigate();
  const [prompt, setPrompt] = useState('');
  const { isAuthenticated } = useSession();
  const { i18n, t } = useLingui();
  const brand = BRAND.name;
  return (
    <section className="relative isolate overflow-hidden">
      <Starfield />
      <div className="absolute inset-x-0 top-0 -z-10 h-[36rem] bg-[radial-gradient(ellipse_at_top,rgba(34,211,238,0.18),transparent_60%)]" />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 pt-16 pb-20 lg:grid-cols-2 lg:pt-24">
        <div>
          <p className="mb-4 inline-flex rounded-full border border-neon-cyan/30 bg-neon-cyan/10 px-3 py-1 text-xs font-medium text-neon-cyan">
            <Trans>India’s multi-model AI platform</Trans>
          </p>
          <h1 className="text-4xl font-bold tracking-tight text-white sm:text-6xl">
            <RotatingName />
            <span className="mt-2 block text-3xl font-semibold text-slate-200 sm:text-4xl">
              <Trans>Many AI models. One answer.</Trans>
            </span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-slate-300">
            <Trans>
              Ask once and {brand} asks several leading models for you, then fuses their answers into one refined reply, or shows them side
              by side. For professionals, developers, creators and students, at about half the price of one premium AI subscription.
            </Trans>
          </p>
          <PromptBox
            className="mt-8 max-w-xl"
            value={prompt}
            onChange={setPrompt}
            label={t`Ask Sangam anything`}
            placeholder={t`Ask Sangam anything…`}
            onSubmit={(p) => {
              // Signed out, the prompt waits through sign-in (or sign-up) and is sent afterwards.
              if (!isAuthenticated) savePendingPrompt(p);
              navigate(paths.chat, { state: { prompt: p } });
            }}
          />
          <ul className="mt-4 flex max-w-xl flex-wrap gap-2" aria-label={t`Prompt categories`}>
            {PROMPT_CATEGORIES.map((category) => {
              const c = i18n._(category);
              return (
                <li key={category.id}>
                  <button
                    type="button"
                    onClick={() => setPrompt((p) => (p ? p : `${c}: `))}
                    className="rounded-full border border-white/10 bg-white/5 px-3 py-1 text-xs text-slate-300 hover:border-neon-cyan/50 hover:text-white focus-visible:outline-2 focus-visible:outline-neon-cyan"
                  >
                    {c}
                  </button>
                </li>
              );
            })}
          </ul>
          <div className="mt-8 flex flex-wrap items-center gap-4">
            <Link to={paths.chat} className="btn-primary px-7 py-3 text-base">
              <Trans>Try {brand}</Trans>
            </Link>
            <Link to={paths.pricing} className="btn-ghost px-7 py-3 text-base">
              <Trans>See plans</Trans>
            </Link>
          </div>
          <dl className="mt-10 grid max-w-xl grid-cols-3 gap-4 text-center">
            <Claim value={BRAND.claims.avgResponse} label={t`average response`} />
            <Claim value={t`Private`} label={t`by default`} />
            <Claim value="100+" label={t`languages`} />
          </dl>
          {/* Last in the column: the notice arrives after the first paint, and nothing above the fold moves for it. */}
          <ModelStatusNotice className="mt-8 max-w-xl" />
        </div>
        <HeroVideo />
      </div>
    </section>
  );
}

function Claim({ value, label }: { value: string; label: string }) {
  return (
    <div className="rounded-2xl border border-white/10 bg-white/5 px-2 py-3">
      <dt className="sr-only">{label}</dt>
      <dd className="text-xl font-bold text-white">{value}</dd>
      <dd className="text-xs text-slate-400">{label}</dd>
    </div>
  );
}
