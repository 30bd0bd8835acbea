// A form whose logic (TanStack Form, zod, the phone metadata) loads only when the visitor reaches for it:
// The first-paint budget holds every public page's first download to 150 KB gzip, and the footer's newsletter and the
// contact form would otherwise bring ~50 KB to pages where most visitors never type. Until then a shell
// is on screen — the same markup with plain, uncontrolled fields, also in the prerendered HTML — so
// nothing moves when the real form takes its place; what was typed, the focused field with its caret,
// and a submit pressed meanwhile all carry over.
import { useLayoutEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { flushSync } from 'react-dom';

/** What the shell hands the real form. */
export interface Handover {
  /** Text typed into the shell, by field name. */
  values: Record<string, string>;
  /** The visitor pressed submit before the form was ready: submit once it is. */
  submit: boolean;
}

export type RealForm = ComponentType<{ handover: Handover }>;

interface Caret {
  name: string;
  start: number | null;
  end: number | null;
}

type Typed = HTMLInputElement | HTMLTextAreaElement;
const isTyped = (el: Element | null): el is Typed => el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement;

function caretOf(el: Typed): Caret {
  try {
    return { name: el.name, start: el.selectionStart, end: el.selectionEnd };
  } catch {
    // type=email has no selection API
    return { name: el.name, start: null, end: null };
  }
}

export interface DeferredFormProps {
  /** Loads the real form (a dynamic import). */
  load: () => Promise<RealForm>;
  /** The shell: a <form> with the real form's fields as plain inputs carrying the same `name`s. */
  children: ReactNode;
}

export function DeferredForm({ load, children }: DeferredFormProps) {
  const box = useRef<HTMLDivElement>(null);
  const started = useRef(false);
  const submitWanted = useRef(false);
  const caret = useRef<Caret | null>(null);
  const [real, setReal] = useState<{
    Form: RealForm;
    handover: Handover;
  } | null>(null);

  const start = () => {
    if (started.current) return;
    started.current = true;
    void load().then((Form) => {
      const form = box.current?.querySelector('form');
      const values: Record<string, string> = {};
      if (form) for (const [name, value] of new FormData(form)) if (typeof value === 'string') values[name] = value;
      const active = document.activeElement;
      caret.current = isTyped(active) && box.current?.contains(active) && active.name ? caretOf(active) : null;
      // Read and swap in one task, so no keystroke can fall between the two.
      flushSync(() => setReal({ Form, handover: { values, submit: submitWanted.current } }));
    });
  };

  // The real form's field of the same name takes the focus and caret the shell's had.
  useLayoutEffect(() => {
    const at = caret.current;
    if (!real || !at) return;
    caret.current = null;
    const el = [...(box.current?.querySelectorAll('input, textarea') ?? [])].filter(isTyped).find((e) => e.name === at.name);
    if (!el) return;
    el.focus();
    try {
      if (at.start !== null) el.setSelectionRange(at.start, at.end ?? at.start);
    } catch {
      // type=email: the caret stays at the end, where typing continues anyway
    }
  }, [real]);

  return (
    // `display: contents`: the box adds no layout of its own, so the form stays its container's item.
    <div
      ref={box}
      style={{ display: 'contents' }}
      onFocusCapture={real ? undefined : start}
      onPointerDownCapture={real ? undefined : start}
      onSubmitCapture={
        real
          ? undefined
          : (e) => {
              e.preventDefault();
              submitWanted.current = true;
              start();
            }
      }
    >
      {real ? <real.Form handover={real.handover} /> : children}
    </div>
  );
}

/** For the real form: submits once on mount when the visitor pressed submit in the shell. */
export function useHandoverSubmit(handover: Handover | undefined, submit: () => unknown): void {
  const pending = useRef(handover?.submit ?? false);
  useLayoutEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    void submit();
  });
}
