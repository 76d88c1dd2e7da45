import { type ReactNode, useEffect, useState } from 'react';

/** The shadcn/ui toast store with Radix Toast's constants (SPEC.md section 9). */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DEFAULT_DURATION = 5000;

export type ToastItem = {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  variant?: 'default' | 'destructive' | 'success';
  duration?: number;
  open: boolean;
};

type Action =
  | { type: 'ADD_TOAST'; toast: ToastItem }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToastItem> & { id: string } }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string };

export type ToastState = { toasts: ToastItem[] };

/** Newest first, at most TOAST_LIMIT kept; dismissal closes, removal deletes. */
export function toastReducer(state: ToastState, action: Action): ToastState {
  switch (action.type) {
    case 'ADD_TOAST':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE_TOAST':
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case 'DISMISS_TOAST':
      return { toasts: state.toasts.map((t) => (action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t)) };
    case 'REMOVE_TOAST':
      return { toasts: action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId) };
  }
}

const listeners = new Set<(s: ToastState) => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let memory: ToastState = { toasts: [] };
let count = 0;

function dispatch(action: Action) {
  memory = toastReducer(memory, action);
  for (const l of listeners) l(memory);
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      dispatch({ type: 'REMOVE_TOAST', toastId: id });
    }, TOAST_REMOVE_DELAY),
  );
}

export function dismissToast(toastId?: string) {
  const ids = toastId ? [toastId] : memory.toasts.map((t) => t.id);
  for (const id of ids) scheduleRemoval(id);
  dispatch({ type: 'DISMISS_TOAST', toastId });
}

/** Shows a toast; returns handles to update or dismiss it. */
export function toast(props: Omit<ToastItem, 'id' | 'open'>) {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(count);
  dispatch({ type: 'ADD_TOAST', toast: { duration: TOAST_DEFAULT_DURATION, ...props, id, open: true } });
  return {
    id,
    update: (next: Partial<ToastItem>) => dispatch({ type: 'UPDATE_TOAST', toast: { ...next, id } }),
    dismiss: () => dismissToast(id),
  };
}

export function clearToasts() {
  dispatch({ type: 'REMOVE_TOAST' });
}

export function useToast() {
  const [state, setState] = useState(memory);
  useEffect(() => {
    listeners.add(setState);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return { ...state, toast, dismiss: dismissToast };
}
