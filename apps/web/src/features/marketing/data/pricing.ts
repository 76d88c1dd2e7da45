export const PRICING_SLIDES = [
  {
    id: 'simple',
    title: 'Simple pricing',
    body: 'Pay in rupees, monthly or annually. Every plan includes prompt refinement, history and every tool.',
  },
  {
    id: 'enterprise',
    title: 'Enterprise',
    body: 'Teams get shared billing, higher allowances and a named contact in Bengaluru. Write to us for a quote.',
  },
  {
    id: 'education',
    title: 'Educational discounts',
    body: 'Students and teachers get 50% off any plan with a valid institutional email address.',
  },
];

export const MODE_COMPARISON = [
  { feature: 'Answers per question', sangam: 'One fused, refined answer', universe: 'Every model’s answer plus the fused one' },
  { feature: 'Best for', sangam: 'Getting on with your work', universe: 'Comparing, checking and choosing' },
  { feature: 'Views', sangam: 'Single answer card', universe: '3D carousel and Compare All' },
  { feature: 'AI model queries per question', sangam: 'Handled for you', universe: 'Up to 5 models' },
] as const;

export const PRICING_FAQ = [
  {
    q: 'What is a token?',
    a: 'A token is a small piece of text, roughly three quarters of an English word. Your plan’s monthly allowance counts the tokens of your prompts and the answers.',
  },
  {
    q: 'How do annual plans save money?',
    a: 'Each plan card shows the exact saving in rupees: twelve months at the monthly price minus the annual price.',
  },
  {
    q: 'Can I get a refund?',
    a: 'We offer a 30-day money-back guarantee on your first subscription. After that, charges are non-refundable except accidental charges reported within 7 days.',
  },
  { q: 'Do you offer student pricing?', a: 'Yes: 50% off any plan for students and teachers with a valid institutional email address.' },
  { q: 'How do I pay?', a: 'Payments will go through a card payment provider in INR. We never store your card details.' },
  {
    q: 'Can I change plans later?',
    a: 'Yes. Upgrades apply at once; downgrades apply from your next billing period. Price changes are announced by email 30 days ahead.',
  },
] as const;
