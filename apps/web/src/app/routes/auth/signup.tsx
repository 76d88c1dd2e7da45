import { MESSAGES } from '@sangam/contracts';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Banner } from '@/components/ui/form/banner';
import { EmailField, PasswordField, SubmitButton, sanitizeUsername, TextField } from '@/components/ui/form/fields';
import { useFlash } from '@/components/ui/form/use-flash';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { StrengthMeter } from '@/features/auth/components/strength-meter';
import { REDIRECT_DELAY_MS, SIGNUP_FORM_KEY } from '@/features/auth/constants';
import { useRedirectIfSignedIn } from '@/features/auth/hooks/use-redirect-if-signed-in';
import { usernameStatus, validateEmail, validateName, validateStrongPassword } from '@/features/auth/validation';
import { authApi } from '@/lib/auth/auth-api';
import { errorText } from '@/lib/auth/error-text';

type Field = 'name' | 'username' | 'email' | 'password';

export function SignupRoute() {
  useRedirectIfSignedIn();
  const navigate = useNavigate();
  const [form, setForm] = useState({ name: '', username: '', email: '', password: '' });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [isLoading, setIsLoading] = useState(false);
  const flash = useFlash();
  const username = usernameStatus(form.username);
  const set = (key: Field) => (v: string) => setForm((f) => ({ ...f, [key]: v }));
  const touch = (key: Field) => () => setTouched((t) => ({ ...t, [key]: true }));
  const problems: Record<Field, string | null> = {
    name: validateName(form.name),
    username: username.error ?? (form.username ? null : MESSAGES.enterValidDetails),
    email: validateEmail(form.email),
    password: validateStrongPassword(form.password),
  };
  // Errors show once a field is touched (left) or the form was submitted, and follow every change:
  // after a failed submit an invalid field reads 'Enter valid details' until it is fixed.
  const errorOf = (key: Field) => (!problems[key] ? null : isSubmitted ? MESSAGES.enterValidDetails : touched[key] ? problems[key] : null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setIsSubmitted(true);
    if (Object.values(problems).some(Boolean) || isLoading) return;
    setIsLoading(true);
    try {
      const email = form.email.trim().toLowerCase();
      const res = await authApi.signup({ name: form.name.trim(), username: form.username, email, password: form.password });
      flash.setMessage(res.message || 'Account created! Check your email for verification.');
      sessionStorage.setItem(SIGNUP_FORM_KEY, email);
      window.setTimeout(() => navigate(paths.signupVerify, { state: { email } }), REDIRECT_DELAY_MS);
    } catch (err) {
      flash.setError(errorText(err, 'Signup failed'));
      setIsLoading(false);
    }
  };

  return (
    <AuthCard
      title="Create your account"
      subtitle="Join Sangam: many AI models, one answer"
      footer={
        <>
          Already have an account?{' '}
          <Link to={paths.login} className="font-semibold text-neon-cyan hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <Banner kind="error" text={flash.error} onClear={flash.clearError} />
      <Banner kind="success" text={flash.message} onClear={flash.clearMessage} />
      <form onSubmit={submit} noValidate>
        <TextField
          label="Full name"
          autoComplete="name"
          value={form.name}
          onChange={set('name')}
          onBlur={touch('name')}
          error={errorOf('name')}
          disabled={isLoading}
        />
        <TextField
          label="Username"
          autoComplete="username"
          value={form.username}
          onChange={(v) => set('username')(sanitizeUsername(v))}
          onBlur={touch('username')}
          error={errorOf('username') ?? username.error}
          hint={username.ok ?? MESSAGES.usernameHint}
          hintTone={username.ok ? 'ok' : 'muted'}
          disabled={isLoading}
        />
        <EmailField value={form.email} onChange={set('email')} onBlur={touch('email')} error={errorOf('email')} disabled={isLoading} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
          onBlur={touch('password')}
          error={errorOf('password')}
          disabled={isLoading}
        />
        <StrengthMeter password={form.password} />
        <SubmitButton isLoading={isLoading} loadingLabel="Creating account..." label="Create Account" />
      </form>
    </AuthCard>
  );
}
