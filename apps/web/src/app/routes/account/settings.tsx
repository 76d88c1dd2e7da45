import { Link } from 'react-router';
import { Banner } from '@/components/ui/form/banner';
import { useFlash } from '@/components/ui/form/use-flash';
import { paths } from '@/config/paths';
import { AccountShell } from '@/features/account/components/account-shell';
import { SettingsDeleteForm } from '@/features/account/components/settings-delete-form';
import { sessionCleared } from '@/lib/auth/auth-slice';
import { useSession } from '@/lib/auth/use-session';
import { useAppDispatch } from '@/lib/store';
import { useTheme } from '@/lib/theme';

const AFTER_DELETE_DELAY_MS = 2000;

export function SettingsRoute() {
  const { user } = useSession();
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
    <AccountShell title="Settings">
      <Banner kind="error" text={flash.error} onClear={flash.clearError} />
      <Banner kind="success" text={flash.message} onClear={flash.clearMessage} />
      <section className="card" aria-labelledby="summary-heading">
        <h2 id="summary-heading" className="text-lg font-semibold text-white">
          {user.name}
        </h2>
        <p className="text-sm text-slate-300">
          @{user.username} · {user.email}
        </p>
        <Link to={paths.profile} className="mt-3 inline-block text-sm font-semibold text-neon-cyan hover:underline">
          Edit your profile
        </Link>
      </section>
      <section className="card mt-6 flex items-center justify-between" aria-labelledby="theme-heading">
        <div>
          <h2 id="theme-heading" className="text-lg font-semibold text-white">
            Theme
          </h2>
          <p className="text-sm text-slate-300">Dark is the default.</p>
        </div>
        <button type="button" role="switch" aria-checked={theme === 'dark'} aria-label="Dark theme" onClick={toggle} className="btn-ghost">
          {theme === 'dark' ? 'Dark' : 'Light'}
        </button>
      </section>
      <section className="card mt-6 border-red-500/30" aria-labelledby="danger-heading">
        <h2 id="danger-heading" className="text-lg font-semibold text-red-200">
          Delete account
        </h2>
        <p className="mt-1 mb-4 text-sm text-slate-300">
          This permanently removes all your data, conversations and settings. It cannot be undone.
        </p>
        <SettingsDeleteForm accountEmail={user.email} onDeleted={deleted} />
        <Link to={paths.deleteAccount} className="mt-3 inline-block text-sm text-slate-300 underline">
          Or delete with your password
        </Link>
      </section>
    </AccountShell>
  );
}
