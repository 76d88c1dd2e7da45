import { describe, expect, it } from 'vitest';
import { NAME_PATTERN, signupSchema } from './accounts';

describe('display names in every script (NAME_PATTERN)', () => {
  it('accepts names written in Indian scripts, with their vowel signs and viramas, and Latin names', () => {
    for (const name of [
      'सीता राम', // Devanagari, ending with a vowel sign (a mark)
      'अर्जुन', // a conjunct through the virama
      'முருகன்', // Tamil, ending with a virama
      'সৌমিত্র চট্টোপাধ্যায়', // Bengali
      'ਗੁਰਪ੍ਰੀਤ ਕੌਰ', // Gurmukhi
      'ಅನಂತ್', // Kannada
      'Asha Rao',
      "D'Souza-Pereira",
      'J. R. D. Tata',
      'José Núñez',
      'Ravi कुमार',
    ])
      expect(NAME_PATTERN.test(name.normalize('NFC')), name).toBe(true);
  });

  it('refuses digits, emoji, invisible and direction characters, and names that do not start and end with a letter', () => {
    for (const name of ['राम1', 'Asha 🙏', 'अ\u200dर्जुन', 'Asha\u202eRao', ' Asha', 'Asha-', '-राम', 'ा', '.', "'", 'Jr.', 'राम ा'])
      expect(NAME_PATTERN.test(name), JSON.stringify(name)).toBe(false);
  });

  it('a sign-up with a name in Hindi or Tamil passes the request schema', () => {
    const base = { username: 'sita123', email: 'sita@example.com', password: 'Str0ng!pass' };
    expect(signupSchema.safeParse({ ...base, name: 'सीता राम' }).success).toBe(true);
    expect(signupSchema.safeParse({ ...base, name: 'முருகன்' }).success).toBe(true);
  });
});
