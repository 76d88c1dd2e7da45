import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Banner } from '@/components/ui/form/banner';
import { TextField } from '@/components/ui/form/fields';
import { useFlash } from '@/components/ui/form/use-flash';
import { paths } from '@/config/paths';
import { AccountShell } from '@/features/account/components/account-shell';
import { UsagePanel } from '@/features/account/components/usage-panel';
import { validateName } from '@/features/auth/validation';
import { authApi } from '@/lib/auth/auth-api';
import { userUpdated } from '@/lib/auth/auth-slice';
import { errorText } from '@/lib/auth/error-text';
import { useLogout } from '@/lib/auth/use-logout';
import { useSession } from '@/lib/auth/use-session';
import { useAppDispatch } from '@/lib/store';

export function ProfileRoute() {
  const { user } = useSession();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const logout = useLogout();
  const flash = useFlash();
  const [isEditing, setIsEditing] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [form, setForm] = useState({ firstName: '', lastName: '', name: '' });
  if (!user) return null;

  const start = () => {
    setForm({ firstName: user.firstName, lastName: user.lastName, name: user.name });
    setIsEditing(true);
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (validateName(form.name)) {
      flash.setError(validateName(form.name));
      return;
    }
    setIsSaving(true);
    try {
      const res = await authApi.updateProfile({ firstName: form.firstName.trim(), lastName: form.lastName.trim(), name: form.name.trim() });
      dispatch(userUpdated(res.user));
      flash.setMessage('Profile updated successfully!');
      setIsEditing(false);
    } catch (err) {
      flash.setError(errorText(err, 'Failed to update profile'));
    }
    setIsSaving(false);
  };

  return (
    <AccountShell title="Profile">
      <Banner kind="error" text={flash.error} onClear={flash.clearError} />
      <Banner kind="success" text={flash.message} onClear={flash.clearMessage} />
      <section className="card">
        {isEditing ? (
          <form onSubmit={save} noValidate aria-label="Edit profile">
            <div className="grid gap-x-4 sm:grid-cols-2">
              <TextField
                label="First name"
                value={form.firstName}
                onChange={(v) => setForm((f) => ({ ...f, firstName: v }))}
                disabled={isSaving}
              />
              <TextField
                label="Last name"
                value={form.lastName}
                onChange={(v) => setForm((f) => ({ ...f, lastName: v }))}
                disabled={isSaving}
              />
            </div>
            <TextField label="Display name" value={form.name} onChange={(v) => setForm((f) => ({ ...f, name: v }))} disabled={isSaving} />
            <div className="flex gap-3">
              <button type="submit" className="btn-primary" disabled={isSaving}>
                {isSaving ? 'Saving...' : 'Save'}
              </button>
              <button type="button" className="btn-ghost" onClick={() => setIsEditing(false)} disabled={isSaving}>
                Cancel
              </button>
            </div>
          </form>
        ) : (
          <dl className="grid gap-4 sm:grid-cols-2">
            {[
              ['Name', user.name],
              ['First name', user.firstName || '—'],
              ['Last name', user.lastName || '—'],
              ['Username', user.username],
              ['Email', user.email],
            ].map(([k, v]) => (
              <div key={k}>
                <dt className="text-xs tracking-wide text-slate-400 uppercase">{k}</dt>
                <dd className="mt-1 text-slate-100">{v}</dd>
              </div>
            ))}
          </dl>
        )}
        {!isEditing && (
          <button type="button" className="btn-primary mt-6" onClick={start}>
            Edit profile
          </button>
        )}
      </section>
      <UsagePanel />
      <Link to={paths.billing} className="mt-4 inline-block font-semibold text-neon-cyan underline">
        Billing and plan
      </Link>
      <Link to={paths.developerKeys} className="mt-4 ml-6 inline-block font-semibold text-neon-cyan underline">
        Developer keys
      </Link>
      <button
        type="button"
        className="btn-ghost mt-8"
        onClick={async () => {
          await logout();
          navigate(paths.home);
        }}
      >
        Sign Out
      </button>
    </AccountShell>
  );
}
