import type { LegalSection } from '@/features/legal/legal-page';

export const TERMS_EFFECTIVE = 'September 28, 2025';

export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    title: 'Eligibility',
    paragraphs: [
      'You must be at least 18 years old to create a Sangam account. Minors may use Sangam only under the supervision of a parent or legal guardian who accepts these terms for them.',
      'By using Sangam you confirm that you can form a binding contract under Indian law.',
    ],
  },
  {
    title: 'Account Registration',
    paragraphs: [
      'You sign up with your name, a username, an email address and a password, and confirm your address with a 6-digit code we email you.',
      'You are responsible for keeping your password secret and for everything done with your account. Tell us at once if you suspect someone else has used it.',
    ],
  },
  {
    title: 'User Conduct',
    paragraphs: [
      'Do not use Sangam to break the law, to harass or harm anyone, to create malware, to infringe anyone’s rights, or to attempt to get around our limits and security.',
      'Do not present AI answers as professional medical, legal or financial advice. Sangam aims for accuracy but isn’t perfect, so double-check important information.',
    ],
  },
  {
    title: 'Content Ownership',
    paragraphs: [
      'You own the prompts you write and, as far as the law allows, the answers Sangam produces for you. You give us the limited licence we need to process them and show them back to you.',
      'The Sangam name, logo, software and website design belong to Sangam Labs.',
    ],
  },
  {
    title: 'Payments',
    paragraphs: [
      'Paid plans are priced and charged in Indian rupees (INR) through a card payment provider. Subscriptions renew automatically at the end of each monthly or annual period until you cancel.',
      'Payments are non-refundable, except accidental charges that you report to us within 7 days of the charge. We will give you 30 days’ notice by email before any price change.',
    ],
  },
  {
    title: 'Advertising',
    paragraphs: [
      'Sangam does not place advertising inside your answers. We may show information about our own plans and features on our website and in the app.',
    ],
  },
  {
    title: 'Termination',
    paragraphs: [
      'You can delete your account at any time from the Delete Account page. We may suspend or close accounts that break these terms, with notice where the law requires it.',
    ],
  },
  {
    title: 'Disclaimers',
    paragraphs: [
      'Sangam is provided “as is”. AI models can be wrong, incomplete or out of date, and tools such as astrology, scripture and nutrition analysis are for information and education only.',
    ],
  },
  {
    title: 'Limitation of Liability',
    paragraphs: [
      'To the extent the law allows, our total liability to you for any claim is limited to the greater of the amount you paid us in the 12 months before the claim or INR 1,000.',
    ],
  },
  {
    title: 'Indemnification',
    paragraphs: ['You agree to compensate Sangam Labs for losses caused by your breach of these terms or your misuse of the service.'],
  },
  {
    title: 'Governing Law',
    paragraphs: [
      'These terms are governed by the laws of India. The courts in Bengaluru, Karnataka have exclusive jurisdiction over any dispute.',
    ],
  },
  {
    title: 'Updates',
    paragraphs: [
      'We may update these terms. We will email you about material changes at least 30 days before they take effect; continuing to use Sangam after that means you accept them.',
    ],
  },
  {
    title: 'Miscellaneous',
    paragraphs: [
      'If any part of these terms is found unenforceable, the rest stays in force. Our not enforcing a right is not a waiver of it. These terms are the whole agreement between you and us about Sangam.',
    ],
  },
  {
    title: 'Contact Us',
    paragraphs: ['Sangam Labs, Bengaluru, India. Email support@sangam.example with any question about these terms.'],
  },
];
