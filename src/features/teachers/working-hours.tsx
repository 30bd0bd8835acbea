// A teacher's weekly hours: one line per day with its time ranges, in the viewer's language, marked
// under a heading that names the teacher's own zone.
import { Trans, useLingui } from '@lingui/react/macro';
import type { WorkingHour } from '../../../contract/teachers';
import { clockTime, weekdayName } from '../../domain/time';
import { hoursByDay } from './format';

export function WorkingHours({ hours, compact = false }: { hours: readonly WorkingHour[]; compact?: boolean }) {
  const { i18n } = useLingui();
  const days = hoursByDay(hours);
  if (days.length === 0) {
    return (
      <p className="muted">
        <Trans>No working hours set yet.</Trans>
      </p>
    );
  }
  return (
    <dl className={compact ? 'working-hours working-hours-compact' : 'working-hours'}>
      {days.map(({ day, slots }) => (
        <div key={day} className="working-hours-day">
          <dt>{weekdayName(day, i18n.locale, compact ? 'short' : 'long')}</dt>
          <dd>
            {slots.map((s) => (
              <span key={s.from} className="working-hours-slot" dir="auto">
                {s.from === '00:00' && (s.to === '24:00' || s.to === '23:59') ? (
                  <Trans>All day</Trans>
                ) : (
                  `${clockTime(s.from, i18n.locale)} – ${clockTime(s.to, i18n.locale)}`
                )}
              </span>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}
