// `useSelector` for the actors the shell reads (the auth actor and its stand-in, src/app/lazy-auth.ts): the
// same contract as @xstate/react's, written on React's useSyncExternalStore. @xstate/react is one
// module whose other hooks create actors, so importing it from the shell bundles XState's
// interpreter into every first visit; screens that own actors keep using it.
import { useCallback, useRef, useSyncExternalStore } from 'react';

interface Readable<S> {
  getSnapshot(): S;
  subscribe(listener: (snapshot: S) => void): { unsubscribe(): void };
}

/** The selected part of `actor`'s snapshot; re-renders only when `compare` says it changed. */
export function useSelector<S, T>(actor: Readable<S>, selector: (snapshot: S) => T, compare: (a: T, b: T) => boolean = Object.is): T {
  const last = useRef<{ snapshot: S; selector: (snapshot: S) => T; value: T } | null>(null);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = actor.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  const select = () => {
    const snapshot = actor.getSnapshot();
    const previous = last.current;
    if (previous && previous.snapshot === snapshot && previous.selector === selector) return previous.value;
    const selected = selector(snapshot);
    // An equal selection keeps the previous value, so the component sees no change.
    const value = previous && compare(previous.value, selected) ? previous.value : selected;
    last.current = { snapshot, selector, value };
    return value;
  };
  return useSyncExternalStore(subscribe, select, select);
}
