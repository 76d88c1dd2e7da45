import { MESSAGES } from '@sangam/contracts';
import { useNavigate } from 'react-router';
import { FlashBanners } from '@/components/ui/form/banner';
import { FormEmailField, FormPasswordField, FormTextField, SubmitButton, sanitizeUsername } from '@/components/ui/form/fields';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { paths } from '@/config/paths';
import { AuthCard, AuthFooterLink } from '@/features/auth/components/auth-card';
import { StrengthMeter } from '@/features/auth/components/strength-meter';
import { SIGNUP_FORM_KEY } from '@/features/auth/constants';
import { useAuthSubmit } from '@/features/auth/hooks/use-auth-submit';
import { useRedirectIfSignedIn } from '@/features/auth/hooks/use-redirect-if-signed-in';
import { signupFormSchema, usernameStatus } from '@/features/auth/validation';
import { authApi } from '@/lib/auth/auth-api';

type Field = 'name' | 'username' | 'email' | 'password';

export function SignupRoute() {
  useRedirectIfSignedIn();
  const navigate = useNavigate();
  const { control, handleSubmit, watch, formState } = useZodForm(signupFormSchema, {
    mode: 'all',
    defaultValues: { name: '', username: '', email: '', password: '' },
  });
  const { isLoading, flash, run } = useAuthSubmit();
  const form = watch();
  const username = usernameStatus(form.username);
  // Errors show once a field is touched (left) or the form was submitted, and follow every change:
  // after a failed submit an invalid field reads 'Enter valid details' until it is fixed.
  const errorOf = (key: Field) => {
    const problem = formState.errors[key]?.message ?? null;
    return !problem ? null : formState.isSubmitted ? MESSAGES.enterValidDetails : formState.touchedFields[key] ? problem : null;
  };

  const submit = handleSubmit(async (values) => {
    const email = values.email.trim().toLowerCase();
    const signup = async () => {
      const res = await authApi.signup({ name: values.name.trim(), username: values.username, email, password: values.password });
      sessionStorage.setItem(SIGNUP_FORM_KEY, email);
      return res;
    };
    await run(signup, {
      success: 'Account created! Check your email for verification.',
      failure: 'Signup failed',
      next: () => navigate(paths.signupVerify, { state: { email } }),
    });
  });

  return (
    <AuthCard
      title="Create your account"
      subtitle="Join Sangam: many AI models, one answer"
      footer={<AuthFooterLink prompt="Already have an account?" to={paths.login} label="Sign in" />}
    >
      <FlashBanners flash={flash} />
      <form onSubmit={submit} noValidate>
        <FormTextField control={control} name="name" label="Full name" autoComplete="name" error={errorOf('name')} disabled={isLoading} />
        <FormTextField
          control={control}
          name="username"
          label="Username"
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
          label="Password"
          autoComplete="new-password"
          error={errorOf('password')}
          disabled={isLoading}
        />
        <StrengthMeter password={form.password} />
        <SubmitButton isLoading={isLoading} loadingLabel="Creating account..." label="Create Account" />
      </form>
    </AuthCard>
  );
}
