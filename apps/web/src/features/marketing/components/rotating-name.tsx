import { BRAND } from '@/config/brand';
import { useRotation } from '@/features/marketing/components/use-rotation';

export const NAME_ROTATION_MS = 4000;

/** The product's name in Indian scripts, changing every 4000 ms (in the system's fonts: styles/fonts.css). */
export function RotatingName() {
  const [index] = useRotation(BRAND.scripts.length, NAME_ROTATION_MS);
  const word = BRAND.scripts[index] ?? BRAND.name;
  return (
    <span className="relative inline-block min-w-[4ch]">
      <span className="sr-only">{BRAND.name}</span>
      <span
        key={word}
        data-testid="rotating-name"
        aria-hidden="true"
        className="font-system-scripts inline-block animate-[fade-up_600ms_ease-out] bg-gradient-to-r from-neon-cyan via-sky-300 to-neon-purple bg-clip-text text-transparent"
      >
        {word}
      </span>
    </span>
  );
}
