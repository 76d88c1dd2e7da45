/** Every brand string in one place, so an operator can rebrand without touching screens. */
export const BRAND = {
  name: 'Sangam',
  modeValue: 'sangam',
  headerLabel: 'Sangam (Beta)',
  company: 'Sangam Labs',
  city: 'Bengaluru, India',
  copyright: '© 2025 Sangam Labs',
  supportEmail: 'support@sangam.example',
  tagline: 'Many models. One answer.',
  /** The rotating landing headline: the product name in Indian scripts. */
  scripts: ['संगम', 'সঙ্গম', 'சங்கமம்', 'సంగమం', 'ಸಂಗಮ', 'സംഗമം', 'સંગમ', 'ਸੰਗਮ', 'ସଙ୍ଗମ', 'Sangam'],
  claims: { avgResponse: '190ms', privacy: 'Private by default', languages: '100+ languages' },
} as const;

export const CHAT_MODES = ['sangam', 'universe'] as const;
export type ChatMode = (typeof CHAT_MODES)[number];
