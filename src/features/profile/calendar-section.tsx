// The profile's calendar subscription: a private feed URL that Google Calendar, Apple Calendar and
// others poll, so booked, moved and cancelled sessions appear and update by themselves. The URL is
// shown once, when it is made (only its hash is kept); making a new one stops the old one working,
// and turning it off stops it altogether.
import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { calendarFeedQuery, makeCalendarFeed, turnOffCalendarFeed } from '../../api/calendar';
import { isApiError } from '../../api/api-error';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { TextInput } from '../../ui/text-input';
import { toast } from '../../ui/toast-store';

export function CalendarSection() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const feed = useQuery(calendarFeedQuery());
  const [url, setUrl] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const failed = (error: unknown) => setProblem(isApiError(error) ? error.message : t`This could not be saved. Please try again.`);
  const make = useMutation({
    mutationFn: () => makeCalendarFeed(queryClient),
    onSuccess: ({ message, feed: made }) => {
      setProblem(null);
      setUrl(made.url);
      toast.show({ severity: 'success', summary: message });
      // The new link is what the person came for: put them on it.
      requestAnimationFrame(() => field.current?.focus());
    },
    onError: failed,
  });
  const off = useMutation({
    mutationFn: () => turnOffCalendarFeed(queryClient),
    onSuccess: ({ message }) => {
      setProblem(null);
      setUrl(null);
      toast.show({ severity: 'success', summary: message });
    },
    onError: failed,
  });
  const busy = make.isPending || off.isPending;

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.show({ severity: 'success', summary: t`The link was copied.` });
    } catch {
      // No clipboard (an insecure origin, a refused permission): select it for the person to copy.
      field.current?.select();
      setProblem(t`The link could not be copied automatically: it is selected, copy it with your keyboard.`);
    }
  };

  return (
    <section className="profile-card profile-calendar" aria-labelledby="profile-calendar-title" aria-busy={busy || undefined}>
      <h2 id="profile-calendar-title">
        <Trans>Calendar subscription</Trans>
      </h2>
      <p className="muted" id="profile-calendar-hint">
        <Trans>
          A private link your calendar app checks by itself: your sessions appear there and update when they are moved or cancelled. In
          Google Calendar, choose “Other calendars”, then “From URL”; on an iPhone or Mac, open Calendar and choose “Add Subscription
          Calendar”, then paste the link.
        </Trans>
      </p>
      {feed.isPending ? (
        <Spinner />
      ) : feed.isError ? (
        <p className="field-error" role="alert">
          <Trans>Your calendar subscription could not be loaded. Please reload the page.</Trans>
        </p>
      ) : (
        <>
          {url ? (
            <div className="profile-calendar-link">
              <Field
                label={<Trans>Your private calendar link</Trans>}
                description={<Trans>Anyone with this link can see your sessions: keep it to yourself.</Trans>}
              >
                {(control) => (
                  <TextInput
                    {...control}
                    ref={field}
                    readOnly
                    dir="ltr"
                    value={url}
                    onFocus={(e) => e.currentTarget.select()}
                    data-testid="calendar-feed-url"
                  />
                )}
              </Field>
              <Button variant="secondary" onClick={() => void copy()}>
                <Trans>Copy link</Trans>
              </Button>
            </div>
          ) : feed.data.active ? (
            <p data-testid="calendar-feed-on">
              <Trans>
                Your subscription is on. The link is shown only once, when it is made; to see one again, make a new link (the old one then
                stops working).
              </Trans>
            </p>
          ) : null}
          <div className="profile-calendar-actions">
            <Button
              variant={feed.data.active ? 'ghost' : 'primary'}
              disabled={busy}
              aria-describedby="profile-calendar-hint"
              onClick={() => make.mutate()}
            >
              {feed.data.active ? <Trans>Make a new link</Trans> : <Trans>Create a subscription link</Trans>}
            </Button>
            {feed.data.active ? (
              <Button variant="danger" disabled={busy} onClick={() => off.mutate()}>
                <Trans>Turn off</Trans>
              </Button>
            ) : null}
          </div>
        </>
      )}
      <p className="field-error" role={problem ? 'alert' : undefined}>
        {problem}
      </p>
    </section>
  );
}
