import type { LegalSection } from '@/features/legal/legal-page';

export const PRIVACY_EFFECTIVE = 'September 28, 2025';

export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    title: 'Information We Collect',
    paragraphs: [
      'Account data: your name, username, email address and a hashed password (we never store the password itself). Usage data: your prompts, answers, chat history and how many tokens you use each month. Technical data: IP address and browser type for security and rate limiting.',
      'Card details are handled by our payment provider and are never stored by Sangam.',
    ],
  },
  {
    title: 'How We Use It',
    paragraphs: [
      'To run your account, answer your prompts, keep your history, count usage against your plan, send you the emails you need (verification and reset codes), and keep Sangam secure.',
    ],
  },
  {
    title: 'How We Share It',
    paragraphs: [
      'Your prompts are sent to the AI model providers that answer them, only to produce your answer. We do not sell your personal data. We share data with authorities only when Indian law requires it.',
    ],
  },
  {
    title: 'Your Choices and Rights',
    paragraphs: [
      'You can view and edit your profile, delete individual chats, and delete your account with everything in it. You can ask us for a copy of your data at support@sangam.example.',
    ],
  },
  {
    title: 'Data Retention',
    paragraphs: [
      'We keep account data until you delete your account, plus a 30-day backup period after which it is gone from our backups too. AI request logs are anonymised after 12 months.',
    ],
  },
  {
    title: 'Data Security',
    paragraphs: [
      'Passwords are hashed with Argon2id, sessions use short-lived tokens, and traffic is encrypted in transit. If a breach affects your personal data we will notify you and the authorities within 72 hours of learning of it.',
    ],
  },
  {
    title: "Children's Privacy",
    paragraphs: [
      'Sangam is not for children under 18. We do not knowingly collect data from anyone under 18; if you believe we have, contact us and we will delete it.',
    ],
  },
  {
    title: 'International Transfers',
    paragraphs: [
      'Some AI model providers process prompts outside India. When that happens we rely on contractual safeguards so your data keeps a comparable level of protection.',
    ],
  },
  {
    title: 'Policy Updates',
    paragraphs: [
      'We will email you about material changes to this policy before they take effect and show the new effective date on this page.',
    ],
  },
  {
    title: 'Contact Us',
    paragraphs: ['Sangam Labs, Bengaluru, India. Email support@sangam.example for any privacy question or request.'],
  },
];
