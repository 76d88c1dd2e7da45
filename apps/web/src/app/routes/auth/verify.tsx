import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { FlashBanners } from '@/components/ui/form/banner';
import { SubmitButton } from '@/components/ui/form/fields';
import { useFlash } from '@/components/ui/form/use-flash';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { paths } from '@/config/paths';
import { AuthCard, AuthFooterLink } from '@/features/auth/components/auth-card';
import { SixDigitCodeField } from '@/features/auth/components/login-code-field';
import { REDIRECT_DELAY_MS, SIGNUP_FORM_KEY } from '@/features/auth/constants';
import { useRedirectIfSignedIn } from '@/features/auth/hooks/use-redirect-if-signed-in';
import { verifyFormSchema } from '@/features/auth/validation';
import { authApi } from '@/lib/auth/auth-api';
import { errorText } from '@/lib/auth/error-text';
import { codeMessage, successMessage } from '@/lib/i18n/error-messages';
import { formMessage } from '@/lib/i18n/form-messages';

export function VerifyRoute() {
  useRedirectIfSignedIn();
  const navigate = useNavigate();
  const { t, i18n } = useLingui();
  const state = useLocation().state as { email?: string; notVerified?: boolean } | null;
  const email = state?.email ?? sessionStorage.getItem(SIGNUP_FORM_KEY) ?? '';
  const { control, handleSubmit, watch, formState } = useZodForm(verifyFormSchema, { mode: 'onChange', defaultValues: { code: '' } });
  const [isLoading, setIsLoading] = useState(false);
  const [isResending, setIsResending] = useState(false);
  const flash = useFlash();
  const code = watch('code');
  // A partly typed code reads the rule as it is typed; an empty field reads nothing.
  const codeMessageText = formState.errors.code?.message;
  const codeError = code.length > 0 && code.length < 6 && codeMessageText ? formMessage(i18n, codeMessageText) : null;

  const submit = handleSubmit(
    async ({ code }) => {
      setIsLoading(true);
      try {
        const res = await authApi.verifyOtp({ email, code });
        flash.setMessage(successMessage(res.message, t`Email verified successfully!`));
        window.setTimeout(() => navigate(paths.login), REDIRECT_DELAY_MS);
      } catch (err) {
        flash.setError(errorText(err, codeMessage('OTP_INVALID') ?? ''));
        setIsLoading(false);
      }
    },
    (errors) => flash.setError(errors.code?.message ? formMessage(i18n, errors.code.message) : null),
  );

  const resend = async () => {
    setIsResending(true);
    try {
      const res = await authApi.resendOtp(email);
      flash.setMessage(successMessage(res.message, t`A new verification code has been sent to your email.`));
    } catch (err) {
      flash.setError(errorText(err, t`Failed to resend OTP`));
    }
    setIsResending(false);
  };

  return (
    <AuthCard
      title={t`Verify your email`}
      subtitle={email ? t`Enter the 6-digit code we sent to ${email}` : t`Enter the 6-digit code we emailed you`}
      footer={<AuthFooterLink to={paths.signup} label={t`Back to signup`} />}
    >
      {state?.notVerified && !flash.message && (
        <p className="mb-4 rounded-lg bg-amber-400/10 p-3 text-sm text-amber-100">
          <Trans>Your email is not verified yet. Enter your code, or ask for a new one.</Trans>
        </p>
      )}
      <FlashBanners flash={flash} />
      <form onSubmit={submit} noValidate>
        <SixDigitCodeField control={control} label={t`Verification code`} error={codeError} disabled={isLoading} />
        <SubmitButton
          isLoading={isLoading}
          loadingLabel={t`Verifying...`}
          label={t`Verify Email`}
          isDisabled={code.length !== 6 || !email}
        />
      </form>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
        <button type="button" onClick={() => navigate(paths.signup)} className="text-slate-300 hover:text-white">
          <Trans>Go back</Trans>
        </button>
        <button
          type="button"
          onClick={resend}
          disabled={isResending || !email}
          className="font-semibold text-neon-cyan hover:underline disabled:opacity-50"
        >
          {isResending ? <Trans>Sending...</Trans> : <Trans>Resend code</Trans>}
        </button>
      </div>
    </AuthCard>
  );
}
