import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '@/components/layout/brand-mark';
import { paths } from '@/config/paths';

/** Signed-in account pages: a slim header and a centred column. */
export function AccountShell({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className="min-h-dvh">
      <header className="border-b border-white/5 bg-ink/80">
        <nav
          aria-label={t`Account`}
          className="mx-auto flex min-h-16 max-w-4xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2"
        >
          <BrandMark />
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <Link to={paths.profile} className="text-slate-300 hover:text-white">
              <Trans>Profile</Trans>
            </Link>
            <Link to={paths.settings} className="text-slate-300 hover:text-white">
              <Trans>Settings</Trans>
            </Link>
            <Link to={paths.chat} className="font-semibold text-neon-cyan hover:underline">
              <Trans>Continue Chat</Trans>
            </Link>
          </div>
        </nav>
      </header>
      <main id="main" className="mx-auto max-w-2xl px-4 py-12">
        <h1 className="mb-8 text-3xl font-bold break-words text-white">{title}</h1>
        {children}
      </main>
    </div>
  );
}
