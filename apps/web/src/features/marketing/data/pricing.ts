import { msg } from '@lingui/core/macro';

/** The pricing page's slides, mode comparison and questions; each text a message (translate with `i18n._`). */
export const PRICING_SLIDES = [
  {
    id: 'simple',
    title: msg`Simple pricing`,
    body: msg`Pay in rupees, monthly or annually. Every plan includes prompt refinement, history and every tool.`,
  },
  {
    id: 'enterprise',
    title: msg`Enterprise`,
    body: msg`Teams get shared billing, higher allowances and a named contact in Bengaluru. Write to us for a quote.`,
  },
  {
    id: 'education',
    title: msg`Educational discounts`,
    body: msg`Students and teachers get 50% off any plan with a valid institutional email address.`,
  },
];

export const MODE_COMPARISON = [
  {
    id: 'answers',
    feature: msg`Answers per question`,
    sangam: msg`One fused, refined answer`,
    universe: msg`Every model’s answer plus the fused one`,
  },
  { id: 'best-for', feature: msg`Best for`, sangam: msg`Getting on with your work`, universe: msg`Comparing, checking and choosing` },
  { id: 'views', feature: msg`Views`, sangam: msg`Single answer card`, universe: msg`3D carousel and Compare All` },
  { id: 'queries', feature: msg`AI model queries per question`, sangam: msg`Handled for you`, universe: msg`Up to 5 models` },
] as const;

export const PRICING_FAQ = [
  {
    id: 'token',
    q: msg`What is a token?`,
    a: msg`A token is a small piece of text, roughly three quarters of an English word. Your plan’s monthly allowance counts the tokens of your prompts and the answers.`,
  },
  {
    id: 'annual',
    q: msg`How do annual plans save money?`,
    a: msg`Each plan card shows the exact saving in rupees: twelve months at the monthly price minus the annual price.`,
  },
  {
    id: 'refund',
    q: msg`Can I get a refund?`,
    a: msg`We offer a 30-day money-back guarantee on your first subscription. After that, charges are non-refundable except accidental charges reported within 7 days.`,
  },
  {
    id: 'students',
    q: msg`Do you offer student pricing?`,
    a: msg`Yes: 50% off any plan for students and teachers with a valid institutional email address.`,
  },
  { id: 'pay', q: msg`How do I pay?`, a: msg`Payments will go through a card payment provider in INR. We never store your card details.` },
  {
    id: 'change',
    q: msg`Can I change plans later?`,
    a: msg`Yes. Upgrades apply at once; downgrades apply from your next billing period. Price changes are announced by email 30 days ahead.`,
  },
] as const;
