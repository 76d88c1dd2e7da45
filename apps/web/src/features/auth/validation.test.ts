import { MESSAGES, passwordStrength } from '@sangam/contracts';
import { describe, expect, it } from 'vitest';
import { sanitizeEmail, sanitizeUsername } from '@/components/ui/form/fields';
import { usernameStatus, validateEmail, validateLoginPassword, validateOtp, validateStrongPassword } from './validation';

describe('form validation', () => {
  it('email: required, then format', () => {
    expect(validateEmail('  ')).toBe(MESSAGES.emailRequired);
    expect(validateEmail('nope@')).toBe(MESSAGES.emailInvalid);
    expect(validateEmail('asha.k_1@example.com')).toBeNull();
  });

  it('login password: required and at least 6 characters', () => {
    expect(validateLoginPassword('')).toBe(MESSAGES.passwordRequired);
    expect(validateLoginPassword('12345')).toBe(MESSAGES.passwordMin6);
    expect(validateLoginPassword('123456')).toBeNull();
  });

  it('signup password must meet all five rules', () => {
    expect(validateStrongPassword('Password1')).toBe(MESSAGES.passwordStrength);
    expect(validateStrongPassword('Passw0rd!')).toBeNull();
  });

  it('strength meter labels: Weak, Fair, Good, Strong', () => {
    expect(passwordStrength('abc').label).toBe('Weak');
    expect(passwordStrength('abcdefgh1').label).toBe('Fair');
    expect(passwordStrength('Abcdefgh1').label).toBe('Good');
    expect(passwordStrength('Abcdefgh1!').label).toBe('Strong');
  });

  it('OTP must be exactly 6 digits', () => {
    expect(validateOtp('12345')).toBe(MESSAGES.otpInvalid);
    expect(validateOtp('12a456')).toBe(MESSAGES.otpInvalid);
    expect(validateOtp('123456')).toBeNull();
  });

  it('username: too short, too long, then looks good', () => {
    expect(usernameStatus('ab').error).toBe(MESSAGES.usernameMin);
    expect(usernameStatus('a'.repeat(31)).error).toBe(MESSAGES.usernameMax);
    expect(usernameStatus('asha42').ok).toBe(MESSAGES.usernameOk);
  });

  it('input filters: email keeps letters, digits and @ . _ -; username lowercase letters and digits', () => {
    expect(sanitizeEmail('a b+c!@ex ample.com_-')).toBe('abc@example.com_-');
    expect(sanitizeUsername('Asha_K 42!')).toBe('ashak42');
  });
});
