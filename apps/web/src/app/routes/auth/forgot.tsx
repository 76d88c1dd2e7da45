import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Banner } from '@/components/ui/form/banner';
import { FormEmailField, SubmitButton } from '@/components/ui/form/fields';
import { useFlash } from '@/components/ui/form/use-flash';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { REDIRECT_DELAY_MS } from '@/features/auth/constants';
import { useRedirectIfSignedIn } from '@/features/auth/hooks/use-redirect-if-signed-in';
import { forgotFormSchema } from '@/features/auth/validation';
import { authApi } from '@/lib/auth/auth-api';
import { errorText } from '@/lib/auth/error-text';

export function ForgotRoute() {
  useRedirectIfSignedIn();
  const navigate = useNavigate();
  const { control, handleSubmit, watch } = useZodForm(forgotFormSchema, { mode: 'onTouched', defaultValues: { email: '' } });
  const [isLoading, setIsLoading] = useState(false);
  const flash = useFlash();
  const email = watch('email');

  const submit = handleSubmit(async ({ email }) => {
    if (isLoading) return;
    setIsLoading(true);
    const address = email.trim().toLowerCase();
    try {
      const res = await authApi.forgot(address);
      flash.setMessage(res.message || 'Reset code sent to your email');
      window.setTimeout(() => navigate(paths.reset, { state: { email: address } }), REDIRECT_DELAY_MS);
    } catch (err) {
      flash.setError(errorText(err, 'Failed to send reset code'));
      setIsLoading(false);
    }
  });

  return (
    <AuthCard
      title="Forgot password"
      subtitle="We will email you a 6-digit code to reset it"
      footer={
        <>
          Remembered it?{' '}
          <Link to={paths.login} className="font-semibold text-neon-cyan hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <Banner kind="error" text={flash.error} onClear={flash.clearError} />
      <Banner kind="success" text={flash.message} onClear={flash.clearMessage} />
      <form onSubmit={submit} noValidate>
        <FormEmailField control={control} name="email" disabled={isLoading} />
        <SubmitButton isLoading={isLoading} loadingLabel="Sending reset code..." label="Send Reset Code" isDisabled={!email.trim()} />
      </form>
      <div className="mt-4 text-center text-sm">
        <Link to={paths.login} className="text-slate-300 hover:text-white">
          Back to login
        </Link>
      </div>
    </AuthCard>
  );
}
