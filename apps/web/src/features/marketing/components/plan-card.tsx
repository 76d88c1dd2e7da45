import { Plural, Trans } from '@lingui/react/macro';
import { annualSaving, type Plan } from '@sangam/contracts/plans';
import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/use-session';
import { useLocaleFormat } from '@/lib/i18n/use-locale-format';

export type Billing = 'annual' | 'monthly';

function Feature({ children }: { children: ReactNode }) {
  return (
    <li className="flex min-w-0 gap-2 break-words">
      <Check className="size-4 shrink-0 text-neon-green" aria-hidden="true" />
      <span className="min-w-0">{children}</span>
    </li>
  );
}

/** One plan: price for the chosen billing, annual saving, allowance, popular badge, Get Started (or the given `action`). */
export function PlanCard({ plan, billing, action }: { plan: Plan; billing: Billing; action?: ReactNode }) {
  const { isAuthenticated } = useSession();
  const { rupees, count } = useLocaleFormat();
  const price = rupees(billing === 'annual' ? plan.annualPrice : plan.monthlyPrice);
  const saving = rupees(annualSaving(plan));
  const annualPrice = rupees(plan.annualPrice);
  const tokens = count(plan.tokens);
  const queries = plan.modelQueries ?? 0;
  const queriesText = count(queries);
  return (
    <article
      data-testid="plan-card"
      aria-labelledby={`plan-${plan.id}`}
      className={clsx(
        'card relative flex min-w-0 flex-col',
        plan.isPopular && 'border-neon-cyan/60 shadow-cyan-500/20 ring-1 ring-neon-cyan/40',
      )}
    >
      {plan.isPopular && (
        <span className="absolute -top-3 left-1/2 max-w-[90%] -translate-x-1/2 rounded-full bg-neon-cyan px-3 py-0.5 text-center text-xs font-bold text-ink">
          <Trans>Most popular</Trans>
        </span>
      )}
      <h3 id={`plan-${plan.id}`} className="text-xl font-semibold text-white" translate="no">
        {plan.name}
      </h3>
      <p className="mt-4 flex flex-wrap items-baseline gap-1">
        <span className="text-4xl font-bold text-white" data-testid="plan-price">
          {price}
        </span>
        <span className="text-sm text-slate-400">{billing === 'annual' ? <Trans>/year</Trans> : <Trans>/month</Trans>}</span>
      </p>
      <p className="mt-1 min-h-5 text-sm text-neon-green" data-testid="plan-saving">
        {billing === 'annual' ? <Trans>Save {saving} a year</Trans> : <Trans>or {annualPrice} billed annually</Trans>}
      </p>
      <ul className="mt-6 grid gap-2 text-sm text-slate-300">
        <Feature>
          <Trans>{tokens} tokens a month</Trans>
        </Feature>
        {plan.modelQueries && (
          <Feature>
            <Plural
              value={queries}
              one={`${queriesText} AI model query per question`}
              other={`${queriesText} AI model queries per question`}
            />
          </Feature>
        )}
        <Feature>
          <Trans>Prompt refinement and chat history</Trans>
        </Feature>
        <Feature>
          <Trans>All tools included</Trans>
        </Feature>
      </ul>
      {action ?? (
        <Link
          to={isAuthenticated ? paths.profile : paths.signup}
          className={clsx('mt-8 justify-center', plan.isPopular ? 'btn-primary' : 'btn-ghost')}
        >
          <Trans>Get Started</Trans>
        </Link>
      )}
    </article>
  );
}
