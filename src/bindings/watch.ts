// Live watching for the flows studio: posts a root actor's state value, the type of the
// event that moved it and the names of the transitions it took — never its context, nothing personal —
// on a BroadcastChannel, so /flows open in another tab highlights the current state and the model
// end-to-end run can count the transitions the real UI walked.
// Available in development builds, and in production only when the build sets VITE_FLOWS_WATCH=1 (an
// operator's choice). Where available, each tab decides with its own "watch this tab" toggle
// (sessionStorage `noor-watch`): on by default in development, off by default in production.
import { useEffect } from 'react';
import type { AnyActorRef, AnyTransitionDefinition, InspectionEvent } from 'xstate';
import { transitionId } from '../domain/transition-id';

export const WATCH_CHANNEL = 'noor-flows-watch';
const TAB_KEY = 'noor-watch';

export interface WatchMessage {
  kind: 'state';
  machine: string;
  value: unknown;
  /** The event type that led here; absent for a first or repeated announcement. */
  event?: string;
  /** transitionId() of every transition taken on the way. */
  transitions?: string[];
}

/** Whether this build lets a tab be watched at all. */
export function watchAvailable(): boolean {
  return import.meta.env.DEV || import.meta.env.VITE_FLOWS_WATCH === '1';
}

/** This tab's choice; without one, on in development and off in production. */
export function watchThisTab(): boolean {
  if (!watchAvailable()) return false;
  try {
    const chosen = globalThis.sessionStorage?.getItem(TAB_KEY);
    return chosen ? chosen === 'on' : import.meta.env.DEV;
  } catch {
    return import.meta.env.DEV;
  }
}

const announcers = new Set<() => void>();

export function setWatchThisTab(on: boolean): void {
  try {
    globalThis.sessionStorage?.setItem(TAB_KEY, on ? 'on' : 'off');
  } catch {
    // Storage blocked: the choice lasts until the page reloads only through the default.
  }
  if (on) announcers.forEach((announce) => announce());
}

/** Starts posting `actor`'s steps as `machine` (while this tab is watched); returns the stop function. */
export function watchActor(machine: string, actor: AnyActorRef): () => void {
  if (!watchAvailable() || typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(WATCH_CHANNEL);
  const post = (step: Pick<WatchMessage, 'event' | 'transitions'> = {}) => {
    if (!watchThisTab()) return;
    channel.postMessage({ kind: 'state', machine, value: actor.getSnapshot().value, ...step } satisfies WatchMessage);
  };
  const announce = () => post();
  announcers.add(announce);
  // A studio opened later asks once for the current states.
  channel.onmessage = (event: MessageEvent<{ kind?: string }>) => event.data?.kind === 'hello' && announce();
  let taken: string[] = [];
  const inspection = actor.system.inspect((event: InspectionEvent) => {
    if (event.actorRef !== actor) return;
    if (event.type === '@xstate.microstep') {
      const transitions = (event as { _transitions?: AnyTransitionDefinition[] })._transitions ?? [];
      taken.push(...transitions.map((t) => transitionId(t)));
    } else if (event.type === '@xstate.snapshot') {
      post({ event: event.event.type, transitions: taken });
      taken = [];
    }
  });
  announce();
  return () => {
    inspection.unsubscribe();
    announcers.delete(announce);
    channel.close();
  };
}

/** Watches an actor a component owns (teacher status, booking, live session) while it is mounted. */
export function useWatchedActor(machine: string, actor: AnyActorRef): void {
  useEffect(() => watchActor(machine, actor), [machine, actor]);
}
