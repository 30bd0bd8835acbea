// The profile's "how we tell you": for each kind of notification, whether it comes by e-mail, to the
// devices with notifications on and (reminders only, opt-in, within a monthly number) by SMS, and quiet
// hours (in the person's own zone) during which device notifications and texts wait for the morning.
// What must always arrive is said, not offered as a switch; a channel a kind is not offered on is an
// empty cell.
import { useId, useState, type ReactNode } from 'react';
import { useStore } from '@tanstack/react-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  CHANNELS_OF_KIND,
  NOTIFICATION_KINDS,
  PREFERENCE_CHANNELS,
  type NotificationKind,
  type NotificationPreferences,
  type PreferenceChannel,
  type PreferencesInput,
} from '../../../contract/notification-preferences';
import { isApiError } from '../../api/api-error';
import { notificationPreferencesQuery, saveNotificationPreferences } from '../../api/notification-preferences';
import { useAppForm } from '../../domain/app-form';
import { zoneTime } from '../../domain/time';
import { Button } from '../../ui/button';
import { submitWith } from '../../ui/form-helpers';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';

function kindName(kind: NotificationKind): ReactNode {
  switch (kind) {
    case 'reminders':
      return <Trans>Lesson reminders</Trans>;
    case 'bookings':
      return <Trans>Bookings and changes to them</Trans>;
    case 'messages':
      return <Trans>New messages</Trans>;
    case 'payments':
      return <Trans>Payments and receipts</Trans>;
    case 'news':
      return <Trans>Noor news and offers</Trans>;
  }
}

function kindHint(kind: NotificationKind): ReactNode {
  switch (kind) {
    case 'reminders':
      return <Trans>The evening before, and 15 minutes before each lesson.</Trans>;
    case 'bookings':
      return <Trans>Requests, answers, new times and lesson reports.</Trans>;
    case 'messages':
      return <Trans>When someone writes to you.</Trans>;
    case 'payments':
      return <Trans>Paid packages, failed payments and refunds.</Trans>;
    case 'news':
      return <Trans>New features and offers, now and then. Off unless you turn it on.</Trans>;
  }
}

function channelName(channel: PreferenceChannel): ReactNode {
  switch (channel) {
    case 'email':
      return <Trans>By e-mail</Trans>;
    case 'push':
      return <Trans>On your devices</Trans>;
    case 'sms':
      return <Trans>By text message</Trans>;
  }
}

type Draft = Pick<NotificationPreferences, 'kinds' | 'quiet_hours'>;
type Cells = Partial<Record<PreferenceChannel, boolean>>;

const inputOf = (p: NotificationPreferences): Draft => ({ kinds: p.kinds, quiet_hours: p.quiet_hours });

