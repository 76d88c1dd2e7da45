/** A degree within a sign as degrees and minutes: 12.07 → 12°04′. */
export const dms = (x: number) => `${Math.floor(x)}°${String(Math.floor((x % 1) * 60)).padStart(2, '0')}′`;
