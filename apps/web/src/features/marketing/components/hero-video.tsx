import { Trans, useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { usePrefersReducedMotion } from '@/components/text/use-prefers-reduced-motion';

/** A looping muted clip; under reduced motion only its poster shows. */
export function HeroVideo() {
  const reduced = usePrefersReducedMotion();
  const { i18n, t } = useLingui();
  return (
    <div className="relative overflow-hidden rounded-3xl border border-white/10 shadow-2xl shadow-purple-900/30">
      <video
        key={reduced ? 'still' : 'moving'}
        className="aspect-video w-full object-cover"
        src="/media/hero.mp4"
        poster="/media/hero-poster.jpg"
        autoPlay={!reduced}
        muted
        loop
        playsInline
        preload={reduced ? 'none' : 'metadata'}
        aria-label={t`Animated confluence of colours: many streams becoming one`}
        data-testid="hero-video"
      />
      <div className="pointer-events-none absolute inset-0 grid place-items-center">
        <div className="rounded-2xl border border-white/15 bg-ink/60 px-6 py-4 text-center backdrop-blur">
          {/* Letter spacing would pull apart the joined letters of Indian scripts: English only. */}
          <p className={clsx('text-xs text-neon-cyan uppercase', i18n.locale === 'en' && 'tracking-[0.3em]')}>
            <Trans>Many streams</Trans>
          </p>
          <p className="text-2xl font-semibold text-white">
            <Trans>One answer</Trans>
          </p>
        </div>
      </div>
    </div>
  );
}
