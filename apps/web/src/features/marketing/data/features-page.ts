export const FEATURE_SLIDES = [
  {
    id: 'comparison',
    title: 'AI Model Comparison',
    description:
      'Put the same question to several leading models at once and see where they agree, where they differ, and which answer fits you best.',
    lines: [
      'Answers from several models in parallel',
      'Fused best answer shown first',
      '3D carousel and Compare All views',
      'Continue the chat with the model you prefer',
    ],
  },
  {
    id: 'prompt-engine',
    title: 'Prompt Enhancement Engine',
    description:
      'Before you spend a single query, Sangam rewrites your prompt into up to four sharper, ranked versions you can use with one tap.',
    lines: [
      'Up to four refined prompts, ranked',
      'Clearer intent, better context',
      'Keep your own prompt any time',
      'Learns the shape of good questions',
    ],
  },
  {
    id: 'multimedia',
    title: 'Multimedia AI Suite',
    description:
      'Beyond chat: photograph a dish for its recipe or its nutrition, ask scripture questions with checked citations, or read your Vedic chart.',
    lines: [
      'Recipes from a food photo or text',
      'Calories from the Indian Food Composition Tables',
      'Scripture Q&A across eight books',
      'Vedic astrology and Chanakya Niti',
    ],
  },
] as const;

export const FEATURE_CARDS = [
  { title: 'Smart Analytics', body: 'Track your monthly usage against your plan and see which models serve you best.' },
  {
    title: 'Enterprise Security',
    body: 'Argon2id passwords, short-lived tokens, strict content security policy and deletion that really deletes.',
  },
  {
    title: 'Custom Workflows',
    body: 'Pick Sangam or Universe mode per chat, reuse refined prompts and keep every conversation in your history.',
  },
  { title: 'Lightning Fast', body: 'Answers stream in as the models write them, with about 190ms average response to start.' },
] as const;
