import { useLingui } from '@lingui/react/macro';
import { LOCALES } from '@sangam/contracts';
import { clsx } from 'clsx';
import { Languages } from 'lucide-react';
import { MenuButton } from '@/components/ui/menu-button';
import { chooseLocale, type UiLocale } from '@/lib/i18n/locale';

const nativeName = (code: string) => LOCALES.find((l) => l.code === code)?.nativeName ?? 'English';

/**
 * The language menu of every header: each language in its own script (marked with its `lang`), the
 * current one checked. The button shows the current language's name; its accessible name says what it is.
 */
export function LanguageMenu({ className, align = 'end' }: { className?: string; align?: 'start' | 'end' }) {
  const { i18n, t } = useLingui();
  const current = i18n.locale;
  return (
    <MenuButton
      label={`${t`Language`}: ${nativeName(current)}`}
      align={align}
      triggerClassName={clsx(
        'inline-flex items-center gap-1.5 rounded-md px-2 py-2 text-sm font-medium text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-neon-cyan',
        className,
      )}
      trigger={
        <>
          <Languages className="size-5 shrink-0" aria-hidden="true" />
          <span lang={current} className="max-sm:sr-only">
            {nativeName(current)}
          </span>
        </>
      }
      items={LOCALES.map((l) => ({
        label: l.nativeName,
        lang: l.code,
        checked: l.code === current,
        onSelect: () => void chooseLocale(l.code as UiLocale),
      }))}
    />
  );
}
