import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from 'react-router';
import { FlashBanners } from '@/components/ui/form/banner';
import { FormEmailField, SubmitButton } from '@/components/ui/form/fields';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { paths } from '@/config/paths';
import { AuthCard, AuthFooterLink } from '@/features/auth/components/auth-card';
import { useAuthSubmit } from '@/features/auth/hooks/use-auth-submit';
import { useRedirectIfSignedIn } from '@/features/auth/hooks/use-redirect-if-signed-in';
import { forgotFormSchema } from '@/features/auth/validation';
import { authApi } from '@/lib/auth/auth-api';

export function ForgotRoute() {
  useRedirectIfSignedIn();
  const navigate = useNavigate();
  const { t } = useLingui();
  const { control, handleSubmit, watch } = useZodForm(forgotFormSchema, { mode: 'onTouched', defaultValues: { email: '' } });
  const { isLoading, flash, run } = useAuthSubmit();
  const email = watch('email');

  const submit = handleSubmit(async ({ email }) => {
    const address = email.trim().toLowerCase();
    await run(() => authApi.forgot(address), {
      success: t`Reset code sent to your email`,
      failure: t`Failed to send reset code`,
      next: () => navigate(paths.reset, { state: { email: address } }),
    });
  });

  return (
    <AuthCard
      title={t`Forgot password`}
      subtitle={t`We will email you a 6-digit code to reset it`}
      footer={<AuthFooterLink prompt={t`Remembered it?`} to={paths.login} label={t`Sign in`} />}
    >
      <FlashBanners flash={flash} />
      <form onSubmit={submit} noValidate>
        <FormEmailField control={control} name="email" disabled={isLoading} />
        <SubmitButton isLoading={isLoading} loadingLabel={t`Sending reset code...`} label={t`Send Reset Code`} isDisabled={!email.trim()} />
      </form>
      <div className="mt-4 text-center text-sm">
        <Link to={paths.login} className="text-slate-300 hover:text-white">
          <Trans>Back to login</Trans>
        </Link>
      </div>
    </AuthCard>
  );
}
