// Available days with working hours: one row per day of the week (Sunday first, as the week runs in
// Qatar), a checkbox to offer the day and one or more from/to ranges (the teacher's own zone). Each control is its own form
// field, so a server error about one day's end time lands beside that time.
import { Trans, useLingui } from '@lingui/react/macro';
import { weekdayName } from '../../domain/time';
import { useFieldContext } from '../../ui/form-context';
import { fieldErrors } from './messages';

export function DayToggle({ weekday }: { weekday: number }) {
  const field = useFieldContext();
  const { i18n } = useLingui();
  return (
    <label className="choice day-toggle">
      <input
        type="checkbox"
        name={field.name}
        checked={Boolean(field.state.value)}
        onChange={(e) => field.handleChange(e.target.checked)}
        onBlur={field.handleBlur}
      />
      <span>{weekdayName(weekday, i18n.locale)}</span>
    </label>
  );
}

/**
 * A working range's from (`start`) or to (`end`) time, named with the day (and, past the first, the
 * range's number) for assistive technology.
 */
export function TimeField({ part, day, range = 0, disabled }: { part: 'start' | 'end'; day: string; range?: number; disabled: boolean }) {
  const field = useFieldContext();
  const { i18n } = useLingui();
  const errors = fieldErrors(field, i18n);
  const id = `time-${field.name.replace(/[^\w]/g, '-')}`;
  return (
    <div className={`day-time${errors.length ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {part === 'start' ? <Trans>From</Trans> : <Trans>To</Trans>}
        <span className="visually-hidden">
          {' '}
          {range === 0 ? (
            day
          ) : (
            <Trans>
              {day}, range {range + 1}
            </Trans>
          )}
        </span>
      </label>
      <input
        id={id}
        className="input"
        type="time"
        dir="ltr"
        name={field.name}
        disabled={disabled}
        value={(field.state.value as string) ?? ''}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={errors.length ? `${id}-error` : undefined}
        onChange={(e) => field.handleChange(e.target.value)}
        onBlur={() => {
          field.handleBlur();
          void field.validate('change');
        }}
      />
      <div id={`${id}-error`} className="field-error" aria-live="polite">
        {errors.map((m) => (
          <p key={m}>{m}</p>
        ))}
      </div>
    </div>
  );
}
