import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { Banner } from '@/components/ui/form/banner';
import { useFlash } from '@/components/ui/form/use-flash';
import { paths } from '@/config/paths';
import { AccountShell } from '@/features/account/components/account-shell';
import { AnswerLanguageSetting } from '@/features/account/components/answer-language-setting';
import { SettingsDeleteForm } from '@/features/account/components/settings-delete-form';
import { sessionCleared } from '@/lib/auth/auth-slice';
import { useSession } from '@/lib/auth/use-session';
import { useAppDispatch } from '@/lib/store';
import { useTheme } from '@/lib/theme';

const AFTER_DELETE_DELAY_MS = 2000;

export function SettingsRoute() {
  const { user } = useSession();
  const { t } = useLingui();
  const { theme, toggle } = useTheme();
  const dispatch = useAppDispatch();
  const flash = useFlash();
  if (!user) return null;

  const deleted = (message: string) => {
    flash.setMessage(message);
    // The session ends with the account: a fresh load of / resets every screen's state too.
    window.setTimeout(() => {
      dispatch(sessionCleared());
      window.location.assign(paths.home);
    }, AFTER_DELETE_DELAY_MS);
  };

  return (
    <AccountShell title={t`Settings`}>
      <Banner kind="error" text={flash.error} onClear={flash.clearError} />
      <Banner kind="success" text={flash.message} onClear={flash.clearMessage} />
      <section className="card" aria-labelledby="summary-heading">
        <h2 id="summary-heading" className="text-lg font-semibold break-words text-white">
          {user.name}
        </h2>
        <p className="text-sm break-words text-slate-300">
          @{user.username} · {user.email}
        </p>
        <Link to={paths.profile} className="mt-3 inline-block text-sm font-semibold text-neon-cyan hover:underline">
          <Trans>Edit your profile</Trans>
        </Link>
      </section>
      <section className="card mt-6 flex flex-wrap items-center justify-between gap-3" aria-labelledby="theme-heading">
        <div className="min-w-0">
          <h2 id="theme-heading" className="text-lg font-semibold text-white">
            <Trans>Theme</Trans>
          </h2>
          <p className="text-sm text-slate-300">
            <Trans>Dark is the default.</Trans>
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={theme === 'dark'}
          aria-label={t`Dark theme`}
          onClick={toggle}
          className="btn-ghost"
        >
          {theme === 'dark' ? <Trans>Dark</Trans> : <Trans>Light</Trans>}
        </button>
      </section>
      <AnswerLanguageSetting />
      <section className="card mt-6 border-red-500/30" aria-labelledby="danger-heading">
        <h2 id="danger-heading" className="text-lg font-semibold text-red-200">
          <Trans>Delete account</Trans>
        </h2>
        <p className="mt-1 mb-4 text-sm text-slate-300">
          <Trans>This permanently removes all your data, conversations and settings. It cannot be undone.</Trans>
        </p>
        <SettingsDeleteForm accountEmail={user.email} onDeleted={deleted} />
        <Link to={paths.deleteAccount} className="mt-3 inline-block text-sm text-slate-300 underline">
          <Trans>Or delete with your password</Trans>
        </Link>
      </section>
    </AccountShell>
  );
}
