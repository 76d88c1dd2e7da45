import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useRotation } from '@/features/marketing/components/use-rotation';

export const SLIDE_INTERVAL_MS = 4000;

type Slide = { id: string; title: string; render: () => ReactNode };

/** An auto-rotating slide show (every 4000 ms), vertical or horizontal, with dot controls. */
export function SlideShow({
  slides,
  label,
  orientation = 'vertical',
}: {
  slides: Slide[];
  label: string;
  orientation?: 'vertical' | 'horizontal';
}) {
  const [index, setIndex] = useRotation(slides.length, SLIDE_INTERVAL_MS);
  const vertical = orientation === 'vertical';
  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className={clsx('flex gap-6', vertical ? 'flex-col-reverse md:flex-row' : 'flex-col')}
    >
      <div
        role="tablist"
        aria-label={`${label} slides`}
        className={clsx('flex gap-2', vertical ? 'md:flex-col' : 'justify-center', 'justify-center')}
      >
        {slides.map((s, i) => (
          <button
            key={s.id}
            type="button"
            role="tab"
            aria-selected={i === index}
            aria-label={s.title}
            onClick={() => setIndex(i)}
            className={clsx(
              'rounded-full transition-all focus-visible:outline-2 focus-visible:outline-neon-cyan',
              vertical ? 'h-3 w-3 md:h-10 md:w-3' : 'h-3 w-10',
              i === index ? 'bg-neon-cyan' : 'bg-white/20 hover:bg-white/40',
            )}
          />
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
