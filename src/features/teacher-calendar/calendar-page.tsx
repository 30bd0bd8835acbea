// The teacher's calendar: one week of their sessions — booked, waiting for their answer, and offers they
// can still take — and their time off, on their own clock (the zone named). A phone reads a day list, a
// desk (from 1024 px) a week grid; both come from the booking calendar's slot-grid model
// (src/domain/slot-grid.ts: the sessions' half-hours grouped by the teacher's days, one row per
// half-hour a session covers) and its week layout (src/domain/slot-week.tsx). In the grid a session is a
// block as long as the session, drawn from its start over the rows it covers. Each session links to its details. The calendar opens
// at the next session (or the one under way): its row first in the grid, its day on the phone.
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Link } from '@tanstack/react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { teacherWeekQuery, type TeacherWeek } from '../../api/time-off';
import { calendarDays, positionOf, scrollTopToReveal, type CalendarDay } from '../../domain/slot-grid';
import { timeOf } from '../../domain/time';
import { useWide, WeekNav, WeekRows, type CellOf } from '../../domain/slot-week';
import { zoneTime } from '../../domain/time';
import { Button } from '../../ui/button';
import { LoadState } from '../../ui/load-state';
import './teacher-calendar.css';

type Session = TeacherWeek['sessions'][number];

const HALF_HOUR = 30 * 60_000;

/** The half-hours a session covers, from its start (at least one). */
export function halfHoursOf(session: { starts_at: string; ends_at: string }): string[] {
  const from = Date.parse(session.starts_at);
  const steps = Math.max(1, Math.round((Date.parse(session.ends_at) - from) / HALF_HOUR));
  return Array.from({ length: steps }, (_, k) => new Date(from + k * HALF_HOUR).toISOString());
}

/** The day `by` days after `day` (plain calendar dates: no zone, no clock). */
export function shiftDay(day: string, by: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + by)).toISOString().slice(0, 10);
}

function useKindText() {
  const { t } = useLingui();
  return (s: Session): string =>
    s.kind === 'offered'
      ? t`Offered to you`
      : s.kind === 'pending'
        ? t`Waiting for your answer`
        : s.status === 'finished'
          ? t`Finished`
          : t`Booked`;
}

function SessionLink({ session, zone, next, span }: { session: Session; zone: string; next: boolean; span?: number }) {
  const { t, i18n } = useLingui();
  const kind = useKindText()(session);
  const from = timeOf(session.starts_at, i18n.locale, zone);
  const to = timeOf(session.ends_at, i18n.locale, zone);
  return (
    <Link
      to="/session-details/$requestId"
      params={{ requestId: String(session.id) }}
      className={`teacher-cal-session teacher-cal-${session.status === 'finished' ? 'finished' : session.kind}`}
      data-session={session.id}
      style={span ? ({ '--span': span } as CSSProperties) : undefined}
    >
      <span className="teacher-cal-time">
        {from} – {to}
      </span>
      <span>
        {session.subject} · {session.child}
      </span>
      <span className="teacher-cal-kind">{kind}</span>
      {next ? <span className="teacher-cal-next">{t`Next session`}</span> : null}
    </Link>
  );
}

