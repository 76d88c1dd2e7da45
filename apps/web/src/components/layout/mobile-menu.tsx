import { Trans, useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Link, useNavigate } from 'react-router';
import { LanguageMenu } from '@/components/layout/language-menu';
import { TOOL_LINKS } from '@/components/layout/nav-links';
import { useFeaturesLink } from '@/components/layout/use-features-link';
import { paths } from '@/config/paths';
import { useLogout } from '@/lib/auth/use-logout';
import { useSession } from '@/lib/auth/use-session';
import { trapTab } from '@/lib/trap-tab';

const itemClass =
  'block rounded-lg px-4 py-3 text-lg text-slate-100 hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-neon-cyan';
/** The width from which the navigation bar shows its own links (Tailwind's lg). */
const WIDE = '(min-width: 1024px)';

/**
 * The phone menu: a dialog over the whole screen with every link (signed in: Profile, Continue Chat
 * and Sign Out). It is drawn in document.body, outside any header whose backdrop filter would
 * otherwise clip a fixed overlay to the header's own box. Focus stays inside; Escape, a tap on any
 * link (the current page's too) and widening the window to the desktop layout close it.
 */
export function MobileMenu({ onClose }: { onClose: () => void }) {
  const { isAuthenticated } = useSession();
  const goToFeatures = useFeaturesLink();
  const logout = useLogout();
  const navigate = useNavigate();
  const closeRef = useRef<HTMLButtonElement>(null);
  const { i18n, t } = useLingui();

  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (e: globalThis.KeyboardEvent) => e.key === 'Escape' && onClose();
    const wide = window.matchMedia(WIDE);
    const onWide = () => wide.matches && onClose();
    window.addEventListener('keydown', onKey);
    wide.addEventListener('change', onWide);
    document.documentElement.style.overflow = 'hidden';
    return () => {
      window.removeEventListener('keydown', onKey);
      wide.removeEventListener('change', onWide);
      document.documentElement.style.overflow = '';
    };
  }, [onClose]);

  const link = (to: string, label: string, className = itemClass) => (
    <Link to={to} className={className} onClick={onClose}>
      {label}
    </Link>
  );

  return createPortal(
    <div
      role="dialog"
      aria-modal="true"
      aria-label={t`Menu`}
      onKeyDown={trapTab}
      className="fixed inset-0 z-50 h-dvh w-screen overflow-y-auto overscroll-contain bg-ink px-4 py-3 lg:hidden"
    >
      {/* Close comes first (the Tab cycle starts and ends on it); the language menu shows at the left. */}
      <div className="flex h-10 flex-row-reverse items-center justify-between">
        <button
          ref={closeRef}
          type="button"
          aria-label={t`Close menu`}
          className="rounded-md p-2 text-slate-200 focus-visible:outline-2 focus-visible:outline-neon-cyan"
          onClick={onClose}
        >
          <X className="size-7" aria-hidden="true" />
        </button>
        <LanguageMenu align="start" />
      </div>
      <nav aria-label={t`Mobile`} className="mx-auto mt-2 grid max-w-md gap-1 pb-6">
        <button
          type="button"
          className={`${itemClass} text-left`}
          onClick={() => {
            onClose();
            goToFeatures();
          }}
        >
          <Trans>Features</Trans>
        </button>
        {link(paths.about, t`About`)}
        {link(paths.pricing, t`Pricing`)}
        <p
          className={clsx('px-4 pt-3 text-xs font-semibold text-slate-400 uppercase', i18n.locale === 'en' && 'tracking-widest')}
          aria-hidden="true"
        >
          <Trans>Tools</Trans>
        </p>
        {TOOL_LINKS.map((l) => (
          <Link key={l.to} to={l.to} className={`${itemClass} pl-8 text-base`} onClick={onClose}>
            {i18n._(l.label)}
          </Link>
        ))}
        {link(paths.leaderboard, t`Leaderboard`)}
        <div className="mt-4 grid gap-2 border-t border-white/10 pt-4">
          {isAuthenticated ? (
            <>
              {link(paths.profile, t`Profile`)}
              {link(paths.chat, t`Continue Chat`, 'btn-primary justify-center')}
              <button
                type="button"
                className={`${itemClass} text-left text-red-300`}
                onClick={async () => {
                  onClose();
                  await logout();
                  navigate(paths.home);
                }}
              >
                <Trans>Sign Out</Trans>
              </button>
            </>
          ) : (
            <>
              {link(paths.login, t`Log In`)}
              {link(paths.chat, t`Get Started`, 'btn-primary justify-center')}
            </>
          )}
        </div>
      </nav>
    </div>,
    document.body,
  );
}
