import { Trans } from '@lingui/react/macro';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LanguageMenu } from '@/components/layout/language-menu';
import { MenuToggle } from '@/components/layout/menu-toggle';
import { paths } from '@/config/paths';

/** The frame of a tool screen: Back to /, the language menu, the phone menu and a title. */
export function ToolShell({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className="min-h-dvh">
      <header className="flex h-16 items-center justify-between border-b border-white/5 px-4">
        <Link to={paths.home} className="btn-ghost px-3 py-1.5">
          <ArrowLeft className="size-4" aria-hidden="true" /> <Trans>Back</Trans>
        </Link>
        <div className="flex items-center gap-1">
          <LanguageMenu />
          <MenuToggle />
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-10">
        <h1 className="text-center text-3xl font-bold text-white sm:text-4xl">{title}</h1>
        {subtitle && <p className="mx-auto mt-3 max-w-2xl text-center text-slate-300">{subtitle}</p>}
        <div className="mt-8">{children}</div>
      </main>
    </div>
  );
}
