import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '@/components/layout/brand-mark';
import { LanguageMenu } from '@/components/layout/language-menu';
import { MenuToggle } from '@/components/layout/menu-toggle';
import { Starfield } from '@/features/auth/components/starfield-lite';

/** The frame of every account screen: brand, a title, a subtitle and the form card. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="relative isolate flex min-h-dvh flex-col items-center justify-center overflow-hidden px-4 py-10">
      <Starfield />
      <div className="absolute top-3 right-3 flex items-center gap-1">
        <LanguageMenu />
        <MenuToggle />
      </div>
      <div className="mb-6">
        <BrandMark />
      </div>
      <main id="main" className="card w-full max-w-md">
        <h1 className="text-center text-3xl font-bold text-white">{title}</h1>
        {subtitle && <p className="mt-2 text-center text-sm text-slate-300">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </main>
      {footer && <div className="mt-6 text-center text-sm text-slate-300">{footer}</div>}
    </div>
  );
}

/** The line below an account card: an optional prompt and a link to the next screen. */
export function AuthFooterLink({ prompt, to, label }: { prompt?: string; to: string; label: string }) {
  return (
    <>
      {prompt && <>{prompt} </>}
      <Link to={to} className="font-semibold text-neon-cyan hover:underline">
        {label}
      </Link>
    </>
  );
}
