import { useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { Menu as MenuIcon } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { MobileMenu } from '@/components/layout/mobile-menu';

/**
 * The phone menu button (hidden from the desktop layout up) and its overlay. Any navigation closes
 * the menu, the browser's Back included; focus returns to the button when it closes.
 */
export function MenuToggle({ className }: { className?: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { key } = useLocation();
  const { t } = useLingui();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the menu closes whenever the location changes
  useEffect(() => setIsOpen(false), [key]);
  const close = useCallback(() => {
    setIsOpen(false);
    buttonRef.current?.focus();
  }, []);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={clsx('rounded-md p-2 text-slate-200 focus-visible:outline-2 focus-visible:outline-neon-cyan lg:hidden', className)}
        aria-label={t`Open menu`}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onClick={() => setIsOpen(true)}
      >
        <MenuIcon className="size-6" aria-hidden="true" />
      </button>
      {isOpen && <MobileMenu onClose={close} />}
    </>
  );
}
