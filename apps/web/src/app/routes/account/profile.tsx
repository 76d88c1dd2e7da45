import { Trans, useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { useState } from 'react';
import { Link } from 'react-router';
import { Banner } from '@/components/ui/form/banner';
import { FormTextField } from '@/components/ui/form/fields';
import { useFlash } from '@/components/ui/form/use-flash';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { paths } from '@/config/paths';
import { AccountShell } from '@/features/account/components/account-shell';
import { LanguageSetting } from '@/features/account/components/language-setting';
import { UsagePanel } from '@/features/account/components/usage-panel';
import { profileFormSchema } from '@/features/account/validation';
import { authApi } from '@/lib/auth/auth-api';
import { userUpdated } from '@/lib/auth/auth-slice';
import { errorText } from '@/lib/auth/error-text';
import { useLogoutToHome } from '@/lib/auth/use-logout';
import { useSession } from '@/lib/auth/use-session';
import { formMessage } from '@/lib/i18n/form-messages';
import { useAppDispatch } from '@/lib/store';

export function ProfileRoute() {
  const { user } = useSession();
  const { t, i18n } = useLingui();
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
        flash.setMessage(t`Profile updated successfully!`);
        setIsEditing(false);
      } catch (err) {
        flash.setError(errorText(err, t`Failed to update profile`));
      }
      setIsSaving(false);
    },
    (errors) => flash.setError(errors.name?.message ? formMessage(i18n, errors.name.message) : null),
  );

  return (
    <AccountShell title={t`Profile`}>
      <Banner kind="error" text={flash.error} onClear={flash.clearError} />
      <Banner kind="success" text={flash.message} onClear={flash.clearMessage} />
      <section className="card">
        {isEditing ? (
          <form onSubmit={save} noValidate aria-label={t`Edit profile`}>
            <div className="grid gap-x-4 sm:grid-cols-2">
              <FormTextField control={control} name="firstName" label={t`First name`} error={null} disabled={isSaving} />
              <FormTextField control={control} name="lastName" label={t`Last name`} error={null} disabled={isSaving} />
            </div>
            <FormTextField control={control} name="name" label={t`Display name`} error={null} disabled={isSaving} />
            <div className="flex flex-wrap gap-3">
              <button type="submit" className="btn-primary" disabled={isSaving}>
                {isSaving ? <Trans>Saving...</Trans> : <Trans>Save</Trans>}
              </button>
              <button type="button" className="btn-ghost" onClick={() => setIsEditing(false)} disabled={isSaving}>
                <Trans>Cancel</Trans>
              </button>
            </div>
          </form>
        ) : (
          <dl className="grid gap-4 sm:grid-cols-2">
            {[
              [t`Name`, user.name],
              [t`First name`, user.firstName || '—'],
              [t`Last name`, user.lastName || '—'],
              [t`Username`, user.username],
              [t`Email`, user.email],
            ].map(([k, v]) => (
              <div key={k} className="min-w-0">
                <dt className={clsx('text-xs text-slate-400 uppercase', i18n.locale === 'en' && 'tracking-wide')}>{k}</dt>
                <dd className="mt-1 break-words text-slate-100">{v}</dd>
              </div>
            ))}
          </dl>
        )}
        {!isEditing && (
          <button type="button" className="btn-primary mt-6" onClick={start}>
            <Trans>Edit profile</Trans>
          </button>
        )}
      </section>
      <LanguageSetting />
      <UsagePanel />
      <div className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
        <Link to={paths.billing} className="inline-block font-semibold text-neon-cyan underline">
          <Trans>Billing and plan</Trans>
        </Link>
        <Link to={paths.developerKeys} className="inline-block font-semibold text-neon-cyan underline">
          <Trans>Developer keys</Trans>
        </Link>
      </div>
      <button type="button" className="btn-ghost mt-8" onClick={logoutToHome}>
        <Trans>Sign Out</Trans>
      </button>
    </AccountShell>
  );
}
