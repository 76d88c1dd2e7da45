/** Shown by a screen whose issue has not landed yet. */
export function PlaceholderScreen({ title }: { title: string }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-24 text-center">
      <h1 className="text-3xl font-semibold">{title}</h1>
      <p className="mt-4 text-slate-400">This screen is being built.</p>
    </main>
  );
}
