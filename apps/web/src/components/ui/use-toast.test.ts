import { describe, expect, it } from 'vitest';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY, toastReducer } from '@/components/ui/use-toast';

const item = (id: string) => ({ id, open: true, title: id });

describe('toast store', () => {
  it('keeps the newest toast first and at most one', () => {
    let state = toastReducer({ toasts: [] }, { type: 'ADD_TOAST', toast: item('1') });
    state = toastReducer(state, { type: 'ADD_TOAST', toast: item('2') });
    expect(TOAST_LIMIT).toBe(1);
    expect(state.toasts.map((t) => t.id)).toEqual(['2']);
  });

  it('dismissal closes, update changes by id, removal deletes', () => {
    let state = toastReducer({ toasts: [] }, { type: 'ADD_TOAST', toast: item('1') });
    state = toastReducer(state, { type: 'UPDATE_TOAST', toast: { id: '1', title: 'changed' } });
    expect(state.toasts[0]?.title).toBe('changed');
    state = toastReducer(state, { type: 'DISMISS_TOAST', toastId: '1' });
    expect(state.toasts[0]?.open).toBe(false);
    state = toastReducer(state, { type: 'REMOVE_TOAST', toastId: '1' });
    expect(state.toasts).toEqual([]);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
  });
});
