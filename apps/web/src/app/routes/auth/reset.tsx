import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Banner } from '@/components/ui/form/banner';
import { FormEmailField, FormPasswordField, FormTextField, SubmitButton } from '@/components/ui/form/fields';
import { useFlash } from '@/components/ui/form/use-flash';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { StrengthMeter } from '@/features/auth/components/strength-meter';
import { REDIRECT_DELAY_MS } from '@/features/auth/constants';
import { useRedirectIfSignedIn } from '@/features/auth/hooks/use-redirect-if-signed-in';
import { resetFormSchema } from '@/features/auth/validation';
import { authApi } from '@/lib/auth/auth-api';
import { errorText } from '@/lib/auth/error-text';

/** The address comes in the route state from /forgot; opened from the mail or after a reload, the user types it. */
export function ResetRoute() {
  useRedirectIfSignedIn();
  const navigate = useNavigate();
  const sentTo = (useLocation().state as { email?: string } | null)?.email ?? '';
  // Every field is checked on submit only; the messages stay until the next submit.
  const { control, handleSubmit, watch } = useZodForm(resetFormSchema, {
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { email: sentTo, code: '', password: '', confirmPassword: '' },
  });
  const [isLoading, setIsLoading] = useState(false);
  const flash = useFlash();
  const form = watch();

  const submit = handleSubmit(async (values) => {
    if (isLoading) return;
    setIsLoading(true);
    try {
      const email = values.email.trim().toLowerCase();
      const res = await authApi.reset({ email, code: values.code, password: values.password, confirm: values.confirmPassword });
      flash.setMessage(res.message || 'Password reset successfully!');
      window.setTimeout(() => navigate(paths.login), REDIRECT_DELAY_MS);
    } catch (err) {
      flash.setError(errorText(err, 'Failed to reset password'));
      setIsLoading(false);
    }
  });

  return (
    <AuthCard
      title="Reset password"
      subtitle={sentTo ? `Enter the code we sent to ${sentTo} and a new password` : 'Enter your reset code and a new password'}
    >
      <Banner kind="error" text={flash.error} onClear={flash.clearError} />
      <Banner kind="success" text={flash.message} onClear={flash.clearMessage} />
      <form onSubmit={submit} noValidate>
        <FormEmailField control={control} name="email" disabled={isLoading} />
        <FormTextField
          control={control}
          name="code"
          label="Reset code"
          inputMode="numeric"
          autoComplete="one-time-code"
          transform={(v) => v.replace(/\D/g, '').slice(0, 6)}
          disabled={isLoading}
        />
        <FormPasswordField control={control} name="password" label="New password" autoComplete="new-password" disabled={isLoading} />
        <StrengthMeter password={form.password} />
        <FormPasswordField
          control={control}
          name="confirmPassword"
          label="Confirm password"
          autoComplete="new-password"
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
