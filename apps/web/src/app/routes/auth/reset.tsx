import { MESSAGES } from '@sangam/contracts';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Banner } from '@/components/ui/form/banner';
import { EmailField, PasswordField, SubmitButton, TextField } from '@/components/ui/form/fields';
import { useFlash } from '@/components/ui/form/use-flash';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { StrengthMeter } from '@/features/auth/components/strength-meter';
import { REDIRECT_DELAY_MS } from '@/features/auth/constants';
import { useRedirectIfSignedIn } from '@/features/auth/hooks/use-redirect-if-signed-in';
import { validateEmail, validateStrongPassword } from '@/features/auth/validation';
import { authApi } from '@/lib/auth/auth-api';
import { errorText } from '@/lib/auth/error-text';

/** The address comes in the route state from /forgot; opened from the mail or after a reload, the user types it. */
export function ResetRoute() {
  useRedirectIfSignedIn();
  const navigate = useNavigate();
  const sentTo = (useLocation().state as { email?: string } | null)?.email ?? '';
  const [form, setForm] = useState({ email: sentTo, code: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [isLoading, setIsLoading] = useState(false);
  const flash = useFlash();
  const set = (key: keyof typeof form) => (v: string) => setForm((f) => ({ ...f, [key]: v }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = {
      email: validateEmail(form.email),
      code: form.code ? null : MESSAGES.resetCodeRequired,
      password: validateStrongPassword(form.password),
      confirmPassword: form.password === form.confirmPassword ? null : MESSAGES.passwordsDoNotMatch,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean) || isLoading) return;
    setIsLoading(true);
    try {
      const email = form.email.trim().toLowerCase();
      const res = await authApi.reset({ email, code: form.code, password: form.password, confirm: form.confirmPassword });
      flash.setMessage(res.message || 'Password reset successfully!');
      window.setTimeout(() => navigate(paths.login), REDIRECT_DELAY_MS);
    } catch (err) {
      flash.setError(errorText(err, 'Failed to reset password'));
      setIsLoading(false);
    }
  };

  return (
    <AuthCard
      title="Reset password"
      subtitle={sentTo ? `Enter the code we sent to ${sentTo} and a new password` : 'Enter your reset code and a new password'}
    >
      <Banner kind="error" text={flash.error} onClear={flash.clearError} />
      <Banner kind="success" text={flash.message} onClear={flash.clearMessage} />
      <form onSubmit={submit} noValidate>
        <EmailField value={form.email} onChange={set('email')} error={errors.email} disabled={isLoading} />
        <TextField
          label="Reset code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={form.code}
          onChange={(v) => set('code')(v.replace(/\D/g, '').slice(0, 6))}
          error={errors.code}
          disabled={isLoading}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
          error={errors.password}
          disabled={isLoading}
        />
        <StrengthMeter password={form.password} />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
          disabled={isLoading}
        />
        <SubmitButton
          isLoading={isLoading}
          loadingLabel="Resetting password..."
          label="Reset Password"
          isDisabled={!form.email.trim() || !form.code || !form.password || !form.confirmPassword}
        />
      </form>
      <div className="mt-4 text-center text-sm">
        <button type="button" onClick={() => navigate(paths.forgot)} className="text-slate-300 hover:text-white">
          Back
        </button>
      </div>
    </AuthCard>
  );
}