export function NotificationPreferencesSection() {
  const prefs = useQuery(notificationPreferencesQuery());
  return (
    <section className="profile-card profile-notification-prefs" aria-labelledby="profile-prefs-title">
      <h2 id="profile-prefs-title">
        <Trans>How we tell you</Trans>
      </h2>
      <p className="muted">
        <Trans>Everything always appears in your notifications in Noor. Choose what also reaches you outside it.</Trans>
      </p>
      {prefs.isPending ? (
        <Spinner />
      ) : prefs.isError ? (
        <p className="field-error" role="alert">
          <Trans>Your notification settings could not be loaded. Please reload the page.</Trans>
        </p>
      ) : (
        <PreferencesForm key={prefs.dataUpdatedAt} saved={prefs.data} />
      )}
    </section>
  );
}

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const ids = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const zone = zoneTime(i18n, saved.time_zone);
  const { limit: smsLimit, used: smsUsed } = saved.sms_month;
  const save = useMutation({
    mutationFn: (draft: Draft) => saveNotificationPreferences(queryClient, draft satisfies PreferencesInput),
    onSuccess: (message) => {
      setProblem(null);
      toast.show({ severity: 'success', summary: message });
    },
    onError: (error) => setProblem(isApiError(error) ? error.message : t`This could not be saved. Please try again.`),
  });

  const form = useAppForm({
    defaultValues: inputOf(saved),
    onSubmit: ({ value }) => {
      if (value.quiet_hours.start !== value.quiet_hours.end) save.mutate(value);
    },
  });
  const quiet = useStore(form.store, (state) => state.values.quiet_hours);
  const sameTimes = quiet.start === quiet.end;
  const columnId = (channel: PreferenceChannel) => `${ids}-col-${channel}`;
  const rowId = (kind: NotificationKind) => `${ids}-row-${kind}`;

  return (
    <form noValidate aria-busy={save.isPending || undefined} onSubmit={submitWith(form)}>
      <table className="prefs-table">
        <caption className="visually-hidden">
          <Trans>What reaches you outside Noor, and how</Trans>
        </caption>
        <thead>
          <tr>
            <td />
            {PREFERENCE_CHANNELS.map((channel) => (
              <th key={channel} scope="col" id={columnId(channel)}>
                {channelName(channel)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {NOTIFICATION_KINDS.map((kind) => (
            <tr key={kind}>
              <th scope="row">
                <span id={rowId(kind)}>{kindName(kind)}</span>
                <span className="prefs-hint">{kindHint(kind)}</span>
              </th>
              <form.Field name={`kinds.${kind}`}>
                {(field) =>
                  PREFERENCE_CHANNELS.map((channel) => {
                    const cells: Cells = field.state.value;
                    const checked = cells[channel];
                    return (
                      <td key={channel}>
                        {CHANNELS_OF_KIND[kind].includes(channel) && checked !== undefined ? (
                          <input
                            type="checkbox"
                            className="prefs-check"
                            aria-labelledby={`${rowId(kind)} ${columnId(channel)}`}
                            checked={checked}
                            onChange={(e) => field.handleChange({ ...field.state.value, [channel]: e.target.checked })}
                          />
                        ) : null}
                      </td>
                    );
                  })
                }
              </form.Field>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted" data-testid="prefs-always">
        <Trans>
          A cancelled lesson, and decisions about your account, always reach you wherever you can be reached: these cannot be turned off.
        </Trans>
      </p>
      {!saved.reachable.email ? (
        <p className="muted" data-testid="prefs-no-email">
          <Trans>You have no verified e-mail address yet, so nothing is sent by e-mail.</Trans>
        </p>
      ) : null}
      <p className="muted" data-testid="prefs-sms">
        <Trans>
          Text messages carry lesson reminders only, to your account’s phone number, at most {smsLimit} a month. Sent this month: {smsUsed}.
          Beyond that, reminders still come by e-mail and on your devices.
        </Trans>
      </p>
      {!saved.reachable.push ? (
        <p className="muted" data-testid="prefs-no-push">
          <Trans>No device has notifications on yet: turn them on in “Notifications on this device”.</Trans>
        </p>
      ) : null}

      <fieldset className="prefs-quiet">
        <legend>
          <Trans>Quiet hours</Trans>
        </legend>
        <form.AppField name="quiet_hours.enabled">
          {(field) => <field.CheckboxField label={<Trans>Hold device notifications and text messages during quiet hours</Trans>} />}
        </form.AppField>
        <p className="muted" id={`${ids}-quiet-hint`}>
          <Trans>
            In your time zone ({zone}). They arrive when the quiet hours end. E-mails are not held, and the 15-minute lesson reminder, or
            news about a lesson that starts before the quiet hours end, still reaches you at once.
          </Trans>
        </p>
        <div className="prefs-quiet-times">
          {(['start', 'end'] as const).map((end) => (
            <form.AppField key={end} name={`quiet_hours.${end}`}>
              {(field) => (
                // The end's error is told at once, not after leaving the field: the save waits until the two differ.
                <field.TextField
                  label={end === 'start' ? t`From` : t`Until`}
                  required={false}
                  errors={end === 'end' && sameTimes ? [t`Choose an end different from the start.`] : []}
                  type="time"
                  dir="ltr"
                  disabled={!quiet.enabled}
                />
              )}
            </form.AppField>
          ))}
        </div>
      </fieldset>
      <div className="profile-calendar-actions">
        <Button type="submit" variant="primary" disabled={save.isPending || sameTimes}>
          <Trans>Save notification settings</Trans>
        </Button>
      </div>
      <p className="field-error" role={problem ? 'alert' : undefined}>
        {problem}
      </p>
    </form>
  );
}
