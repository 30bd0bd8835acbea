// Live watching for the flows studio (issue 12): posts a root actor's state value — never its context,
// nothing personal — on a BroadcastChannel, so /flows open in another tab highlights the current
// state. Off by default; on in development builds, in production only when the build sets
// VITE_FLOWS_WATCH=1 (an operator's choice); a tab opts out with sessionStorage `noor-watch` = `off`.
import type { AnyActorRef } from 'xstate';

export const WATCH_CHANNEL = 'noor-flows-watch';

export interface WatchMessage {
  kind: 'state';
  machine: string;
  value: unknown;
}

export function watchAllowed(): boolean {
  const allowed = import.meta.env.DEV || import.meta.env.VITE_FLOWS_WATCH === '1';
  try {
    return allowed && globalThis.sessionStorage?.getItem('noor-watch') !== 'off';
  } catch {
    return allowed;
  }
}

/** Starts posting `actor`'s state values as `machine`; returns the stop function. */
export function watchActor(machine: string, actor: AnyActorRef): () => void {
  if (!watchAllowed() || typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(WATCH_CHANNEL);
  const post = () => channel.postMessage({ kind: 'state', machine, value: actor.getSnapshot().value } satisfies WatchMessage);
  // A studio opened later asks once for the current states.
  channel.onmessage = (event: MessageEvent<{ kind?: string }>) => event.data?.kind === 'hello' && post();
  const subscription = actor.subscribe(post);
  post();
  return () => {
    subscription.unsubscribe();
    channel.close();
  };
}
