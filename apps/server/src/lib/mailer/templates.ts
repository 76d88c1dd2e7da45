import { BRAND } from '@sangam/contracts';
import { escapeHtml } from '@/lib/html';

export type Mail = { to: string; subject: string; text: string; html: string };

function layout(title: string, paragraphs: string[], code?: string) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 14px;line-height:1.5">${escapeHtml(p)}</p>`).join('');
  const codeBlock = code
    ? `<p style="margin:18px 0;font-size:32px;letter-spacing:8px;font-weight:700;font-family:monospace;color:#0e7490">${escapeHtml(code)}</p>`
    : '';
  return `<!doctype html><html><body style="margin:0;background:#f1f5f9;font-family:Segoe UI,Roboto,Arial,sans-serif;color:#0f172a">
<div style="max-width:520px;margin:24px auto;background:#ffffff;border-radius:14px;overflow:hidden;border:1px solid #e2e8f0">
<div style="background:#05060f;color:#ffffff;padding:18px 24px;font-size:20px;font-weight:700">${escapeHtml(BRAND.name)} <span style="color:#22d3ee;font-size:12px">(Beta)</span></div>
<div style="padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${codeBlock}${body}</div>
<div style="padding:14px 24px;background:#f8fafc;color:#64748b;font-size:12px">${escapeHtml(BRAND.copyright)}, ${escapeHtml(BRAND.city)}</div>
</div></body></html>`;
}

function mail(to: string, subject: string, title: string, paragraphs: string[], code?: string): Mail {
  const text = [title, '', ...(code ? [`Your code: ${code}`, ''] : []), ...paragraphs, '', `— ${BRAND.name}, ${BRAND.company}`].join('\n');
  return { to, subject, text, html: layout(title, paragraphs, code) };
}

export const verificationCodeMail = (to: string, code: string) =>
  mail(
    to,
    `Your ${BRAND.name} verification code: ${code}`,
    'Verify your email',
    [
      `Enter this 6-digit code to finish creating your ${BRAND.name} account. It expires in 10 minutes.`,
      'If you did not sign up, you can ignore this email.',
    ],
    code,
  );

export const alreadyRegisteredMail = (to: string) =>
  mail(to, `Someone tried to sign up to ${BRAND.name} with your email`, 'You already have an account', [
    'Someone, perhaps you, tried to create a new account with this email address, which already has one.',
    'If it was you, sign in instead, or use “Forgot password?” to set a new password. Otherwise you can ignore this email.',
  ]);

export const resetCodeMail = (to: string, code: string) =>
  mail(
    to,
    `Your ${BRAND.name} password reset code: ${code}`,
    'Reset your password',
    [
      'Enter this 6-digit code to choose a new password. It expires in 10 minutes.',
      'If you did not ask to reset your password, ignore this email: your password stays the same.',
    ],
    code,
  );

export const signInCodeMail = (to: string, code: string) =>
  mail(
    to,
    `Your ${BRAND.name} sign-in code: ${code}`,
    'Confirm it is you signing in',
    [
      `Someone signed in to your ${BRAND.name} account with your password from a device we do not know, while that network was sending many failed sign-ins. Enter this 6-digit code to finish signing in. It expires in 10 minutes.`,
      'If it was not you, do not share this code, and change your password with “Forgot password?”.',
    ],
    code,
  );

export const passwordChangedMail = (to: string) =>
  mail(to, `Your ${BRAND.name} password was changed`, 'Your password was changed', [
    'Your password was just reset, and every device signed in to your account has been signed out.',
    `If this was not you, reset your password again at once and contact ${BRAND.supportEmail}.`,
  ]);

export const accountDeletedMail = (to: string) =>
  mail(to, `Your ${BRAND.name} account was deleted`, 'Your account has been deleted', [
    'Your account, conversations, settings and usage history have been removed. Backups holding them expire within 30 days.',
    `Thank you for trying ${BRAND.name}. You are welcome back any time.`,
  ]);
