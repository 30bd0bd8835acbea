// The toast store (spec §3 toast message, §9: 5000 ms, closable by default).
import { describe, expect, it, vi } from 'vitest';
import { createToastStore, DEFAULT_LIFE } from '../../../src/ui/toast-store';

describe('toast store', () => {
  it('defaults: life 5000 ms, closable, info severity, no group', () => {
    const store = createToastStore();
    store.show({ summary: 'Saved' });
    expect(DEFAULT_LIFE).toBe(5000);
    expect(store.getSnapshot()).toEqual([
      { id: expect.any(Number), severity: 'info', summary: 'Saved', detail: undefined, life: 5000, closable: true, group: undefined },
    ]);
  });

  it('keeps what the caller chose', () => {
    const store = createToastStore();
    store.show({ severity: 'contrast', summary: 'S', detail: 'D', life: 1000, closable: false, group: 'session' });
    expect(store.getSnapshot()[0]).toMatchObject({
      severity: 'contrast',
      summary: 'S',
      detail: 'D',
      life: 1000,
      closable: false,
      group: 'session',
    });
  });

  it('notifies subscribers, dismisses by id and clears by group', () => {
    const store = createToastStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const a = store.show({ summary: 'a' });
    store.show({ summary: 'b', group: 'g' });
    store.show({ summary: 'c', group: 'g' });
    expect(listener).toHaveBeenCalledTimes(3);
    store.dismiss(a);
    expect(store.getSnapshot().map((m) => m.summary)).toEqual(['b', 'c']);
    store.clear('g');
    expect(store.getSnapshot()).toEqual([]);
  });
});
