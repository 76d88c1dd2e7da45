import { annualSaving, formatIndian, type Plan } from '@sangam/contracts/plans';
import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/use-session';

export type Billing = 'annual' | 'monthly';

/** One plan: price for the chosen billing, annual saving, allowance, popular badge, Get Started (or the given `action`). */
export function PlanCard({ plan, billing, action }: { plan: Plan; billing: Billing; action?: ReactNode }) {
  const { isAuthenticated } = useSession();
  const price = billing === 'annual' ? plan.annualPrice : plan.monthlyPrice;
  return (
    <article
      data-testid="plan-card"
      aria-labelledby={`plan-${plan.id}`}
      className={clsx('card relative flex flex-col', plan.isPopular && 'border-neon-cyan/60 shadow-cyan-500/20 ring-1 ring-neon-cyan/40')}
    >
      {plan.isPopular && (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-neon-cyan px-3 py-0.5 text-xs font-bold text-ink">
          Most popular
        </span>
      )}
      <h3 id={`plan-${plan.id}`} className="text-xl font-semibold text-white">
        {plan.name}
      </h3>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-bold text-white" data-testid="plan-price">
          ₹{formatIndian(price)}
        </span>
        <span className="text-sm text-slate-400">/{billing === 'annual' ? 'year' : 'month'}</span>
      </p>
      <p className="mt-1 h-5 text-sm text-neon-green" data-testid="plan-saving">
        {billing === 'annual'
          ? `Save ₹${formatIndian(annualSaving(plan))} a year`
          : `or ₹${formatIndian(plan.annualPrice)} billed annually`}
      </p>
      <ul className="mt-6 grid gap-2 text-sm text-slate-300">
        <li className="flex gap-2">
          <Check className="size-4 text-neon-green" aria-hidden="true" />
          {formatIndian(plan.tokens)} tokens a month
        </li>
        {plan.modelQueries && (
          <li className="flex gap-2">
            <Check className="size-4 text-neon-green" aria-hidden="true" />
            {plan.modelQueries} AI model queries per question
          </li>
        )}
        <li className="flex gap-2">
          <Check className="size-4 text-neon-green" aria-hidden="true" />
          Prompt refinement and chat history
        </li>
        <li className="flex gap-2">
          <Check className="size-4 text-neon-green" aria-hidden="true" />
          All tools included
        </li>
      </ul>
      {action ?? (
        <Link
          to={isAuthenticated ? paths.profile : paths.signup}
          className={clsx('mt-8 justify-center', plan.isPopular ? 'btn-primary' : 'btn-ghost')}
        >
          Get Started
        </Link>
      )}
    </article>
  );
}
