import { Trans, useLingui } from '@lingui/react/macro';
import { MESSAGES } from '@sangam/contracts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Banner } from '@/components/ui/form/banner';
import { FormEmailField, FormPasswordField, FormTextField, SubmitButton, sanitizeUsername } from '@/components/ui/form/fields';
import { useFlash } from '@/components/ui/form/use-flash';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { StrengthMeter } from '@/features/auth/components/strength-meter';
import { REDIRECT_DELAY_MS, SIGNUP_FORM_KEY } from '@/features/auth/constants';
import { useRedirectIfSignedIn } from '@/features/auth/hooks/use-redirect-if-signed-in';
import { signupFormSchema, usernameStatus } from '@/features/auth/validation';
import { authApi } from '@/lib/auth/auth-api';
import { errorText } from '@/lib/auth/error-text';

type Field = 'name' | 'username' | 'email' | 'password';

export function SignupRoute() {
  useRedirectIfSignedIn();
  const navigate = useNavigate();
  const { control, handleSubmit, watch, formState } = useZodForm(signupFormSchema, {
    mode: 'all',
    defaultValues: { name: '', username: '', email: '', password: '' },
  });
  const [isLoading, setIsLoading] = useState(false);
  const flash = useFlash();
  const { t } = useLingui();
  const form = watch();
  const username = usernameStatus(form.username);
  // Errors show once a field is touched (left) or the form was submitted, and follow every change:
  // after a failed submit an invalid field reads 'Enter valid details' until it is fixed.
  const errorOf = (key: Field) => {
    const problem = formState.errors[key]?.message ?? null;
    return !problem ? null : formState.isSubmitted ? MESSAGES.enterValidDetails : formState.touchedFields[key] ? problem : null;
  };

  const submit = handleSubmit(async (values) => {
    if (isLoading) return;
    setIsLoading(true);
    try {
      const email = values.email.trim().toLowerCase();
      const res = await authApi.signup({ name: values.name.trim(), username: values.username, email, password: values.password });
      flash.setMessage(res.message || t`Account created! Check your email for verification.`);
      sessionStorage.setItem(SIGNUP_FORM_KEY, email);
      window.setTimeout(() => navigate(paths.signupVerify, { state: { email } }), REDIRECT_DELAY_MS);
    } catch (err) {
      flash.setError(errorText(err, t`Signup failed`));
      setIsLoading(false);
    }
  });

  return (
    <AuthCard
      title={t`Create your account`}
      subtitle={t`Join Sangam: many AI models, one answer`}
      footer={
        <Trans>
          Already have an account?{' '}
          <Link to={paths.login} className="font-semibold text-neon-cyan hover:underline">
            Sign in
          </Link>
        </Trans>
      }
    >
      <Banner kind="error" text={flash.error} onClear={flash.clearError} />
      <Banner kind="success" text={flash.message} onClear={flash.clearMessage} />
      <form onSubmit={submit} noValidate>
        <FormTextField
          control={control}
          name="name"
          label={t`Full name`}
          autoComplete="name"
          error={errorOf('name')}
          disabled={isLoading}
        />
        <FormTextField
          control={control}
          name="username"
          label={t`Username`}
          autoComplete="username"
          transform={sanitizeUsername}
          error={errorOf('username') ?? username.error}
          hint={username.ok ?? MESSAGES.usernameHint}
          hintTone={username.ok ? 'ok' : 'muted'}
          disabled={isLoading}
        />
        <FormEmailField control={control} name="email" error={errorOf('email')} disabled={isLoading} />
        <FormPasswordField
          control={control}
          name="password"
          label={t`Password`}
          autoComplete="new-password"
          error={errorOf('password')}
          disabled={isLoading}
        />
        <StrengthMeter password={form.password} />
        <SubmitButton isLoading={isLoading} loadingLabel={t`Creating account...`} label={t`Create Account`} />
      </form>
    </AuthCard>
  );
}
