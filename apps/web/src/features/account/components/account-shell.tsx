import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '@/components/layout/brand-mark';
import { paths } from '@/config/paths';

/** Signed-in account pages: a slim header and a centred column. */
export function AccountShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-h-dvh">
      <header className="border-b border-white/5 bg-ink/80">
        <nav aria-label="Account" className="mx-auto flex h-16 max-w-4xl items-center justify-between px-4">
          <BrandMark />
          <div className="flex gap-4 text-sm">
            <Link to={paths.profile} className="text-slate-300 hover:text-white">
              Profile
            </Link>
            <Link to={paths.settings} className="text-slate-300 hover:text-white">
              Settings
            </Link>
            <Link to={paths.chat} className="font-semibold text-neon-cyan hover:underline">
              Continue Chat
            </Link>
          </div>
        </nav>
      </header>
      <main id="main" className="mx-auto max-w-2xl px-4 py-12">
        <h1 className="mb-8 text-3xl font-bold text-white">{title}</h1>
        {children}
      </main>
    </div>
  );
}
