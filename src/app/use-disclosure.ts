// One disclosure (a button that shows and hides a panel) for the header's overflow menu and account
// menu: Escape closes it and gives focus back to its button, a click outside or on a link inside
// closes it, so the next page is never hidden behind an open panel.
import { useCallback, useEffect, useId, useRef, useState, type MouseEvent } from 'react';

export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const closeOnLink = useCallback((e: MouseEvent<HTMLElement>) => {
    if ((e.target as HTMLElement).closest('a')) setOpen(false);
  }, []);

  const toggle = useCallback(() => setOpen((o) => !o), []);
  return { open, setOpen, toggle, panelId, buttonRef, rootRef, closeOnLink };
}
