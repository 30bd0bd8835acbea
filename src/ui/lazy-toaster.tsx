// The toaster is loaded with the first toast: Radix Toast and its layers are ≈ 8 KB gzip that a first
// visit to the home page (budget 180 KB, `npm run size`) would otherwise download before anything
// needs saying. Queued toasts wait in the store meanwhile, so nothing shown early is lost; once loaded
// the toaster stays mounted. The first focus inside a form loads it too: a form's failure may come
// with no network (offline), when the chunk can no longer be fetched. Should it still fail to load,
// the toasts are shown plainly (same styles, no Radix) and the toaster is tried again once online.
import { useEffect, useState, type ComponentType } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { ToasterProps } from './toaster';
import { toast as defaultStore, useToasts } from './toast-store';

let loading: Promise<ComponentType<ToasterProps>> | null = null;

/** Starts loading the toaster once (again after a failure). */
function loadToaster(): Promise<ComponentType<ToasterProps>> {
  loading ??= import('./toaster').then(
    (m) => m.Toaster,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const preloadInForms = (event: FocusEvent) => {
  if (event.target instanceof Element && event.target.closest('form')) void loadToaster().catch(() => undefined);
};

export function LazyToaster(props: ToasterProps) {
  const store = props.store ?? defaultStore;
  const pending = useToasts(store).length > 0;
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (Toaster) return;
    let live = true;
    const load = () =>
      void loadToaster().then(
        (component) => live && setToaster(() => component),
        () => live && setFailed(true),
      );
    if (pending) load();
    else document.addEventListener('focusin', preloadInForms);
    window.addEventListener('online', load);
    return () => {
      live = false;
      document.removeEventListener('focusin', preloadInForms);
      window.removeEventListener('online', load);
    };
  }, [Toaster, pending]);

  if (Toaster) return <Toaster {...props} />;
  return pending && failed ? <PlainToasts {...props} /> : null;
}

/** The toasts without the toaster (it could not be loaded): the same look, each closed by its button. */
function PlainToasts({ group, store = defaultStore }: ToasterProps) {
  const { t } = useLingui();
  const messages = useToasts(store).filter((m) => m.group === group);
  return (
    <ol className="toast-viewport" aria-label={t`Notification`}>
      {messages.map((m) => (
        <li
          key={m.id}
          className="toast"
          data-severity={m.severity}
          role={m.severity === 'error' || m.severity === 'warn' ? 'alert' : 'status'}
        >
          <div className="toast-body">
            <div className="toast-summary">{m.summary}</div>
            {m.detail ? <div className="toast-detail">{m.detail}</div> : null}
          </div>
          <button type="button" className="toast-close" aria-label={t`Close notification`} onClick={() => store.dismiss(m.id)}>
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ol>
  );
}
