// The booking calendar: the free start times the server offers as an ARIA grid, a day list
// on a phone and a week grid (seven day columns, times as rows, week paging) from 1024 px. One
// component holds what both share — the model (./slot-grid.ts), the roving tabindex (one cell in the
// tab order), the keys and the cells — and the layout only places the cells. Arrows move between
// starts and days (left and right mirror in Arabic), Home/End go to the day's first and last start
// (with Ctrl: the calendar's), Page Up/Down move a week. A screen reader hears each cell as "Sunday
// 3 May, 4:00 PM, free". "Now" (the teacher can take an urgent request) is today's first cell; the
// next free start is marked. Times are the viewer's clock; when that differs from the teacher's, the
// caption names both zones and each cell's label says the teacher's time.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { sameClock, timeOf, zoneTime } from '../../domain/time';
import {
  calendarDays,
  moveFrom,
  NOW,
  openingSlot,
  positionOf,
  scrollTopToReveal,
  WEEK_DAYS,
  weekOf,
  type CalendarDay,
  type Move,
} from '../../domain/slot-grid';
import { genderKey, type TeacherGender } from '../../domain/teacher-gender';
import { useWide, WeekNav, WeekRows, type CellOf } from '../../domain/slot-week';

export interface SlotPickerProps {
  slots: readonly string[];
  /** The window the free times were computed for (UTC ISO; '' when unknown). */
  from: string;
  to: string;
  /** Offer "now": the teacher can take an urgent request (or one is already chosen). */
  now: boolean;
  /** The chosen start (ISO), NOW, or ''. */
  value: string;
  onChange: (value: string) => void;
  teacherZone: string;
  teacherGender: TeacherGender;
  viewerZone: string;
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
}

/** Which move each key asks for. In the day list a row is a day; in the week grid a column is. */
const KEYS: Record<'list' | 'week', Record<'forward' | 'back' | 'down' | 'up', Move>> = {
  list: { forward: 'nextTime', back: 'prevTime', down: 'nextDay', up: 'prevDay' },
  week: { forward: 'nextDay', back: 'prevDay', down: 'nextTime', up: 'prevTime' },
};

function moveOf(e: KeyboardEvent, layout: 'list' | 'week', rtl: boolean): Move | null {
  const keys = KEYS[layout];
  switch (e.key) {
    case rtl ? 'ArrowLeft' : 'ArrowRight':
      return keys.forward;
    case rtl ? 'ArrowRight' : 'ArrowLeft':
      return keys.back;
    case 'ArrowDown':
      return keys.down;
    case 'ArrowUp':
      return keys.up;
    case 'Home':
      return e.ctrlKey ? 'first' : 'dayStart';
    case 'End':
      return e.ctrlKey ? 'last' : 'dayEnd';
    case 'PageDown':
      return 'nextWeek';
    case 'PageUp':
      return 'prevWeek';
    default:
      return null;
  }
}

function DayList({ days, cell }: { days: CalendarDay[]; cell: CellOf }) {
  return days
    .filter((day) => day.slots.length > 0)
    .map((day) => (
      <div role="row" className="slot-day" key={day.key}>
        <span role="rowheader" className="slot-day-label">
          {day.label}
        </span>
        <div className="slot-cells">{day.slots.map((slot) => cell(day, slot))}</div>
      </div>
    ));
}

