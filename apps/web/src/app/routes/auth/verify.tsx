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

export function VerifyRoute() {
  useRedirectIfSignedIn();
  const navigate = useNavigate();
  const state = useLocation().state as { email?: string; notVerified?: boolean } | null;
  const email = state?.email ?? sessionStorage.getItem(SIGNUP_FORM_KEY) ?? '';
  const { control, handleSubmit, watch, formState } = useZodForm(verifyFormSchema, { mode: 'onChange', defaultValues: { code: '' } });
  const [isLoading, setIsLoading] = useState(false);
  const [isResending, setIsResending] = useState(false);
  const flash = useFlash();
  const code = watch('code');
  // A partly typed code reads the rule as it is typed; an empty field reads nothing.
  const codeError = code.length > 0 && code.length < 6 ? (formState.errors.code?.message ?? null) : null;

  const submit = handleSubmit(
    async ({ code }) => {
      setIsLoading(true);
      try {
        const res = await authApi.verifyOtp({ email, code });
        flash.setMessage(res.message || 'Email verified successfully!');
        window.setTimeout(() => navigate(paths.login), REDIRECT_DELAY_MS);
      } catch (err) {
        flash.setError(errorText(err, 'Invalid OTP'));
        setIsLoading(false);
      }
    },
    (errors) => flash.setError(errors.code?.message ?? null),
  );

  const resend = async () => {
    setIsResending(true);
    try {
      const res = await authApi.resendOtp(email);
      flash.setMessage(res.message);
    } catch (err) {
      flash.setError(errorText(err, 'Failed to resend OTP'));
    }
    setIsResending(false);
  };

  return (
    <AuthCard
      title="Verify your email"
      subtitle={email ? `Enter the 6-digit code we sent to ${email}` : 'Enter the 6-digit code we emailed you'}
      footer={<AuthFooterLink to={paths.signup} label="Back to signup" />}
    >
      {state?.notVerified && !flash.message && (
        <p className="mb-4 rounded-lg bg-amber-400/10 p-3 text-sm text-amber-100">
          Your email is not verified yet. Enter your code, or ask for a new one.
        </p>
      )}
      <FlashBanners flash={flash} />
      <form onSubmit={submit} noValidate>
        <SixDigitCodeField control={control} label="Verification code" error={codeError} disabled={isLoading} />
        <SubmitButton isLoading={isLoading} loadingLabel="Verifying..." label="Verify Email" isDisabled={code.length !== 6 || !email} />
      </form>
      <div className="mt-4 flex items-center justify-between text-sm">
        <button type="button" onClick={() => navigate(paths.signup)} className="text-slate-300 hover:text-white">
          Go back
        </button>
        <button
          type="button"
          onClick={resend}
          disabled={isResending || !email}
          className="font-semibold text-neon-cyan hover:underline disabled:opacity-50"
        >
          {isResending ? 'Sending...' : 'Resend code'}
        </button>
      </div>
    </AuthCard>
  );
}
