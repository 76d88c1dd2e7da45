import { describe, expect, it } from 'vitest';
import { birthOptionsText, DEFAULT_BIRTH_OPTIONS } from '@/features/astrology/components/birth-options';

describe('birth options in the ASTR header', () => {
  it('adds nothing for the defaults, and the ayanamsa and offset override otherwise', () => {
    expect(birthOptionsText(DEFAULT_BIRTH_OPTIONS)).toBe('');
    expect(birthOptionsText({ ayanamsa: 'Raman', offset: '' })).toBe(' Raman');
    expect(birthOptionsText({ ayanamsa: 'Lahiri', offset: ' Bombay time ' })).toBe(' Bombay time');
    expect(birthOptionsText({ ayanamsa: 'KP', offset: 'UTC+05:30' })).toBe(' KP, UTC+05:30');
  });
});
