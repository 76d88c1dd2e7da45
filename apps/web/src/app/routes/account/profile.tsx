import { useState } from 'react';
import { Link } from 'react-router';
import { Banner } from '@/components/ui/form/banner';
import { FormTextField } from '@/components/ui/form/fields';
import { useFlash } from '@/components/ui/form/use-flash';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { paths } from '@/config/paths';
import { AccountShell } from '@/features/account/components/account-shell';
import { UsagePanel } from '@/features/account/components/usage-panel';
import { profileFormSchema } from '@/features/account/validation';
import { authApi } from '@/lib/auth/auth-api';
import { userUpdated } from '@/lib/auth/auth-slice';
import { errorText } from '@/lib/auth/error-text';
import { useLogoutToHome } from '@/lib/auth/use-logout';
import { useSession } from '@/lib/auth/use-session';
import { useAppDispatch } from '@/lib/store';

export function ProfileRoute() {
  const { user } = useSession();
  const dispatch = useAppDispatch();
  const logoutToHome = useLogoutToHome();
  const flash = useFlash();
  const [isEditing, setIsEditing] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  // The display name is checked on save; its message shows in the banner.
  const { control, handleSubmit, reset } = useZodForm(profileFormSchema, {
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { firstName: '', lastName: '', name: '' },
  });
  if (!user) return null;

  const start = () => {
    reset({ firstName: user.firstName, lastName: user.lastName, name: user.name });
    setIsEditing(true);
  };
  const save = handleSubmit(
    async (form) => {
      setIsSaving(true);
      try {
        const res = await authApi.updateProfile({
          firstName: form.firstName.trim(),
          lastName: form.lastName.trim(),
          name: form.name.trim(),
        });
        dispatch(userUpdated(res.user));
        flash.setMessage('Profile updated successfully!');
        setIsEditing(false);
      } catch (err) {
        flash.setError(errorText(err, 'Failed to update profile'));
      }
      setIsSaving(false);
    },
    (errors) => flash.setError(errors.name?.message ?? null),
  );

  return (
    <AccountShell title="Profile">
      <Banner kind="error" text={flash.error} onClear={flash.clearError} />
      <Banner kind="success" text={flash.message} onClear={flash.clearMessage} />
      <section className="card">
        {isEditing ? (
          <form onSubmit={save} noValidate aria-label="Edit profile">
            <div className="grid gap-x-4 sm:grid-cols-2">
              <FormTextField control={control} name="firstName" label="First name" error={null} disabled={isSaving} />
              <FormTextField control={control} name="lastName" label="Last name" error={null} disabled={isSaving} />
            </div>
            <FormTextField control={control} name="name" label="Display name" error={null} disabled={isSaving} />
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
      <button type="button" className="btn-ghost mt-8" onClick={logoutToHome}>
        Sign Out
      </button>
    </AccountShell>
  );
}
