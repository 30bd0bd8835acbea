// A teacher's time off on their profile: the days they are away (whole days in their own zone, which the
// zone's name says), added as a first and last day and removed one by one. Nobody can book them on those
// days (the server's availability rule). Sessions already booked inside a new time off stay booked: the
// answer lists them, and each links to its details, where the teacher cancels or moves it. A refused add
// keeps the days typed, with the server's message beside the field it is about.
import { useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useStore } from '@tanstack/react-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { addTimeOff, removeTimeOff, timeOffQuery, type TimeOff } from '../../api/time-off';
import { isApiError } from '../../api/api-error';
import { useAppForm } from '../../domain/app-form';
import { calendarDay, dayKey, formatDayAndTime, zoneTime } from '../../domain/time';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/form-error';
import { applyServerErrors, submitWith, useValidateAllOnSubmit } from '../../ui/form-helpers';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';

type Days = { first_day: string; last_day: string };

/** The sessions booked inside a time off, each a link to its details (to cancel or move it). */
function HeldSessions({ sessions, zone }: { sessions: TimeOff['sessions']; zone: string }) {
  const { t, i18n } = useLingui();
  return (
    <ul className="time-off-sessions">
      {sessions.map((s) => (
        <li key={s.id}>
          <Link to="/session-details/$requestId" params={{ requestId: String(s.id) }}>
            {formatDayAndTime(s.starts_at, i18n.locale, zone)}
          </Link>{' '}
          <span className="muted">{s.status === 'approved' ? t`Booked` : t`Waiting for your answer`}</span>
        </li>
      ))}
    </ul>
  );
}

export function TimeOffSection({ zone }: { zone: string }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const list = useQuery(timeOffQuery());
  const [problem, setProblem] = useState<string[]>([]);
  const [added, setAdded] = useState<TimeOff | null>(null);
  const notice = useRef<HTMLDivElement>(null);
  const today = dayKey(new Date().toISOString(), zone);
  const zoneName = zoneTime(i18n, zone);

  const { formRef, validateAll, focusFirstInvalid } = useValidateAllOnSubmit();
  const form = useAppForm({
    defaultValues: { first_day: '', last_day: '' } as Days,
    onSubmit: ({ value }) => {
      setProblem([]);
      setAdded(null);
      add.mutate(value);
    },
    ...validateAll,
  });
  const firstDay = useStore(form.store, (state) => state.values.first_day);

  const failed = (error: unknown) => {
    if (isApiError(error) && Object.keys(error.fieldErrors).length) {
      setProblem(applyServerErrors(form, error.fieldErrors));
      focusFirstInvalid();
    } else {
      setProblem([isApiError(error) && error.serverMessage ? error.serverMessage : t`This could not be saved. Please try again.`]);
    }
  };
  const add = useMutation({
    mutationFn: (value: Days) => addTimeOff(queryClient, value),
    onSuccess: ({ message, entry }) => {
      form.reset();
      setAdded(entry);
      toast.show({ severity: 'success', summary: message });
      // Sessions to deal with: put the teacher on the list of them.
      if (entry.sessions.length) requestAnimationFrame(() => notice.current?.focus());
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (id: number) => removeTimeOff(queryClient, id),
    onSuccess: ({ message }, id) => {
      if (added?.id === id) setAdded(null);
      toast.show({ severity: 'success', summary: message });
    },
    onError: (error) =>
      setProblem([isApiError(error) && error.serverMessage ? error.serverMessage : t`This could not be saved. Please try again.`]),
  });

  return (
    <section className="profile-card time-off" id="time-off" aria-labelledby="time-off-title" aria-busy={add.isPending || undefined}>
      <h2 id="time-off-title">
        <Trans>Time off</Trans>
      </h2>
      <p className="muted" id="time-off-hint">
        <Trans>
          Whole days you are away, on your clock ({zoneName}). Families cannot book you on them; sessions already booked stay until you
          cancel or move them.
        </Trans>
      </p>
      <form ref={formRef} className="time-off-form" noValidate onSubmit={submitWith(form)} aria-describedby="time-off-hint">
        <form.AppField
          name="first_day"
          validators={{ onChange: ({ value }) => (value ? undefined : t`Choose the first day you are away.`) }}
        >
          {(field) => <field.TextField label={t`First day`} type="date" min={today} />}
        </form.AppField>
        <form.AppField
          name="last_day"
          validators={{
            onChangeListenTo: ['first_day'],
            onChange: ({ value, fieldApi }) => {
              if (!value) return t`Choose the last day you are away.`;
              const first = fieldApi.form.getFieldValue('first_day');
              return first && value < first ? t`The last day must be on or after the first day.` : undefined;
            },
          }}
        >
          {(field) => <field.TextField label={t`Last day`} type="date" min={firstDay || today} />}
        </form.AppField>
        <Button type="submit" disabled={add.isPending}>
          <Trans>Add time off</Trans>
        </Button>
      </form>
      <FormError messages={problem} />
      {added && added.sessions.length ? (
        <div className="time-off-held" role="status" tabIndex={-1} ref={notice} data-testid="time-off-held">
          <p>
            <Plural
              value={added.sessions.length}
              one="One session is already booked on these days. Open it to cancel it or move it to another time:"
              other="# sessions are already booked on these days. Open each to cancel it or move it to another time:"
            />
          </p>
          <HeldSessions sessions={added.sessions} zone={added.time_zone} />
        </div>
      ) : null}
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p className="field-error" role="alert">
          <Trans>Your time off could not be loaded. Please reload the page.</Trans>
        </p>
      ) : list.data.length === 0 ? (
        <p className="muted">
          <Trans>No time off ahead.</Trans>
        </p>
      ) : (
        <ul className="time-off-list" aria-label={t`Your time off`}>
          {list.data.map((entry) => {
            const first = calendarDay(entry.first_day, i18n.locale);
            const last = calendarDay(entry.last_day, i18n.locale);
            const range = entry.first_day === entry.last_day ? first : `${first} – ${last}`;
            const otherZone = entry.time_zone !== zone ? zoneTime(i18n, entry.time_zone) : null;
            return (
              <li key={entry.id} className="time-off-entry">
                <div className="time-off-entry-head">
                  <p className="time-off-range">
                    {range}
                    {otherZone ? <span className="muted"> ({otherZone})</span> : null}
                  </p>
                  <Button
                    variant="ghost"
                    disabled={remove.isPending}
                    aria-label={t`Remove the time off ${range}`}
                    onClick={() => remove.mutate(entry.id)}
                  >
                    <Trans>Remove</Trans>
                  </Button>
                </div>
                {entry.sessions.length ? (
                  <>
                    <p className="muted">
                      <Plural
                        value={entry.sessions.length}
                        one="One session booked inside it, to cancel or move:"
                        other="# sessions booked inside it, to cancel or move:"
                      />
                    </p>
                    <HeldSessions sessions={entry.sessions} zone={entry.time_zone} />
                  </>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
