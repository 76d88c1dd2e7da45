import { msg } from '@lingui/core/macro';

/** The features page's slides and cards; each text a message (translate with `i18n._`). */
export const FEATURE_SLIDES = [
  {
    id: 'comparison',
    title: msg`AI Model Comparison`,
    description: msg`Put the same question to several leading models at once and see where they agree, where they differ, and which answer fits you best.`,
    lines: [
      msg`Answers from several models in parallel`,
      msg`Fused best answer shown first`,
      msg`3D carousel and Compare All views`,
      msg`Continue the chat with the model you prefer`,
    ],
  },
  {
    id: 'prompt-engine',
    title: msg`Prompt Enhancement Engine`,
    description: msg`Before you spend a single query, Sangam rewrites your prompt into up to four sharper, ranked versions you can use with one tap.`,
    lines: [
      msg`Up to four refined prompts, ranked`,
      msg`Clearer intent, better context`,
      msg`Keep your own prompt any time`,
      msg`Learns the shape of good questions`,
    ],
  },
  {
    id: 'multimedia',
    title: msg`Multimedia AI Suite`,
    description: msg`Beyond chat: photograph a dish for its recipe or its nutrition, ask scripture questions with checked citations, or read your Vedic chart.`,
    lines: [
      msg`Recipes from a food photo or text`,
      msg`Calories from the Indian Food Composition Tables`,
      msg`Scripture Q&A across eight books`,
      msg`Vedic astrology and Chanakya Niti`,
    ],
  },
] as const;

export const FEATURE_CARDS = [
  {
    id: 'analytics',
    title: msg`Smart Analytics`,
    body: msg`Track your monthly usage against your plan and see which models serve you best.`,
  },
  {
    id: 'security',
    title: msg`Enterprise Security`,
    body: msg`Argon2id passwords, short-lived tokens, strict content security policy and deletion that really deletes.`,
  },
  {
    id: 'workflows',
    title: msg`Custom Workflows`,
    body: msg`Pick Sangam or Universe mode per chat, reuse refined prompts and keep every conversation in your history.`,
  },
  {
    id: 'fast',
    title: msg`Lightning Fast`,
    body: msg`Answers stream in as the models write them, with about 190ms average response to start.`,
  },
] as const;
