/** A still, CSS-only star backdrop for the account screens (no canvas, no motion). */
export function Starfield() {
  return (
    <div
      aria-hidden="true"
      className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,rgba(34,211,238,0.15),transparent_55%),radial-gradient(ellipse_at_bottom,rgba(168,85,247,0.15),transparent_55%)]"
    />
  );
}
