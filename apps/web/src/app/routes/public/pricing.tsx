import { Trans, useLingui } from '@lingui/react/macro';
import { PLANS } from '@sangam/contracts/plans';
import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { GetStarted, PaymentsNotice } from '@/features/billing/components/get-started';
import { type Billing, PlanCard } from '@/features/marketing/components/plan-card';
import { SlideShow } from '@/features/marketing/components/slide-show';
import { MODE_COMPARISON, PRICING_FAQ, PRICING_SLIDES } from '@/features/marketing/data/pricing';

export function PricingRoute() {
  // Back from sign-up (?plan=...&period=...): that plan's period is chosen and its card in view.
  const [params] = useSearchParams();
  const { i18n, t } = useLingui();
  const chosenPlan = PLANS.find((p) => p.id === params.get('plan'));
  const [billing, setBilling] = useState<Billing>(params.get('period') === 'monthly' ? 'monthly' : 'annual');
  useEffect(() => {
    if (chosenPlan) document.getElementById(`plan-${chosenPlan.id}`)?.scrollIntoView({ block: 'center' });
  }, [chosenPlan]);
  return (
    <div className="mx-auto max-w-7xl px-4 py-16">
      <header className="mx-auto max-w-3xl text-center">
        <h1 className="text-4xl font-bold break-words text-white sm:text-5xl">
          <Trans>Pricing in rupees, for everyone</Trans>
        </h1>
        <p className="mt-4 text-lg text-slate-300">
          <Trans>Several AI models for about half the price of one premium AI chat subscription.</Trans>
        </p>
      </header>
      <div className="mx-auto mt-10 max-w-3xl">
        <SlideShow
          label={t`Pricing highlights`}
          orientation="horizontal"
          slides={PRICING_SLIDES.map((s) => ({
            id: s.id,
            title: i18n._(s.title),
            render: () => (
              <div className="card text-center break-words">
                <h2 className="text-2xl font-bold text-white">{i18n._(s.title)}</h2>
                <p className="mt-2 text-slate-300">{i18n._(s.body)}</p>
              </div>
            ),
          }))}
        />
      </div>

      <section aria-labelledby="compare-heading" className="mt-16">
        <h2 id="compare-heading" className="text-center text-3xl font-bold text-white">
          <Trans>Sangam or Universe?</Trans>
        </h2>
        <ScrollRegion label={t`Sangam and Universe compared`} className="mt-8 rounded-2xl border border-white/10">
          <table className="w-full min-w-[560px] text-left text-sm">
            <thead className="bg-white/5 text-slate-200">
              <tr>
                <th scope="col" className="p-4">
                  <Trans>Feature</Trans>
                </th>
                <th scope="col" className="p-4 text-neon-cyan">
                  <Trans>Sangam mode</Trans>
                </th>
                <th scope="col" className="p-4 text-neon-purple">
                  <Trans>Universe mode</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {MODE_COMPARISON.map((row) => (
                <tr key={row.id} className="border-t border-white/5 text-slate-300">
                  <th scope="row" className="p-4 font-medium text-white">
                    {i18n._(row.feature)}
                  </th>
                  <td className="p-4">{i18n._(row.sangam)}</td>
                  <td className="p-4">{i18n._(row.universe)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </section>

      <PaymentsNotice />
      <div className="mt-16 flex justify-center">
        <fieldset className="inline-flex max-w-full flex-wrap justify-center rounded-full border border-white/10 bg-white/5 p-1">
          <legend className="sr-only">
            <Trans>Billing period</Trans>
          </legend>
          {(['annual', 'monthly'] as const).map((b) => (
            <button
              key={b}
              type="button"
              aria-pressed={billing === b}
              onClick={() => setBilling(b)}
              className={clsx(
                'rounded-full px-5 py-2 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-neon-cyan',
                billing === b ? 'bg-neon-cyan text-ink' : 'text-slate-300 hover:text-white',
              )}
            >
              {b === 'annual' ? <Trans>Annually</Trans> : <Trans>Monthly</Trans>}
            </button>
          ))}
        </fieldset>
      </div>

      {(['sangam', 'universe'] as const).map((mode) => (
        <section key={mode} aria-labelledby={`${mode}-plans`} className="mt-12">
          <h2 id={`${mode}-plans`} className="text-2xl font-bold break-words text-white">
            {mode === 'sangam' ? <Trans>Sangam plans: one refined answer</Trans> : <Trans>Universe plans: every model side by side</Trans>}
          </h2>
          <div className="mt-8 grid gap-8 md:grid-cols-3">
            {PLANS.filter((p) => p.mode === mode).map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                billing={billing}
                action={<GetStarted plan={plan} period={billing} isHighlighted={plan.isPopular || plan.id === chosenPlan?.id} />}
              />
            ))}
          </div>
        </section>
      ))}

      <section aria-labelledby="faq-heading" className="mx-auto mt-20 max-w-3xl">
        <h2 id="faq-heading" className="text-center text-3xl font-bold text-white">
          <Trans>Frequently asked questions</Trans>
        </h2>
        <div className="mt-8 grid gap-3">
          {PRICING_FAQ.map((f) => (
            <details key={f.id} className="card p-5 break-words">
              <summary className="cursor-pointer font-semibold text-white">{i18n._(f.q)}</summary>
              <p className="mt-3 text-slate-300">{i18n._(f.a)}</p>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}
