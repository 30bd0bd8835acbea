// The booking calendar (issue 11): the free start times the server offers, grouped by the viewer's
// days, as an ARIA grid — one row per day, one cell per start. One cell is in the tab order (roving
// tabindex): arrows move between starts and days (left and right mirror in Arabic), Home/End go to
// the day's first and last start, Page Up/Down move a week. A screen reader hears each cell as
// "Sunday 3 May, 4:00 PM, free". The next free start is marked. Times are the viewer's clock; when
// that differs from the teacher's, the caption names both zones.
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { sameClock } from '../../domain/zoned-time';
import { dayKey, dayLabel, timeOf, zoneName } from './slot-time';

export interface SlotPickerProps {
  slots: readonly string[];
  value: string;
  onChange: (iso: string) => void;
  teacherZone: string;
  viewerZone: string;
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
}

interface Day {
  key: string;
  label: string;
  slots: string[];
}

function byDay(slots: readonly string[], locale: string, zone: string): Day[] {
  const days: Day[] = [];
  for (const iso of slots) {
    const key = dayKey(iso, zone);
    const last = days[days.length - 1];
    if (last?.key === key) last.slots.push(iso);
    else days.push({ key, label: dayLabel(iso, locale, zone), slots: [iso] });
  }
  return days;
}

function positionOf(days: Day[], iso: string): [number, number] | null {
  for (let d = 0; d < days.length; d++) {
    const s = days[d]!.slots.indexOf(iso);
    if (s >= 0) return [d, s];
  }
  return null;
}

export function SlotPicker({ slots, value, onChange, teacherZone, viewerZone, labelId, describedBy, invalid }: SlotPickerProps) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const rtl = typeof document !== 'undefined' && document.documentElement.dir === 'rtl';
  const days = useMemo(() => byDay(slots, locale, viewerZone), [slots, locale, viewerZone]);
  const [focus, setFocus] = useState<[number, number]>(() => positionOf(days, value) ?? [0, 0]);
  const grid = useRef<HTMLDivElement>(null);
  // Keep the roving cell inside the grid when the free times change.
  const active: [number, number] = (() => {
    const d = Math.min(focus[0], Math.max(days.length - 1, 0));
    const s = Math.min(focus[1], Math.max((days[d]?.slots.length ?? 1) - 1, 0));
    return [d, s];
  })();

  // Every cell is rendered already: focusing it moves the roving tabindex through its onFocus.
  const move = (d: number, s: number) => {
    const day = Math.max(0, Math.min(days.length - 1, d));
    const slot = Math.max(0, Math.min((days[day]?.slots.length ?? 1) - 1, s));
    grid.current?.querySelector<HTMLElement>(`[data-cell="${day}-${slot}"]`)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const [d, s] = active;
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    const day = days[d];
    if (!day) return;
    if (e.key === forward) move(s + 1 < day.slots.length ? d : d + 1, s + 1 < day.slots.length ? s + 1 : 0);
    else if (e.key === back) move(s > 0 ? d : d - 1, s > 0 ? s - 1 : Number.MAX_SAFE_INTEGER);
    else if (e.key === 'ArrowDown') move(d + 1, s);
    else if (e.key === 'ArrowUp') move(d - 1, s);
    else if (e.key === 'Home') move(e.ctrlKey ? 0 : d, 0);
    else if (e.key === 'End') move(e.ctrlKey ? days.length - 1 : d, Number.MAX_SAFE_INTEGER);
    else if (e.key === 'PageDown') move(d + 7, s);
    else if (e.key === 'PageUp') move(d - 7, s);
    else return;
    e.preventDefault();
  };

  const first = slots[0];
  const mine = first ? zoneName(viewerZone, locale, first) : '';
  const theirs = first ? zoneName(teacherZone, locale, first) : '';
  const differs = first ? !sameClock(viewerZone, teacherZone, first) : false;

  if (days.length === 0) {
    return (
      <p className="slot-empty" role="status">
        <Trans>No free time in the next two weeks for this duration. Try a shorter session or another teacher.</Trans>
      </p>
    );
  }

  return (
    <div className="slot-picker">
      <p className="field-description" id={`${labelId}-zone`}>
        {differs ? (
          <Trans>
            Times are your time ({mine}). The teacher's time zone is {theirs}.
          </Trans>
        ) : (
          <Trans>Times are {mine}.</Trans>
        )}
      </p>
      <div
        ref={grid}
        role="grid"
        aria-labelledby={labelId}
        aria-describedby={[`${labelId}-zone`, describedBy].filter(Boolean).join(' ')}
        aria-invalid={invalid || undefined}
        className="slot-grid"
        onKeyDown={onKeyDown}
      >
        {days.map((day, d) => (
          <div role="row" className="slot-day" key={day.key}>
            <span role="rowheader" className="slot-day-label">
              {day.label}
            </span>
            <div className="slot-cells">
              {day.slots.map((iso, s) => {
                const selected = iso === value;
                const time = timeOf(iso, locale, viewerZone);
                const teacherTime = differs ? timeOf(iso, locale, teacherZone) : null;
                const next = d === 0 && s === 0;
                const label = [day.label, time, teacherTime ? t`${teacherTime} teacher's time` : null, next ? t`next free time` : t`free`]
                  .filter(Boolean)
                  .join(', ');
                return (
                  <button
                    key={iso}
                    type="button"
                    role="gridcell"
                    data-cell={`${d}-${s}`}
                    data-slot={iso}
                    className={`slot${selected ? ' slot-selected' : ''}${next ? ' slot-next' : ''}`}
                    aria-selected={selected}
                    aria-label={label}
                    tabIndex={active[0] === d && active[1] === s ? 0 : -1}
                    onFocus={() => setFocus([d, s])}
                    onClick={() => onChange(iso)}
                  >
                    {time}
                  </button>
                );
              })}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
