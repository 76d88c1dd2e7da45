import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation, useNavigate } from 'react-router';
import { FlashBanners } from '@/components/ui/form/banner';
import { FormEmailField, FormPasswordField, FormTextField, SubmitButton } from '@/components/ui/form/fields';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { StrengthMeter } from '@/features/auth/components/strength-meter';
import { useAuthSubmit } from '@/features/auth/hooks/use-auth-submit';
import { useRedirectIfSignedIn } from '@/features/auth/hooks/use-redirect-if-signed-in';
import { resetFormSchema } from '@/features/auth/validation';
import { authApi } from '@/lib/auth/auth-api';

/** The address comes in the route state from /forgot; opened from the mail or after a reload, the user types it. */
export function ResetRoute() {
  useRedirectIfSignedIn();
  const navigate = useNavigate();
  const { t } = useLingui();
  const sentTo = (useLocation().state as { email?: string } | null)?.email ?? '';
  // Every field is checked on submit only; the messages stay until the next submit.
  const { control, handleSubmit, watch } = useZodForm(resetFormSchema, {
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { email: sentTo, code: '', password: '', confirmPassword: '' },
  });
  const { isLoading, flash, run } = useAuthSubmit();
  const form = watch();

  const submit = handleSubmit(async (values) => {
    const email = values.email.trim().toLowerCase();
    await run(() => authApi.reset({ email, code: values.code, password: values.password, confirm: values.confirmPassword }), {
      success: t`Password reset successfully!`,
      failure: t`Failed to reset password`,
      next: () => navigate(paths.login),
    });
  });

  return (
    <AuthCard
      title={t`Reset password`}
      subtitle={sentTo ? t`Enter the code we sent to ${sentTo} and a new password` : t`Enter your reset code and a new password`}
    >
      <FlashBanners flash={flash} />
      <form onSubmit={submit} noValidate>
        <FormEmailField control={control} name="email" disabled={isLoading} />
        <FormTextField
          control={control}
          name="code"
          label={t`Reset code`}
          inputMode="numeric"
          autoComplete="one-time-code"
          transform={(v) => v.replace(/\D/g, '').slice(0, 6)}
          disabled={isLoading}
        />
        <FormPasswordField control={control} name="password" label={t`New password`} autoComplete="new-password" disabled={isLoading} />
        <StrengthMeter password={form.password} />
        <FormPasswordField
          control={control}
          name="confirmPassword"
          label={t`Confirm password`}
          autoComplete="new-password"
          disabled={isLoading}
        />
        <SubmitButton
          isLoading={isLoading}
          loadingLabel={t`Resetting password...`}
          label={t`Reset Password`}
          isDisabled={!form.email.trim() || !form.code || !form.password || !form.confirmPassword}
        />
      </form>
      <div className="mt-4 text-center text-sm">
        <button type="button" onClick={() => navigate(paths.forgot)} className="text-slate-300 hover:text-white">
          <Trans>Back</Trans>
        </button>
      </div>
    </AuthCard>
  );
}
