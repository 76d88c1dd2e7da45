/** Prompt category chips (docs/spec-rules.md §1). */
export const PROMPT_CATEGORIES = [
  'Deep Search',
  'Coding',
  'Latest News',
  'Text',
  'Data/analytics',
  'Creative',
  'Instructional',
  'Decision/advisory',
  'Multi-modal',
  'Meta/prompt engineering',
  'Complex reasoning',
] as const;

export const LANDING_FEATURES = [
  {
    title: 'Sangam mode: one fused answer',
    body: 'Several models answer your question in parallel; an aggregator reconciles them, corrects mistakes and keeps the best of each into one refined reply.',
  },
  {
    title: 'Universe mode: every answer side by side',
    body: 'See each model’s answer in a 3D carousel or Compare All view, with the fused answer first. Like, edit, copy, or continue with the model you prefer.',
  },
  {
    title: 'Sharper prompts before you ask',
    body: 'Sangam proposes up to four refined versions of your prompt, ranked, so you start from the question you meant to ask.',
  },
  {
    title: 'Tools grounded in real data',
    body: 'Scripture Q&A across eight books with checked citations, a Vedic chart computed from your birth data, recipes and Indian food nutrition from the IFCT 2017 tables, and Chanakya Niti.',
  },
  {
    title: 'Private by default',
    body: 'Your chats belong to you. We never sell your data, and deleting your account removes every conversation at once.',
  },
  {
    title: 'Made for India, open to the world',
    body: 'Priced in rupees, built in Bengaluru, and fluent in 100+ languages, from Hindi and Tamil to English and Spanish.',
  },
] as const;

export const HOW_IT_WORKS = [
  { step: '1', title: 'Ask once', body: 'Type a question, paste code, or pick a refined prompt.' },
  { step: '2', title: 'Many models think', body: 'Your question goes to several leading models at the same time.' },
  { step: '3', title: 'One confluence', body: 'Sangam fuses their answers, or shows them all for you to compare.' },
] as const;
