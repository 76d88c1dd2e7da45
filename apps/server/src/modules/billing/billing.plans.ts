import { type BillingPeriod, PLANS } from '@sangam/contracts';
import type { RazorpayGateway, RazorpayPlan } from '@/modules/billing/billing.razorpay';

export const PERIODS: readonly BillingPeriod[] = ['monthly', 'annual'];
/** Razorpay's name for our annual period. */
const razorpayPeriod = (period: BillingPeriod): 'monthly' | 'yearly' => (period === 'annual' ? 'yearly' : 'monthly');
/** Razorpay counts paise: 399 rupees is 39900. */
export const toPaise = (rupees: number) => Math.round(rupees * 100);
export const toRupees = (paise: number) => paise / 100;

/** One Razorpay plan per Sangam plan and period, priced from contracts' PLANS (never typed twice). */
export const wantedPlans = () =>
  PLANS.flatMap((plan) =>
    PERIODS.map((period) => ({
      key: planKey(plan.id, period),
      period: razorpayPeriod(period),
      name: `Sangam ${plan.name} (${period})`,
      amountPaise: toPaise(period === 'annual' ? plan.annualPrice : plan.monthlyPrice),
      notes: { sangam_plan: plan.id, sangam_period: period },
    })),
  );

export const planKey = (planId: string, period: BillingPeriod) => `${planId}:${period}`;

const noteOf = (plan: RazorpayPlan, name: string) =>
  plan.notes && !Array.isArray(plan.notes) ? (plan.notes as Record<string, string>)[name] : undefined;

/**
 * Looks up the Razorpay plans made for Sangam (by their notes, price and period) and creates the
 * missing ones; idempotent, so every start (and every instance) finds the same plans. A price
 * changed in contracts gets a new Razorpay plan; subscriptions on the old one keep their price.
 */
export async function ensureRazorpayPlans(gateway: RazorpayGateway): Promise<Map<string, string>> {
  const existing: RazorpayPlan[] = [];
  for (let skip = 0; skip < 10_000; skip += 100) {
    const page = await gateway.listPlans({ count: 100, skip });
    existing.push(...page);
    if (page.length < 100) break;
  }
  const found = new Map<string, string>();
  for (const want of wantedPlans()) {
    const match = existing.find(
      (p) =>
        noteOf(p, 'sangam_plan') === want.notes.sangam_plan &&
        noteOf(p, 'sangam_period') === want.notes.sangam_period &&
        p.period === want.period &&
        p.interval === 1 &&
        p.item.amount === want.amountPaise &&
        p.item.currency === 'INR',
    );
    const plan = match ?? (await gateway.createPlan(want));
    found.set(want.key, plan.id);
  }
  return found;
}
