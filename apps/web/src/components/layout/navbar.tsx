import { Link, NavLink } from 'react-router';
import { AvatarMenu } from '@/components/layout/avatar-menu';
import { BrandMark } from '@/components/layout/brand-mark';
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
  return (
    <header className="sticky top-0 z-40 border-b border-white/5 bg-ink/80 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <BrandMark />
        <div className="hidden items-center gap-1 lg:flex">
          <button type="button" className={navLinkClass} onClick={goToFeatures}>
            Features
          </button>
          <NavLink to={paths.about} className={navLinkClass}>
            About
          </NavLink>
          <NavLink to={paths.pricing} className={navLinkClass}>
            Pricing
          </NavLink>
          <ToolsMenu className={navLinkClass} />
          <NavLink to={paths.leaderboard} className={navLinkClass}>
            Leaderboard
          </NavLink>
        </div>
        <div className="hidden items-center gap-3 lg:flex">
          {isAuthenticated ? (
            <>
              <Link to={paths.chat} className="btn-primary">
                Continue Chat
              </Link>
              <AvatarMenu />
            </>
          ) : (
            <>
              <Link to={paths.login} className={navLinkClass}>
                Log In
              </Link>
              <Link to={paths.chat} className="btn-primary">
                Get Started
              </Link>
            </>
          )}
        </div>
        <MenuToggle />
      </nav>
    </header>
  );
}
