import { clsx } from 'clsx';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';

/** A menu item; `checked` makes it one of a radio group (menuitemradio), `lang` marks its text's language. */
export type MenuAction = { label: string; onSelect: () => void; isDanger?: boolean; checked?: boolean; lang?: string };

/**
 * A small accessible menu button (WAI-ARIA menu pattern): Enter/Space/ArrowDown open it, arrows move,
 * Escape and outside clicks close it and return focus to the button.
 */
export function MenuButton({
  label,
  trigger,
  items,
  header,
  align = 'start',
  triggerClassName,
}: {
  label: string;
  trigger: ReactNode;
  items: MenuAction[];
  header?: ReactNode;
  align?: 'start' | 'end';
  triggerClassName?: string;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves to an item only when the menu opens
  useEffect(() => {
    if (!isOpen) return;
    // Focus starts on the checked item of a radio menu, else the first.
    itemRefs.current[
      Math.max(
        0,
        items.findIndex((item) => item.checked),
      )
    ]?.focus();
    const onDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [isOpen]);

  const close = () => {
    setIsOpen(false);
    buttonRef.current?.focus();
  };
  const onMenuKey = (e: KeyboardEvent) => {
    const current = itemRefs.current.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => {
      e.preventDefault();
      itemRefs.current[(to + items.length) % items.length]?.focus();
    };
    if (e.key === 'ArrowDown') move(current + 1);
    else if (e.key === 'ArrowUp') move(current - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(items.length - 1);
    else if (e.key === 'Escape' || e.key === 'Tab') close();
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? id : undefined}
        className={triggerClassName}
        onClick={() => setIsOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setIsOpen(true);
          }
        }}
      >
        {trigger}
      </button>
      {isOpen && (
        <div
          id={id}
          role="menu"
          aria-label={label}
          tabIndex={-1}
          onKeyDown={onMenuKey}
          className={clsx(
            'absolute top-full z-50 mt-2 min-w-48 rounded-xl border border-white/10 bg-panel p-1 text-slate-100 shadow-2xl',
            align === 'end' ? 'right-0' : 'left-0',
          )}
        >
          {header}
          {items.map((item, i) => (
            <button
              key={item.label}
              ref={(el) => {
                itemRefs.current[i] = el;
              }}
              type="button"
              {...(item.checked === undefined ? { role: 'menuitem' } : { role: 'menuitemradio', 'aria-checked': item.checked })}
              lang={item.lang}
              tabIndex={-1}
              className={clsx(
                'block w-full rounded-md px-3 py-2 text-left text-sm outline-none hover:bg-white/10 focus:bg-white/10',
                item.isDanger && 'text-red-300',
              )}
              onClick={() => {
                setIsOpen(false);
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
