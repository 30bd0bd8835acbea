// The week layout of a slot grid (from 1024 px): seven day columns, the start times as rows, a cell
// where a day has that start and an empty square where it has none, and the buttons that page between
// weeks. Only placement lives here: the cells and keys are each calendar's own (the booking calendar's
// src/features/booking/slot-picker.tsx, the teacher's src/features/teacher-calendar), the model is
// ./slot-grid.ts, the same as the phone's day list.
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../ui/button';
import { useSyncExternalStore, type ReactNode } from 'react';
import { weekRows, type CalendarDay, type Move, type Slot } from './slot-grid';
import './slot-week.css';

const WIDE = '(min-width: 64rem)';
const subscribeWide = (change: () => void) => {
  const query = window.matchMedia?.(WIDE);
  query?.addEventListener('change', change);
  return () => query?.removeEventListener('change', change);
};
/** From 1024 px the week grid; a phone (and any environment without media queries) gets the day list. */
export const useWide = () =>
  useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia?.(WIDE).matches ?? false,
    () => false,
  );

/** Draws one free start: the calendar's cell, the same in both layouts (`column`: its aria-colindex in a week). */
export type CellOf = (day: CalendarDay, slot: Slot, column?: number) => ReactNode;

export interface WeekNavProps {
  week: readonly CalendarDay[];
  /** Shows the previous or next week (the first free start there becomes the calendar's active cell). */
  page: (move: Extract<Move, 'prevWeek' | 'nextWeek'>) => void;
  canPage: (move: Extract<Move, 'prevWeek' | 'nextWeek'>) => boolean;
}

export function WeekNav({ week, page, canPage }: WeekNavProps) {
  const first = week[0];
  const last = week[week.length - 1];
  return (
    <div className="slot-week-nav">
      <Button variant="secondary" onClick={() => page('prevWeek')} disabled={!canPage('prevWeek')}>
        <Trans>Previous week</Trans>
      </Button>
      <p className="slot-week-range" aria-live="polite">
        {first && last ? `${first.short} – ${last.short}` : null}
      </p>
      <Button variant="secondary" onClick={() => page('nextWeek')} disabled={!canPage('nextWeek')}>
        <Trans>Following week</Trans>
      </Button>
    </div>
  );
}

/**
 * The grid's rows: the day headings, then one row per start time with a cell under every free day.
 * Where the teacher is not free the square is decoration only (hidden from assistive technology, so
 * the arrows and a screen reader skip it); `aria-colindex` keeps each cell under its day's heading.
 */
export function WeekRows({
  week,
  cell,
  dayNote,
}: {
  week: readonly CalendarDay[];
  cell: CellOf;
  /** A word under a day's heading (the teacher's calendar: "Time off"), read with the day's name. */
  dayNote?: (day: CalendarDay) => string | null;
}) {
  const { t } = useLingui();
  return (
    <>
      <div role="row" className="slot-week-row slot-week-head">
        <span role="columnheader" aria-colindex={1} className="slot-week-corner">
          <span className="visually-hidden">{t`Time`}</span>
        </span>
        {week.map((day, i) => {
          const note = dayNote?.(day) ?? null;
          return (
            <span
              role="columnheader"
              aria-colindex={i + 2}
              key={day.key}
              className="slot-week-day"
              aria-label={note ? `${day.label}, ${note}` : day.label}
            >
              {day.short}
              {note ? <span className="slot-week-note">{note}</span> : null}
            </span>
          );
        })}
      </div>
      {weekRows(week).map((row) => (
        <div role="row" className="slot-week-row" key={row.minute}>
          <span role="rowheader" aria-colindex={1} className="slot-week-time">
            {row.minute < 0 ? t`Now` : row.time}
          </span>
          {week.map((day, i) => {
            const slot = day.slots.find((s) => s.minute === row.minute);
            return slot ? cell(day, slot, i + 2) : <span aria-hidden="true" key={day.key} className="slot-none" />;
          })}
        </div>
      ))}
    </>
  );
}
