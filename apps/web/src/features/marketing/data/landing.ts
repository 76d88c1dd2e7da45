import { msg } from '@lingui/core/macro';

/** Prompt category chips (docs/spec-rules.md §1); each a message (translate with `i18n._`). */
export const PROMPT_CATEGORIES = [
  msg`Deep Search`,
  msg`Coding`,
  msg`Latest News`,
  msg`Text`,
  msg`Data/analytics`,
  msg`Creative`,
  msg`Instructional`,
  msg`Decision/advisory`,
  msg`Multi-modal`,
  msg`Meta/prompt engineering`,
  msg`Complex reasoning`,
] as const;

export const LANDING_FEATURES = [
  {
    title: msg`Sangam mode: one fused answer`,
    body: msg`Several models answer your question in parallel; an aggregator reconciles them, corrects mistakes and keeps the best of each into one refined reply.`,
  },
  {
    title: msg`Universe mode: every answer side by side`,
    body: msg`See each model’s answer in a 3D carousel or Compare All view, with the fused answer first. Like, edit, copy, or continue with the model you prefer.`,
  },
  {
    title: msg`Sharper prompts before you ask`,
    body: msg`Sangam proposes up to four refined versions of your prompt, ranked, so you start from the question you meant to ask.`,
  },
  {
    title: msg`Tools grounded in real data`,
    body: msg`Scripture Q&A across eight books with checked citations, a Vedic chart computed from your birth data, recipes and Indian food nutrition from the IFCT 2017 tables, and Chanakya Niti.`,
  },
  {
    title: msg`Private by default`,
    body: msg`Your chats belong to you. We never sell your data, and deleting your account removes every conversation at once.`,
  },
  {
    title: msg`Made for India, open to the world`,
    body: msg`Priced in rupees, built in Bengaluru, and fluent in 100+ languages, from Hindi and Tamil to English and Spanish.`,
  },
] as const;

export const HOW_IT_WORKS = [
  { step: '1', title: msg`Ask once`, body: msg`Type a question, paste code, or pick a refined prompt.` },
  { step: '2', title: msg`Many models think`, body: msg`Your question goes to several leading models at the same time.` },
  { step: '3', title: msg`One confluence`, body: msg`Sangam fuses their answers, or shows them all for you to compare.` },
] as const;
