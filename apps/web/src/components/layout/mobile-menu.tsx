import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { TOOL_LINKS } from '@/components/layout/nav-links';
import { useFeaturesLink } from '@/components/layout/use-features-link';
import { paths } from '@/config/paths';
import { useLogout } from '@/lib/auth/use-logout';
import { useSession } from '@/lib/auth/use-session';

const itemClass =
  'block rounded-lg px-4 py-3 text-lg text-slate-100 hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-neon-cyan';

/** Full-screen overlay menu for phones; repeats the links (signed in: Profile and Continue Chat). */
export function MobileMenu({ onClose }: { onClose: () => void }) {
  const { isAuthenticated } = useSession();
  const goToFeatures = useFeaturesLink();
  const logout = useLogout();
  const navigate = useNavigate();
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    document.body.style.overflow = 'hidden';
    return () => {
      window.removeEventListener('keydown', onKey);
      document.body.style.overflow = '';
    };
  }, [onClose]);

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label="Menu"
      className="fixed inset-0 z-50 overflow-y-auto bg-ink/95 px-4 py-4 backdrop-blur lg:hidden"
    >
      <div className="flex justify-end">
        <button
          ref={closeRef}
          type="button"
          aria-label="Close menu"
          className="rounded-md p-2 focus-visible:outline-2 focus-visible:outline-neon-cyan"
          onClick={onClose}
        >
          <X className="size-7" aria-hidden="true" />
        </button>
      </div>
      <nav aria-label="Mobile" className="mt-2 grid gap-1">
        <button
          type="button"
          className={`${itemClass} text-left`}
          onClick={() => {
            onClose();
            goToFeatures();
          }}
        >
          Features
        </button>
        <Link to={paths.about} className={itemClass}>
          About
        </Link>
        <Link to={paths.pricing} className={itemClass}>
          Pricing
        </Link>
        <p className="px-4 pt-3 text-xs font-semibold tracking-widest text-slate-400 uppercase">Tools</p>
        {TOOL_LINKS.map((l) => (
          <Link key={l.to} to={l.to} className={`${itemClass} pl-8 text-base`}>
            {l.label}
          </Link>
        ))}
        <Link to={paths.leaderboard} className={itemClass}>
          Leaderboard
        </Link>
        <div className="mt-4 grid gap-2 border-t border-white/10 pt-4">
          {isAuthenticated ? (
            <>
              <Link to={paths.profile} className={itemClass}>
                Profile
              </Link>
              <Link to={paths.chat} className="btn-primary justify-center">
                Continue Chat
              </Link>
              <button
                type="button"
                className={`${itemClass} text-left text-red-300`}
                onClick={async () => {
                  onClose();
                  await logout();
                  navigate(paths.home);
                }}
              >
                Sign Out
              </button>
            </>
          ) : (
            <>
              <Link to={paths.login} className={itemClass}>
                Log In
              </Link>
              <Link to={paths.chat} className="btn-primary justify-center">
                Get Started
              </Link>
            </>
          )}
        </div>
      </nav>
    </div>
  );
}
