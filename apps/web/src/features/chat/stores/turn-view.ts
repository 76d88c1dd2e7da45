import { useCallback, useSyncExternalStore } from 'react';

/**
 * How the user left each answer on screen, by assistant message id, for the whole visit: Compare All
 * or the carousel, the card in front, and whether "How the models agreed" is open. The thread is
 * virtualised (a turn scrolled out of view unmounts), so this lives outside the turn.
 */
export type TurnView = { isComparing: boolean; frontId: string | null; isAnalysisOpen: boolean };

const INITIAL: TurnView = { isComparing: false, frontId: null, isAnalysisOpen: false };
const views = new Map<string, TurnView>();
const listeners = new Set<() => void>();

export function readTurnView(key: string): TurnView {
  return views.get(key) ?? INITIAL;
}

export function updateTurnView(key: string, patch: Partial<TurnView>) {
  views.set(key, { ...readTurnView(key), ...patch });
  for (const l of listeners) l();
}

/** Forgets one turn's view. */
export function resetTurnView(key: string) {
  if (!views.delete(key)) return;
  for (const l of listeners) l();
}

/** Forgets every view (tests). */
export function resetTurnViews() {
  views.clear();
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** One turn's view and its setter. */
export function useTurnView(key: string) {
  const view = useSyncExternalStore(
    subscribe,
    () => readTurnView(key),
    () => readTurnView(key),
  );
  const update = useCallback((patch: Partial<TurnView>) => updateTurnView(key, patch), [key]);
  return [view, update] as const;
}
