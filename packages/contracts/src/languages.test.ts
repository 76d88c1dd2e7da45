import { describe, expect, it } from 'vitest';
import { answerLanguageFor, answerLanguageInstruction, detectQuestionLanguage, LOCALES, pickLocale } from './languages';

describe('the first visit picks the first browser language we ship', () => {
  it('matches on the primary subtag, in the browser order', () => {
    expect(pickLocale(['fr-FR', 'ta-IN', 'hi-IN'])).toBe('ta');
    expect(pickLocale(['pa-Guru-IN'])).toBe('pa');
    expect(pickLocale(['HI_in'])).toBe('hi');
  });
  it('falls back to English when none is shipped or the list is empty', () => {
    expect(pickLocale(['fr', 'de-DE'])).toBe('en');
    expect(pickLocale([])).toBe('en');
  });
  it('lists eleven languages, each named in its own script', () => {
    expect(LOCALES.map((l) => l.code)).toEqual(['en', 'hi', 'bn', 'mr', 'te', 'ta', 'gu', 'kn', 'ml', 'or', 'pa']);
    expect(LOCALES.find((l) => l.code === 'ta')?.nativeName).toBe('தமிழ்');
  });
});

describe('"same as my question" detects the question language', () => {
  it.each([
    ['मुझे पनीर की रेसिपी बताइए', 'hi'],
    ['मला पनीरची पाककृती सांगा, काय करायचे आहे?', 'mr'],
    ['எனக்கு ஒரு சமையல் குறிப்பு சொல்லுங்கள்', 'ta'],
    ['আমাকে একটি রেসিপি বলুন', 'bn'],
    ['నాకు ఒక వంటకం చెప్పండి', 'te'],
    ['મને એક રેસીપી કહો', 'gu'],
    ['ನನಗೆ ಒಂದು ಪಾಕವಿಧಾನ ಹೇಳಿ', 'kn'],
    ['എനിക്ക് ഒരു പാചകക്കുറിപ്പ് പറയൂ', 'ml'],
    ['ମୋତେ ଏକ ରେସିପି କୁହ', 'or'],
    ['ਮੈਨੂੰ ਇੱਕ ਰੈਸਿਪੀ ਦੱਸੋ', 'pa'],
    ['mujhe paneer ki recipe batao, kya banana hai?', 'hi-Latn'],
    ['What is the capital of India?', 'en'],
    ['Explain the kya and hai of JavaScript closures in detail with examples please', 'en'],
    ['🙏🙏', 'en'],
  ])('%s → %s', (question, language) => {
    expect(detectQuestionLanguage(question)).toBe(language);
  });
  it('counts letters, so a Tamil question quoting an English term is Tamil', () => {
    expect(detectQuestionLanguage('React hooks என்றால் என்ன? விளக்கவும்')).toBe('ta');
  });
  it('a fixed choice wins over the question', () => {
    expect(answerLanguageFor({ setting: 'ta', question: 'What is dharma?' })).toBe('ta');
    expect(answerLanguageFor({ setting: 'same', question: 'धर्म क्या है?' })).toBe('hi');
  });
});

describe('the answer-language instruction', () => {
  it('names the language in English and in its script', () => {
    expect(answerLanguageInstruction('ta')).toContain('Tamil (தமிழ், Tamil script)');
    expect(answerLanguageInstruction('hi-Latn')).toContain('Latin letters');
    expect(answerLanguageInstruction('en')).toBe('Write your answer in English.');
  });
});
