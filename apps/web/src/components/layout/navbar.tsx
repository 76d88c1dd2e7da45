import { Trans, useLingui } from '@lingui/react/macro';
import { Link, NavLink } from 'react-router';
import { AvatarMenu } from '@/components/layout/avatar-menu';
import { BrandMark } from '@/components/layout/brand-mark';
import { LanguageMenu } from '@/components/layout/language-menu';
import { MenuToggle } from '@/components/layout/menu-toggle';
import { ToolsMenu } from '@/components/layout/tools-menu';
import { useFeaturesLink } from '@/components/layout/use-features-link';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/use-session';

export const navLinkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-300 transition-colors hover:text-white focus-visible:outline-2 focus-visible:outline-neon-cyan aria-[current=page]:text-neon-cyan';

/** The navigation bar of every public page. */
export function Navbar() {
  const { isAuthenticated } = useSession();
  const goToFeatures = useFeaturesLink();
  const { t } = useLingui();
  return (
    <header className="sticky top-0 z-40 border-b border-white/5 bg-ink/80 backdrop-blur">
      <nav aria-label={t`Main`} className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <BrandMark />
        <div className="hidden items-center gap-1 lg:flex">
          <button type="button" className={navLinkClass} onClick={goToFeatures}>
            <Trans>Features</Trans>
          </button>
          <NavLink to={paths.about} className={navLinkClass}>
            <Trans>About</Trans>
          </NavLink>
          <NavLink to={paths.pricing} className={navLinkClass}>
            <Trans>Pricing</Trans>
          </NavLink>
          <ToolsMenu className={navLinkClass} />
          <NavLink to={paths.leaderboard} className={navLinkClass}>
            <Trans>Leaderboard</Trans>
          </NavLink>
        </div>
        <div className="flex items-center gap-1 lg:gap-3">
          <LanguageMenu />
          <div className="hidden items-center gap-3 lg:flex">
            {isAuthenticated ? (
              <>
                <Link to={paths.chat} className="btn-primary">
                  <Trans>Continue Chat</Trans>
                </Link>
                <AvatarMenu />
              </>
            ) : (
              <>
                <Link to={paths.login} className={navLinkClass}>
                  <Trans>Log In</Trans>
                </Link>
                <Link to={paths.chat} className="btn-primary">
                  <Trans>Get Started</Trans>
                </Link>
              </>
            )}
          </div>
          <MenuToggle />
        </div>
      </nav>
    </header>
  );
}
