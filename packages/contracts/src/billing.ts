import { z } from 'zod';
import { PLANS } from './plans';

/** How often a subscription renews: every month or every year. */
export const billingPeriodSchema = z.enum(['monthly', 'annual'], { error: 'Period must be monthly or annual' });
export type BillingPeriod = z.infer<typeof billingPeriodSchema>;

const paidPlanIds = PLANS.map((p) => p.id) as [string, ...string[]];
/** A plan of the pricing page that can be bought. */
export const paidPlanIdSchema = z.enum(paidPlanIds, { error: 'Choose a plan of the pricing page' });

/** POST /api/v1/billing/subscriptions and POST /api/v1/billing/change. */
export const choosePlanSchema = z.object({ planId: paidPlanIdSchema, period: billingPeriodSchema });
export type ChoosePlan = z.infer<typeof choosePlanSchema>;

/** The hosted Razorpay page the browser goes to, to authorise UPI autopay or a card. */
export const checkoutSchema = z.object({ subscriptionId: z.string(), shortUrl: z.url() });
export type Checkout = z.infer<typeof checkoutSchema>;

/** Razorpay's subscription states (https://razorpay.com/docs/payments/subscriptions/states/). */
export const subscriptionStatusSchema = z.enum([
  'created',
  'authenticated',
  'active',
  'pending',
  'halted',
  'cancelled',
  'completed',
  'expired',
  'paused',
]);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const paymentSchema = z.object({
  id: z.string(),
  /** In rupees (Razorpay counts paise; 39900 paise is 399). */
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  planName: z.string(),
  period: billingPeriodSchema,
  paidAt: z.string(),
  receiptUrl: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** GET /api/v1/billing: what the billing page under /profile shows. */
export const billingSummarySchema = z.object({
  isEnabled: z.boolean(),
  plan: z.object({ id: z.string(), name: z.string(), tokens: z.number() }),
  period: billingPeriodSchema.nullable(),
  status: subscriptionStatusSchema.nullable(),
  /** When the next charge is due (ISO date-time), or null without a renewing subscription. */
  nextRenewal: z.string().nullable(),
  /** The end of the paid period; with `isCancelling` the plan ends there. */
  periodEnd: z.string().nullable(),
  isCancelling: z.boolean(),
  /** A subscription made in the last hour is not confirmed by Razorpay yet (the page polls meanwhile). */
  isAwaitingConfirmation: z.boolean(),
  /** A plan chosen to start at the next period. */
  scheduledChange: z
    .object({
      planId: z.string(),
      planName: z.string(),
      period: billingPeriodSchema,
      startsAt: z.string().nullable(),
      shortUrl: z.string().nullable(),
    })
    .nullable(),
  payments: z.array(paymentSchema),
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;

/** GET /api/v1/billing/config (public): whether this server takes payments. */
export const billingConfigSchema = z.object({ isEnabled: z.boolean() });
export type BillingConfig = z.infer<typeof billingConfigSchema>;

/** GET /api/v1/billing/receipts/:paymentId */
export const receiptSchema = z.object({
  receiptNumber: z.string(),
  paymentId: z.string(),
  amount: z.number(),
  currency: z.string(),
  planName: z.string(),
  period: billingPeriodSchema,
  paidAt: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  invoiceId: z.string().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;
