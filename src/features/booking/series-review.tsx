// "Repeat every week at this time" on the booking review (loaded only when the review shows, so the
// booking route's first download does not carry it): a number of weeks (2–12), then the server's
// preview of each week (POST v1/series/preview: the booking rule week by week) listed on the viewer's
// clock with the zone named, the weeks that are not free marked with why, and what the series takes
// from the balance. The free weeks are what "Send the request" books (handed up through `onChoice`).
import './series-review.css';
import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { MAX_REPEAT_WEEKS, MIN_REPEAT_WEEKS } from '../../../contract/series';
import type { BookingSeries } from '../../../machines/booking.machine';
import { api, type ApiClient } from '../../api/client';
import { seriesPreviewQuery, type SeriesPreviewBody } from '../../api/series';
import { formatSessionTime, zoneTime } from '../../domain/time';
import { bookingMessage } from './texts';

export interface SeriesReviewProps {
  teacherId: number;
  subjectId: number;
  childId: number | undefined;
  startsAt: string;
  durationHours: number;
  viewerZone: string;
  /** The series already chosen (a reload or the packages detour brings it back), or null. */
  chosen: BookingSeries | null;
  /** The series the confirm books, or null for one lesson: the free weeks of the preview. */
  onChoice: (choice: BookingSeries | null) => void;
  client?: ApiClient;
}

const stateTexts: Record<'taken' | 'unavailable' | 'over_balance', MessageDescriptor> = {
  taken: msg`Not free: the teacher has another session`,
  unavailable: msg`Not free`,
  over_balance: msg`Not covered by your hours`,
};

export function SeriesReview(props: SeriesReviewProps) {
  const { teacherId, subjectId, childId, startsAt, durationHours, viewerZone, chosen, onChoice, client = api } = props;
  const { t, i18n } = useLingui();
  // Opens as it was left: a restored draft's series shows ticked with its number of weeks.
  const [on, setOn] = useState(chosen !== null);
  const [weeks, setWeeks] = useState(chosen?.repeatWeeks ?? 4);
  // What is typed; the series follows it once it is a whole number of weeks in range.
  const [draft, setDraft] = useState(String(chosen?.repeatWeeks ?? 4));
  const ids = { check: useId(), weeks: useId(), list: useId() };
  const body: SeriesPreviewBody = {
    teacher_id: teacherId,
    subject_id: subjectId,
    ...(childId ? { child_id: childId } : {}),
    type: 'schedule',
    starts_at: startsAt,
    duration_hours: durationHours,
    repeat_weeks: weeks,
    time_zone: viewerZone,
  };
  const preview = useQuery({ ...seriesPreviewQuery(body, client), enabled: on });
  const data = on ? preview.data : undefined;
  const free = data?.weeks.filter((w) => w.state === 'free').map((w) => w.week) ?? [];
  const freeKey = free.join(',');

  // The choice goes to the booking's fields once the preview has answered (until then a restored
  // series stands), and only when it differs, so an unchanged review sends nothing.
  const answered = data !== undefined;
  const chosenKey = chosen ? `${chosen.repeatWeeks}|${chosen.weeks.join(',')}|${chosen.timeZone}` : '';
  useEffect(() => {
    if (on && !answered) return;
    const next = on && freeKey ? { repeatWeeks: weeks, weeks: freeKey.split(',').map(Number), timeZone: viewerZone } : null;
    const nextKey = next ? `${next.repeatWeeks}|${next.weeks.join(',')}|${next.timeZone}` : '';
    if (nextKey !== chosenKey) onChoice(next);
  }, [on, answered, weeks, freeKey, viewerZone, chosenKey, onChoice]);

  const hoursTaken = Math.round((data?.minutes ?? 0) / 60);
  const hoursLeft = Math.floor((data?.minutes_left ?? 0) / 60);
  const zone = zoneTime(i18n, viewerZone);

  return (
    <fieldset className="series-review" data-testid="series-review">
      <legend className="visually-hidden">{t`Repeat every week`}</legend>
      <div className="booking-check">
        <input id={ids.check} type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} />
        <label htmlFor={ids.check}>
          <Trans>Repeat every week at this time</Trans>
        </label>
      </div>
      {on ? (
        <>
          <div className="field series-weeks">
            <label htmlFor={ids.weeks} className="field-label">
              <Trans>Number of weeks</Trans>
            </label>
            <input
              id={ids.weeks}
              className="input"
              type="number"
              inputMode="numeric"
              min={MIN_REPEAT_WEEKS}
              max={MAX_REPEAT_WEEKS}
              value={draft}
              aria-describedby={`${ids.weeks}-hint`}
              aria-invalid={draft === String(weeks) ? undefined : true}
              onChange={(e) => {
                setDraft(e.target.value);
                const n = Number(e.target.value);
                if (Number.isInteger(n) && n >= MIN_REPEAT_WEEKS && n <= MAX_REPEAT_WEEKS) setWeeks(n);
              }}
              onBlur={() => setDraft(String(weeks))}
            />
            <p id={`${ids.weeks}-hint`} className="field-description">
              <Trans>
                From {MIN_REPEAT_WEEKS} to {MAX_REPEAT_WEEKS} weeks
              </Trans>
            </p>
          </div>
          {preview.isError ? (
            <p className="field-error" role="alert">
              <Trans>The weeks could not be checked. Please try again.</Trans>
            </p>
          ) : !data ? (
            <p className="muted" role="status">
              <Trans>Checking each week…</Trans>
            </p>
          ) : (
            <>
              <p className="muted small" id={ids.list}>
                <Trans>Times on your clock ({zone})</Trans>
              </p>
              <ol className="series-weeks-list" aria-labelledby={ids.list} data-testid="series-weeks">
                {data.weeks.map((w) => (
                  <li key={w.week} className={w.state === 'free' ? 'series-week' : 'series-week series-week-off'} data-state={w.state}>
                    <time dateTime={w.starts_at}>{formatSessionTime(w.starts_at, i18n.locale, viewerZone)}</time>
                    {w.state === 'free' ? null : (
                      <span className="series-week-why">
                        {' — '}
                        {w.state === 'unavailable' && w.code ? bookingMessage(w.code, i18n) : i18n._(stateTexts[w.state])}
                      </span>
                    )}
                  </li>
                ))}
              </ol>
              <p role="status" data-testid="series-cost">
                {free.length === 0 ? (
                  <Trans>No week of this series is free. Choose another time.</Trans>
                ) : (
                  <>
                    <Plural value={free.length} one="# lesson will be booked." other="# lessons will be booked." />{' '}
                    {data.free_trial ? <Trans>The first is your free trial.</Trans> : null}{' '}
                    <Plural value={hoursTaken} _0="It takes none of your hours" one="It takes # hour" other="It takes # hours" />
                    {'; '}
                    <Plural value={hoursLeft} _0="none left after it." one="# hour left after it." other="# hours left after it." />
                  </>
                )}
              </p>
            </>
          )}
        </>
      ) : null}
    </fieldset>
  );
}
