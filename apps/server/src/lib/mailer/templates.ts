import { BRAND, DEFAULT_LOCALE, type LocaleCode } from '@sangam/contracts';
import { escapeHtml } from '@/lib/html';
import { ACCOUNT_DELETED } from '@/lib/mailer/mails/account-deleted';
import { ALREADY_REGISTERED } from '@/lib/mailer/mails/already-registered';
import { CODE_LINE, fill, type MailTexts, wordsOf } from '@/lib/mailer/mails/mail-texts';
import { PASSWORD_CHANGED } from '@/lib/mailer/mails/password-changed';
import { RESET_CODE } from '@/lib/mailer/mails/reset-code';
import { SIGN_IN_CODE } from '@/lib/mailer/mails/sign-in-code';
import { SIGNUP_USERNAME_NOTE, VERIFICATION_CODE } from '@/lib/mailer/mails/verification-code';

export type Mail = { to: string; subject: string; text: string; html: string };

/** The `<html>` tag: English mails keep the bare tag; another language names itself for screen readers and fonts. */
const htmlTag = (locale: LocaleCode) => (locale === DEFAULT_LOCALE ? '<html>' : `<html lang="${locale}">`);

function layout(locale: LocaleCode, title: string, paragraphs: string[], code?: string, note?: string) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 14px;line-height:1.5">${escapeHtml(p)}</p>`).join('');
  const codeBlock = code
    ? `<p style="margin:18px 0;font-size:32px;letter-spacing:8px;font-weight:700;font-family:monospace;color:#0e7490">${escapeHtml(code)}</p>`
    : '';
  const noteBlock = note ? `<p style="margin:0 24px 18px;line-height:1.5">${escapeHtml(note)}</p>` : '';
  return `<!doctype html>${htmlTag(locale)}<body style="margin:0;background:#f1f5f9;font-family:Segoe UI,Roboto,Arial,sans-serif;color:#0f172a">
<div style="max-width:520px;margin:24px auto;background:#ffffff;border-radius:14px;overflow:hidden;border:1px solid #e2e8f0">
<div style="background:#05060f;color:#ffffff;padding:18px 24px;font-size:20px;font-weight:700">${escapeHtml(BRAND.name)} <span style="color:#22d3ee;font-size:12px">(Beta)</span></div>
<div style="padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${codeBlock}${body}</div>
${noteBlock}<div style="padding:14px 24px;background:#f8fafc;color:#64748b;font-size:12px">${escapeHtml(BRAND.copyright)}, ${escapeHtml(BRAND.city)}</div>
</div></body></html>`;
}

/**
 * One mail in `locale`: the subject, the text part (heading, code, optional note, paragraphs, sign-off)
 * and the HTML part. Non-ASCII subjects are encoded for the header (RFC 2047) by nodemailer.
 */
function mail(to: string, texts: MailTexts, locale: LocaleCode, values: { code?: string; note?: string } = {}): Mail {
  const { code, note } = values;
  const words = wordsOf(texts, locale, code ? { code } : {});
  const codeLine = code ? [fill(CODE_LINE[locale] ?? CODE_LINE.en, { code }), ''] : [];
  const text = [
    words.title,
    '',
    ...(note ? [note, ''] : []),
    ...codeLine,
    ...words.paragraphs,
    '',
    `— ${BRAND.name}, ${BRAND.company}`,
  ].join('\n');
  return { to, subject: words.subject, text, html: layout(locale, words.title, words.paragraphs, code, note) };
}

export const verificationCodeMail = (to: string, code: string, locale: LocaleCode = DEFAULT_LOCALE) =>
  mail(to, VERIFICATION_CODE, locale, { code });

/** The verification mail, saying which username the code activates (several sign-ups may be pending). */
export const signupCodeMail = (to: string, code: string, username: string, locale: LocaleCode = DEFAULT_LOCALE) =>
  mail(to, VERIFICATION_CODE, locale, { code, note: fill(SIGNUP_USERNAME_NOTE[locale] ?? SIGNUP_USERNAME_NOTE.en, { username }) });

export const alreadyRegisteredMail = (to: string, locale: LocaleCode = DEFAULT_LOCALE) => mail(to, ALREADY_REGISTERED, locale);

export const resetCodeMail = (to: string, code: string, locale: LocaleCode = DEFAULT_LOCALE) => mail(to, RESET_CODE, locale, { code });

export const signInCodeMail = (to: string, code: string, locale: LocaleCode = DEFAULT_LOCALE) => mail(to, SIGN_IN_CODE, locale, { code });

export const passwordChangedMail = (to: string, locale: LocaleCode = DEFAULT_LOCALE) => mail(to, PASSWORD_CHANGED, locale);

export const accountDeletedMail = (to: string, locale: LocaleCode = DEFAULT_LOCALE) => mail(to, ACCOUNT_DELETED, locale);
