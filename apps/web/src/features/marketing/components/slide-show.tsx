import { useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { type ReactNode, useState } from 'react';
import { useRotation } from '@/features/marketing/components/use-rotation';

export const SLIDE_INTERVAL_MS = 4000;

type Slide = { id: string; title: string; render: () => ReactNode };

/**
 * An auto-rotating slide show (every 4000 ms), vertical or horizontal, with dot controls (each a
 * 28 px tap target). It holds still while the pointer is over it or focus is inside, so the slide
 * being read, and its Learn More, does not turn away under a finger.
 */
export function SlideShow({
  slides,
  label,
  orientation = 'vertical',
}: {
  slides: Slide[];
  label: string;
  orientation?: 'vertical' | 'horizontal';
}) {
  // The slide someone is reading or about to tap (pointer over it, or focus inside) stays put.
  const [isPointerIn, setIsPointerIn] = useState(false);
  const [isFocusIn, setIsFocusIn] = useState(false);
  const [index, setIndex] = useRotation(slides.length, SLIDE_INTERVAL_MS, isPointerIn || isFocusIn);
  const vertical = orientation === 'vertical';
  const { t } = useLingui();
  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className={clsx('flex gap-4', vertical ? 'flex-col-reverse md:flex-row' : 'flex-col')}
      onPointerEnter={() => setIsPointerIn(true)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && setIsPointerIn(false)}
      onFocus={() => setIsFocusIn(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setIsFocusIn(false)}
    >
      <div
        role="tablist"
        aria-label={t`${label} slides`}
        className={clsx('flex gap-1', vertical ? 'md:flex-col' : 'justify-center', 'justify-center')}
      >
        {slides.map((s, i) => (
          <button
            key={s.id}
            type="button"
            role="tab"
            aria-selected={i === index}
            aria-label={s.title}
            onClick={() => setIndex(i)}
            className="group grid place-items-center rounded-full p-2 focus-visible:outline-2 focus-visible:outline-neon-cyan"
          >
            <span
              className={clsx(
                'block rounded-full transition-all',
                vertical ? 'h-3 w-3 md:h-10 md:w-3' : 'h-3 w-10',
                i === index ? 'bg-neon-cyan' : 'bg-white/20 group-hover:bg-white/40',
              )}
            />
          </button>
        ))}
      </div>
      <div className="relative flex-1">
        {slides.map((s, i) => (
          <div
            key={s.id}
            role="tabpanel"
            aria-label={s.title}
            hidden={i !== index}
            data-testid="slide"
            className={clsx('animate-[fade-up_500ms_ease-out]')}
          >
            {s.render()}
          </div>
        ))}
      </div>
    </section>
  );
}