export function TeacherCalendarPage({ week, onWeek }: { week?: string | undefined; onWeek: (week: string | undefined) => void }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const answer = useQuery({ ...teacherWeekQuery(week, locale), placeholderData: keepPreviousData });
  const wide = useWide();
  // "Now" is read once: the calendar does not reshuffle while the teacher looks at it.
  const [at] = useState(() => Date.now());
  const data = answer.data;
  const zone = data?.time_zone ?? 'UTC';

  const days = useMemo<CalendarDay[]>(() => {
    if (!data) return [];
    const steps = [...new Set(data.sessions.flatMap(halfHoursOf))].sort();
    return calendarDays({ slots: steps, from: data.from, to: data.to, now: false, locale, zone: data.time_zone, at });
  }, [data, locale, at]);
  const byStart = useMemo(() => {
    const map = new Map<string, Session[]>();
    for (const s of data?.sessions ?? []) map.set(s.starts_at, [...(map.get(s.starts_at) ?? []), s]);
    return map;
  }, [data]);
  // The session to open at: the one under way, else the next; none when the week is over or empty.
  const next = data?.sessions.find((s) => Date.parse(s.ends_at) > at) ?? null;
  const offNote = (day: CalendarDay) => (data?.time_off.some((o) => o.first_day <= day.key && day.key <= o.last_day) ? t`Time off` : null);

  const box = useRef<HTMLDivElement>(null);
  const revealed = useRef('');
  useEffect(() => {
    const shown = `${wide ? 'week' : 'list'}:${data?.first_day ?? ''}`;
    const root = box.current;
    if (!data || !root || revealed.current === shown) return;
    revealed.current = shown;
    const target = next ? root.querySelector(`[data-session="${next.id}"]`) : null;
    if (!target || !positionOf(days, next!.starts_at)) return;
    if (wide) {
      // The grid scrolls inside itself: the next session's row first, under the sticky day headings.
      const row = target.closest('[role="row"]')!;
      root.scrollTop = scrollTopToReveal({
        scrollTop: root.scrollTop,
        boxTop: root.getBoundingClientRect().top,
        rowTop: row.getBoundingClientRect().top,
        stickyHeight: root.querySelector('.slot-week-head')?.getBoundingClientRect().height ?? 0,
      });
    } else {
      target.closest('.teacher-cal-day')?.scrollIntoView?.({ block: 'start' });
    }
  }, [data, days, next, wide]);

  if (!data) {
    return (
      <section className="page container teacher-cal">
        <h1>
          <Trans>Your calendar</Trans>
        </h1>
        <LoadState
          failed={answer.isError}
          failedText={<Trans>Your calendar could not be loaded. Please reload the page.</Trans>}
          loadingText={<Trans>Loading your week…</Trans>}
        />
      </section>
    );
  }

  const mine = zoneTime(i18n, zone);
  const cell: CellOf = (day, slot, column) => (
    <div role="cell" aria-colindex={column} key={`${day.key}-${slot.iso}`} className="teacher-cal-cell">
      {byStart.has(slot.iso) ? (
        <div className="teacher-cal-stack">
          {byStart.get(slot.iso)!.map((s) => (
            <SessionLink key={s.id} session={s} zone={zone} next={s.id === next?.id} span={halfHoursOf(s).length} />
          ))}
        </div>
      ) : null}
    </div>
  );

  return (
    <section className="page container teacher-cal" aria-busy={answer.isFetching || undefined}>
      <h1>
        <Trans>Your calendar</Trans>
      </h1>
      <p className="muted" id="teacher-cal-zone">
        <Trans>Times are {mine}.</Trans>{' '}
        <Link to="/profile" hash="time-off">
          <Trans>Add or remove time off</Trans>
        </Link>
      </p>
      <div className="teacher-cal-bar">
        <WeekNav
          week={days}
          page={(move) => onWeek(shiftDay(data.first_day, move === 'nextWeek' ? 7 : -7))}
          canPage={() => !answer.isFetching}
        />
        <Button variant="ghost" onClick={() => onWeek(undefined)} disabled={week === undefined}>
          <Trans>This week</Trans>
        </Button>
      </div>
      {data.sessions.length === 0 ? (
        <p className="muted" role="status">
          <Trans>No sessions this week.</Trans>
        </p>
      ) : null}
      {wide ? (
        <div
          ref={box}
          role="table"
          aria-label={t`Your week`}
          aria-describedby="teacher-cal-zone"
          aria-colcount={days.length + 1}
          className="teacher-cal-grid"
        >
          <WeekRows week={days} cell={cell} dayNote={offNote} />
        </div>
      ) : (
        <div ref={box} className="teacher-cal-list">
          {days.map((day) => {
            const note = offNote(day);
            const sessions = day.slots.flatMap((slot) => byStart.get(slot.iso) ?? []);
            return (
              <section key={day.key} className="teacher-cal-day" aria-labelledby={`teacher-cal-${day.key}`}>
                <h2 id={`teacher-cal-${day.key}`} className="teacher-cal-day-title">
                  {day.label}
                  {note ? <span className="teacher-cal-off">{note}</span> : null}
                </h2>
                {sessions.length ? (
                  <ul className="teacher-cal-sessions">
                    {sessions.map((s) => (
                      <li key={s.id}>
                        <SessionLink session={s} zone={zone} next={s.id === next?.id} />
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="muted">{note ? <Trans>You are away.</Trans> : <Trans>No sessions.</Trans>}</p>
                )}
              </section>
            );
          })}
        </div>
      )}
    </section>
  );
}
