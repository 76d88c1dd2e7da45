import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Banner } from '@/components/ui/form/banner';
import { FormEmailField, FormPasswordField, SubmitButton } from '@/components/ui/form/fields';
import { useFlash } from '@/components/ui/form/use-flash';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { paths } from '@/config/paths';
import { AuthCard, AuthFooterLink } from '@/features/auth/components/auth-card';
import { LoginCodeField } from '@/features/auth/components/login-code-field';
import { useRedirectIfSignedIn } from '@/features/auth/hooks/use-redirect-if-signed-in';
import { loginFormSchema } from '@/features/auth/validation';
import { login } from '@/lib/auth/auth-slice';
import { useAppDispatch } from '@/lib/store';

export function LoginRoute() {
  useRedirectIfSignedIn();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // Errors show once a field is left or the form was submitted, then follow every change.
  const { control, handleSubmit } = useZodForm(loginFormSchema, {
    mode: 'onTouched',
    defaultValues: { email: '', password: '', code: '' },
  });
  const [isLoading, setIsLoading] = useState(false);
  // Set when the server asks for the code it mailed (LOGIN_CODE_REQUIRED): its message.
  const [codeNote, setCodeNote] = useState<string | null>(null);
  const flash = useFlash();

  const submit = handleSubmit(async ({ email, password, code }) => {
    if (isLoading) return;
    setIsLoading(true);
    flash.setError(null);
    const result = await dispatch(login({ email: email.trim(), password, ...(codeNote && code ? { code } : {}) }));
    setIsLoading(false);
    if (login.rejected.match(result)) {
      if (result.payload?.code === 'EMAIL_NOT_VERIFIED') {
        navigate(paths.signupVerify, { state: { email: email.trim().toLowerCase(), notVerified: true } });
        return;
      }
      if (result.payload?.code === 'LOGIN_CODE_REQUIRED') {
        setCodeNote(result.payload.message);
        return;
      }
      flash.setError(result.payload?.message ?? 'Login failed');
    }
  });

  return (
    <AuthCard
      title="Sangam"
      subtitle="Sign in to get refined and smarter responses"
      footer={<AuthFooterLink prompt="New here?" to={paths.signup} label="Create one" />}
    >
      <Banner kind="error" text={flash.error} onClear={flash.clearError} />
      <form onSubmit={submit} noValidate>
        <FormEmailField control={control} name="email" disabled={isLoading} />
        <FormPasswordField control={control} name="password" label="Password" autoComplete="current-password" disabled={isLoading} />
        {codeNote && <LoginCodeField note={codeNote} control={control} disabled={isLoading} />}
        <div className="-mt-2 mb-4 text-right">
          <Link to={paths.forgot} className="text-sm text-neon-cyan hover:underline">
            Forgot password?
          </Link>
        </div>
        <SubmitButton isLoading={isLoading} loadingLabel="Signing in..." label="Sign In" />
      </form>
    </AuthCard>
  );
}
