import { Trans } from '@lingui/react/macro';
import { ArrowLeft, Home } from 'lucide-react';
import { Link } from 'react-router';
import { BrandMark } from '@/components/layout/brand-mark';
import { LanguageMenu } from '@/components/layout/language-menu';
import { MenuToggle } from '@/components/layout/menu-toggle';
import { paths } from '@/config/paths';
import { UsageMeter } from '@/features/chat/components/usage-meter';
import { useLogoutToHome } from '@/lib/auth/use-logout';
import { useSession } from '@/lib/auth/use-session';

/**
 * Go Home (or Back), this month's use of the plan, and Login or Logout. A failed logout still clears
 * the session and goes to /.
 */
export function ChatHeader({ back }: { back?: { label: string; onClick: () => void } }) {
  const { isAuthenticated } = useSession();
  const logoutToHome = useLogoutToHome();
  return (
    <header className="flex min-h-16 flex-wrap items-center justify-between gap-x-3 gap-y-2 border-b border-white/5 px-4 py-2">
      <div className="flex min-w-0 items-center gap-3">
        {back ? (
          <button type="button" onClick={back.onClick} className="btn-ghost px-3 py-1.5 whitespace-nowrap">
            <ArrowLeft className="size-4" aria-hidden="true" /> {back.label}
          </button>
        ) : (
          <Link to={paths.home} className="btn-ghost px-3 py-1.5 whitespace-nowrap">
            <Home className="size-4" aria-hidden="true" /> <Trans>Go Home</Trans>
          </Link>
        )}
        <div className="hidden sm:block">
          <BrandMark />
        </div>
      </div>
      <div className="ml-auto flex min-w-0 items-center gap-1">
        <UsageMeter isEnabled={isAuthenticated} />
        {/* On a phone the language menu is in the phone menu: the header has no room to spare. */}
        <div className="hidden lg:block">
          <LanguageMenu />
        </div>
        {isAuthenticated ? (
          <button type="button" className="btn-ghost px-3 py-1.5" onClick={logoutToHome}>
            <Trans>Logout</Trans>
          </button>
        ) : (
          <Link to={paths.login} className="btn-primary">
            <Trans>Login</Trans>
          </Link>
        )}
        <MenuToggle />
      </div>
    </header>
  );
}