export function SlotPicker({
  slots,
  from,
  to,
  now,
  value,
  onChange,
  teacherZone,
  teacherGender,
  viewerZone,
  labelId,
  describedBy,
  invalid,
}: SlotPickerProps) {
  const gender = genderKey(teacherGender);
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const rtl = typeof document !== 'undefined' && document.documentElement.dir === 'rtl';
  const layout = useWide() ? 'week' : 'list';
  // "Today" is read once: the calendar does not reshuffle while the student looks at it.
  const [at] = useState(() => Date.now());
  const days = useMemo(
    () => calendarDays({ slots, from, to, now, locale, zone: viewerZone, at }),
    [slots, from, to, now, locale, viewerZone, at],
  );
  const [focus, setFocus] = useState<string | null>(null);
  const grid = useRef<HTMLDivElement>(null);
  const pending = useRef(false);
  const firstFree = days.find((day) => day.slots.length)?.slots[0]?.iso ?? null;
  const nextFree = days.flatMap((day) => day.slots).find((slot) => slot.iso !== NOW)?.iso ?? null;
  // The roving cell: the one last focused, else the chosen start, else the first; always one that exists.
  const active = (focus && positionOf(days, focus) ? focus : null) ?? openingSlot(days, value);
  const weekStart = weekOf((active ? positionOf(days, active)?.[0] : 0) ?? 0) * WEEK_DAYS;

  // On opening, and when the layout or the week shown changes: the scrolling grid shows the active
  // cell's row first (the next free time, not midnight), without moving the page or the focus. The
  // phone's day list holds every week at once, so choosing a cell of a later week never scrolls it:
  // a scroll between the press and the release would move the cell away from under the finger.
  const revealed = useRef('');
  useEffect(() => {
    const shown = layout === 'week' ? `week:${weekStart}` : 'list';
    const box = grid.current;
    const row = active ? box?.querySelector(`[data-slot="${active}"]`)?.closest('[role="row"]') : null;
    if (revealed.current === shown || !box || !row) return;
    revealed.current = shown;
    // Under the sticky day headings (week grid) and the grid's own padding.
    const sticky =
      (box.querySelector('.slot-week-head')?.getBoundingClientRect().height ?? 0) + (parseFloat(getComputedStyle(box).paddingTop) || 0);
    box.scrollTop = scrollTopToReveal({
      scrollTop: box.scrollTop,
      boxTop: box.getBoundingClientRect().top,
      rowTop: row.getBoundingClientRect().top,
      stickyHeight: sticky,
    });
  }, [layout, weekStart, active]);

  // A key moved the focus to a cell that may only now be drawn (another week): focus it once it is.
  useEffect(() => {
    if (!pending.current || !active) return;
    pending.current = false;
    grid.current?.querySelector<HTMLElement>(`[data-slot="${active}"]`)?.focus();
  });

  const go = (iso: string | null, moveFocus: boolean) => {
    if (!iso) return;
    pending.current = moveFocus;
    setFocus(iso);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const move = moveOf(e, layout, rtl);
    if (!move || !active) return;
    e.preventDefault();
    go(moveFrom(days, active, move, layout === 'list'), true);
  };

  if (!firstFree) {
    return (
      <p className="slot-empty" role="status">
        <Trans>No free time in the next two weeks for this duration. Try a shorter session or another teacher.</Trans>
      </p>
    );
  }

  const sample = slots[0] ?? new Date().toISOString();
  const mine = zoneTime(i18n, viewerZone);
  const theirs = zoneTime(i18n, teacherZone);
  const differs = !sameClock(viewerZone, teacherZone, sample);

  const week = days.slice(weekStart, weekStart + WEEK_DAYS);

  const cell: CellOf = (day, slot, column) => {
    const isNow = slot.iso === NOW;
    const teacherTime = differs && !isNow ? timeOf(slot.iso, locale, teacherZone) : null;
    const next = slot.iso === nextFree;
    const label = isNow
      ? [day.label, t`now`, t`${select(gender, { female: 'the teacher is available', other: 'the teacher is available' })}`].join(', ')
      : [
          day.label,
          slot.time,
          teacherTime ? t`${select(gender, { female: `${teacherTime} teacher's time`, other: `${teacherTime} teacher's time` })}` : null,
          next ? t`next free time` : t`free`,
        ]
          .filter(Boolean)
          .join(', ');
    const selected = slot.iso === value;
    return (
      <button
        key={slot.iso}
        type="button"
        role="gridcell"
        data-slot={slot.iso}
        aria-colindex={column}
        className={`slot${selected ? ' slot-selected' : ''}${next ? ' slot-next' : ''}${isNow ? ' slot-now' : ''}`}
        aria-selected={selected}
        aria-label={label}
        tabIndex={slot.iso === active ? 0 : -1}
        onFocus={() => setFocus(slot.iso)}
        onClick={() => onChange(slot.iso)}
      >
        {isNow ? t`Now` : slot.time}
      </button>
    );
  };

  return (
    <div className={`slot-picker slot-picker-${layout}`}>
      <p className="field-description" id={`${labelId}-zone`}>
        {differs ? (
          t`${select(gender, { female: `Times are ${mine}; the teacher's hours are ${theirs}.`, other: `Times are ${mine}; the teacher's hours are ${theirs}.` })}`
        ) : (
          <Trans>Times are {mine}.</Trans>
        )}
      </p>
      {layout === 'week' ? (
        <WeekNav
          week={week}
          page={(move) => go(moveFrom(days, active!, move, false), false)}
          canPage={(move) => moveFrom(days, active!, move, false) !== null}
        />
      ) : null}
      <div
        ref={grid}
        role="grid"
        aria-labelledby={labelId}
        aria-describedby={[`${labelId}-zone`, describedBy].filter(Boolean).join(' ')}
        aria-invalid={invalid || undefined}
        aria-colcount={layout === 'week' ? WEEK_DAYS + 1 : undefined}
        className={`slot-grid slot-grid-${layout}`}
        onKeyDown={onKeyDown}
      >
        {layout === 'week' ? <WeekRows week={week} cell={cell} /> : <DayList days={days} cell={cell} />}
      </div>
    </div>
  );
}
