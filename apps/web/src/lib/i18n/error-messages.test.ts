import { setupI18n } from '@lingui/core';
import { ERRORS, type ErrorCode } from '@sangam/contracts';
import { describe, expect, it } from 'vitest';
import { AppError, errorOfResponse } from '@/lib/app-error';
import { errorText } from '@/lib/auth/error-text';
import { codeMessage, errorMessage, SERVER_ERROR_MESSAGES, successMessage } from '@/lib/i18n/error-messages';
import { messages as english } from '@/locales/en.po';
import { messages as hindi } from '@/locales/hi.po';

const en = setupI18n({ locale: 'en', messages: { en: english } });
const hi = setupI18n({ locale: 'hi', messages: { hi: hindi } });
const codes = Object.keys(ERRORS) as ErrorCode[];

describe('error messages by code', () => {
  it('has a message for every code of the registry, in English equal to its detail', () => {
    expect(Object.keys(SERVER_ERROR_MESSAGES).sort()).toEqual([...codes].sort());
    for (const code of codes) expect(en._(SERVER_ERROR_MESSAGES[code])).toBe(ERRORS[code].detail);
  });

  it('shows the server detail in English, even where it is more precise than the registry', () => {
    expect(errorMessage('PLACE_NOT_FOUND', 'We could not find "Xyz". Please enter a nearby city.', en)).toBe(
      'We could not find "Xyz". Please enter a nearby city.',
    );
    expect(errorMessage('INVALID_CREDENTIALS', undefined, en)).toBe('Invalid email or password');
  });

  it('shows the code in the user language, not the English detail', () => {
    const text = errorMessage('INVALID_CREDENTIALS', 'Invalid email or password', hi);
    expect(text).toBe(codeMessage('INVALID_CREDENTIALS', hi));
    expect(text).not.toMatch(/[A-Za-z]/);
    expect(codeMessage('NETWORK', hi)).not.toMatch(/Check your connection/);
  });

  it('keeps the server detail for a code it does not know, in every language', () => {
    expect(errorMessage('SOMETHING_NEW', 'A new kind of failure.', hi)).toBe('A new kind of failure.');
    expect(errorMessage(undefined, 'Plain words.', hi)).toBe('Plain words.');
  });

  it('the success text is the server words in English, the screen message elsewhere', () => {
    expect(successMessage('Email verified successfully!', 'x', en)).toBe('Email verified successfully!');
    expect(successMessage('Email verified successfully!', 'सत्यापित', hi)).toBe('सत्यापित');
    expect(successMessage(undefined, 'Done', en)).toBe('Done');
  });

  it('AppError and the form banners read the message in English as the server sent it', () => {
    const err = errorOfResponse(401, { code: 'INVALID_CREDENTIALS', detail: 'Invalid email or password' });
    expect(err.detail).toBe('Invalid email or password');
    expect(errorText(err, 'Login failed')).toBe('Invalid email or password');
    expect(errorText(errorOfResponse(500, {}), 'Login failed')).toBe('Login failed');
    expect(errorOfResponse(400, { code: 'WHATEVER', detail: 'Custom words.' }).detail).toBe('Custom words.');
    expect(new AppError({ code: 'NETWORK' }).detail).toBe('Sangam could not be reached. Check your connection and try again.');
  });
});
