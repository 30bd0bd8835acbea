// The profile's "notifications on this device": turning it on asks the browser for permission,
// registers the service worker (only here, never on a public page's first load) and sends the
// subscription to the server; reminders and answers then reach this device even when Noor is closed.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from '../../api/api-error';
import { forgetThisBrowser, pushStateQuery, removePushSubscription, savePushSubscription, thisBrowserQuery } from '../../api/push';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { browserPush, type BrowserPush } from './browser-push';

export function PushSection({ browser = browserPush }: { browser?: BrowserPush }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const supported = browser.supported();
  const state = useQuery({ ...pushStateQuery(), enabled: supported });
  const here = useQuery({ ...thisBrowserQuery(() => browser.current()), enabled: supported });
  const [problem, setProblem] = useState<string | null>(null);
  const failed = (error: unknown) => setProblem(isApiError(error) ? error.message : t`This could not be saved. Please try again.`);
  const turnOn = useMutation({
    mutationFn: async () => {
      const key = state.data?.public_key;
      if (!key) return null;
      const subscription = await browser.subscribe(key);
      if (!subscription) return null;
      return savePushSubscription(queryClient, subscription);
    },
    onSuccess: (message) => {
      if (message === null) {
        setProblem(
          t`Your browser did not allow notifications. You can allow them for this site in the browser's settings, then try again.`,
        );
        return;
      }
      setProblem(null);
      toast.show({ severity: 'success', summary: message });
    },
    onError: failed,
  });
  const turnOff = useMutation({
    mutationFn: async () => {
      const endpoint = await browser.unsubscribe();
      forgetThisBrowser(queryClient);
      return endpoint ? removePushSubscription(queryClient, endpoint) : t`Notifications on this device were turned off`;
    },
    onSuccess: (message) => {
      setProblem(null);
      toast.show({ severity: 'success', summary: message });
    },
    onError: failed,
  });
  const busy = turnOn.isPending || turnOff.isPending;
  const on = Boolean(here.data);

  let body;
  if (!supported) {
    body = (
      <p data-testid="push-unsupported">
        <Trans>This browser cannot show notifications from Noor. On an iPhone or iPad, add Noor to the home screen first.</Trans>
      </p>
    );
  } else if (state.isPending || here.isPending) {
    body = <Spinner />;
  } else if (state.isError) {
    body = (
      <p className="field-error" role="alert">
        <Trans>Your notification settings could not be loaded. Please reload the page.</Trans>
      </p>
    );
  } else if (!state.data.public_key) {
    body = (
      <p>
        <Trans>Browser notifications are not available on this server.</Trans>
      </p>
    );
  } else {
    body = (
      <>
        <p data-testid="push-status">
          {on ? <Trans>Notifications are on for this device.</Trans> : <Trans>Notifications are off for this device.</Trans>}
        </p>
        {!on && browser.permission() === 'denied' ? (
          <p className="muted">
            <Trans>Notifications are blocked for this site in your browser's settings: allow them there first.</Trans>
          </p>
        ) : null}
        <div className="profile-calendar-actions">
          {on ? (
            <Button variant="danger" disabled={busy} onClick={() => turnOff.mutate()}>
              <Trans>Turn off notifications on this device</Trans>
            </Button>
          ) : (
            <Button variant="primary" disabled={busy} aria-describedby="profile-push-hint" onClick={() => turnOn.mutate()}>
              <Trans>Turn on notifications on this device</Trans>
            </Button>
          )}
        </div>
      </>
    );
  }

  return (
    <section className="profile-card profile-push" aria-labelledby="profile-push-title" aria-busy={busy || undefined}>
      <h2 id="profile-push-title">
        <Trans>Notifications on this device</Trans>
      </h2>
      <p className="muted" id="profile-push-hint">
        <Trans>
          Lesson reminders, your teacher's answers and new messages appear on this device even when Noor is closed. Turn them on in each
          browser you use.
        </Trans>
      </p>
      {body}
      <p className="field-error" role={problem ? 'alert' : undefined}>
        {problem}
      </p>
    </section>
  );
}
