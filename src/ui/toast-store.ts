// The toast message store (spec §3 "Toast message", §9: 5000 ms, closable by default). A tiny external
// store so that anything — the error presenter, a form, a mutation callback — can show a toast without
// React context; the Toaster subscribes to it.
import { useSyncExternalStore } from 'react';

export const SEVERITIES = ['info', 'success', 'warn', 'error', 'secondary', 'contrast'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const DEFAULT_LIFE = 5000;

export interface ToastInput {
  severity?: Severity;
  summary: string;
  detail?: string;
  /** Milliseconds before it closes itself; Infinity keeps it until closed. */
  life?: number;
  closable?: boolean;
  /** Which Toaster shows it; the default Toaster shows toasts without a group. */
  group?: string;
}

export interface ToastMessage {
  id: number;
  severity: Severity;
  summary: string;
  detail?: string;
  life: number;
  closable: boolean;
  group?: string;
}

type Listener = () => void;

export function createToastStore() {
  let messages: readonly ToastMessage[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((l) => l());

  return {
    show(input: ToastInput): number {
      const message: ToastMessage = {
        id: nextId++,
        severity: input.severity ?? 'info',
        summary: input.summary,
        detail: input.detail,
        life: input.life ?? DEFAULT_LIFE,
        closable: input.closable ?? true,
        group: input.group,
      };
      messages = [...messages, message];
      emit();
      return message.id;
    },
    dismiss(id: number): void {
      const next = messages.filter((m) => m.id !== id);
      if (next.length === messages.length) return;
      messages = next;
      emit();
    },
    /**
     * Removes the error and warning toasts: called when a form's request succeeds (or is tried again),
     * so a stale "details are not correct" never sits beside the result of the attempt that worked.
     */
    clearErrors(): void {
      const next = messages.filter((m) => m.severity !== 'error' && m.severity !== 'warn');
      if (next.length === messages.length) return;
      messages = next;
      emit();
    },
    /** Removes every toast, or every toast of one group. */
    clear(group?: string): void {
      messages = group === undefined ? [] : messages.filter((m) => m.group !== group);
      emit();
    },
    getSnapshot(): readonly ToastMessage[] {
      return messages;
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

/** The app's toast store. */
export const toast: ToastStore = createToastStore();

export function useToasts(store: ToastStore = toast): readonly ToastMessage[] {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
