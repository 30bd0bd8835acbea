// A teacher's profile: names in Arabic (and optionally in Latin letters), country, gender, birth date,
// phases, subjects, qualification, years of experience, available days with working hours and a
// description (and optionally an English one), edited with the sign-up's rules. The phone and e-mail are the account's sign-in and are shown read-only.
import { Trans, useLingui } from '@lingui/react/macro';
import { QUALIFICATIONS } from '../../../contract/auth';
import { MAX_RANGES_PER_DAY, WEEKDAYS, type TeacherProfileUpdate } from '../../../contract/profile';
import type { FieldErrors } from '../../api/api-error';
import { Field } from '../../ui/field';
import { FormShell } from '../../ui/form-shell';
import { textBinding } from '../../ui/form-helpers';
import { TextArea } from '../../ui/text-area';
import { TextInput } from '../../ui/text-input';
import { fieldErrors } from './messages';
import type { ProfileDetails } from '../../api/profile';
import { useProfileForm } from './use-save-profile';
import { asciiDigits } from '../../domain/rules';
import { descriptionProblem, emptyRange, hoursValidators, type DayValue } from './validation';
import { DayToggle, TimeField } from './working-hours-fields';
import { weekdayName, zoneTime } from '../../domain/time';
import { DEFAULT_TIME_ZONE } from '../../../contract/default-zone';
import { Button } from '../../ui/button';
import { TimeZoneField } from './time-zone-field';
import { fieldValidators } from '../../domain/field-groups';
import { ArabicNameFields, TeachingFields } from '../../domain/field-sets';
import { LatinNameField } from './latin-name-field';
import { SignInPhone } from './sign-in-phone';

export interface TeacherProfileValues {
  first_name: string;
  second_name: string;
  last_name: string;
  country: string;
  gender: string;
  birth_date: string;
  phases: string[];
  subjects: string[];
  qualification: string;
  experience_years: string;
  days: DayValue[];
  description: string;
  latin_name: string;
  bio_en: string;
  time_zone: string;
}

export function teacherValues(p: ProfileDetails): TeacherProfileValues {
  return {
    first_name: p.first_name,
    second_name: p.second_name ?? '',
    last_name: p.last_name,
    country: p.country?.code ?? '',
    gender: p.gender ?? '',
    birth_date: p.birth_date ?? '',
    phases: p.phases.map((x) => String(x.id)),
    subjects: p.subjects.map((x) => String(x.id)),
    qualification: p.qualification ?? '',
    experience_years: p.experience_years === null ? '' : String(p.experience_years),
    days: WEEKDAYS.map((weekday) => {
      const ranges = p.working_hours.filter((w) => w.weekday === weekday).map((h) => ({ start: h.start_time, end: h.end_time }));
      return ranges.length ? { on: true, ranges } : { on: false, ranges: [emptyRange()] };
    }),
    description: p.description ?? '',
    latin_name: p.latin_name ?? '',
    bio_en: p.bio_en ?? '',
    time_zone: p.time_zone,
  };
}

export function teacherBody(v: TeacherProfileValues): TeacherProfileUpdate {
  return {
    first_name: v.first_name.trim(),
    second_name: v.second_name.trim(),
    last_name: v.last_name.trim(),
    country: v.country,
    gender: v.gender as 'male' | 'female' | 'neutral',
    birth_date: v.birth_date,
    phases: v.phases.map(Number),
    subjects: v.subjects.map(Number),
    qualification: v.qualification as (typeof QUALIFICATIONS)[number],
    experience_years: Number(asciiDigits(v.experience_years.trim())),
    working_hours: v.days.flatMap((d, weekday) => (d.on ? d.ranges.map((r) => ({ weekday, start_time: r.start, end_time: r.end })) : [])),
    description: v.description.trim(),
    // Empty clears them: English pages then show the Arabic name and description.
    latin_name: v.latin_name.trim(),
    bio_en: v.bio_en.trim(),
    time_zone: v.time_zone,
  };
}

/** Where each sent working-hours range sits in the form: its weekday and its place in that day. */
interface SentRange {
  weekday: number;
  index: number;
}

function sentRanges(body: TeacherProfileUpdate): SentRange[] {
  const seen = new Map<number, number>();
  return (body.working_hours ?? []).map((h) => {
    const index = seen.get(h.weekday) ?? 0;
    seen.set(h.weekday, index + 1);
    return { weekday: h.weekday, index };
  });
}

/** The server names a working-hours problem by its place in the sent list; the form by the weekday and range. */
export function teacherErrorMapper(sent: readonly SentRange[]) {
  return (errors: FieldErrors): FieldErrors => {
    const out: FieldErrors = {};
    for (const [key, messages] of Object.entries(errors)) {
      const hours = /^working_hours\.(\d+)\.(weekday|start_time|end_time)$/.exec(key);
      let name = key.split('.')[0] ?? key;
      if (hours) {
        const range = sent[Number(hours[1])];
        const part = hours[2] === 'end_time' ? 'end' : 'start';
        name =
          range === undefined
            ? 'working_hours'
            : hours[2] === 'weekday' && range.index === 0
              ? `days[${range.weekday}].on`
              : `days[${range.weekday}].ranges[${range.index}].${part}`;
      }
      out[name] = [...(out[name] ?? []), ...messages];
    }
    return out;
  };
}

export function TeacherProfileForm({ profile, onSaved }: { profile: ProfileDetails; onSaved?: (p: ProfileDetails) => void }) {
  const { t, i18n } = useLingui();
  const { form, shell } = useProfileForm(teacherValues(profile), onSaved, (value) => {
    const body = teacherBody(value);
    return { body, mapErrors: teacherErrorMapper(sentRanges(body)) };
  });

  return (
    <FormShell {...shell}>
      <ArabicNameFields form={form} second />
      <LatinNameField form={form} />

      <div className="form-pair">
        <SignInPhone phone={profile.phone} />
        <Field label={t`Email`}>
          {(control) => <TextInput {...control} name="email" value={profile.email ?? ''} readOnly dir="ltr" />}
        </Field>
      </div>

      <div className="form-pair">
        <form.AppField name="country" validators={fieldValidators.required}>
          {(field) => <field.CountryField />}
        </form.AppField>
        <form.AppField name="birth_date" validators={fieldValidators.birthDate}>
          {(field) => <field.BirthDateField />}
        </form.AppField>
      </div>

      <form.AppField name="gender" validators={fieldValidators.required}>
        {(field) => <field.GenderField />}
      </form.AppField>

      <div className="form-pair">
        <form.AppField name="qualification" validators={fieldValidators.required}>
          {(field) => <field.QualificationField />}
        </form.AppField>
        <form.AppField name="experience_years" validators={fieldValidators.experience}>
          {(field) => <field.ExperienceField />}
        </form.AppField>
      </div>

      <TeachingFields form={form} />

      <fieldset className="field working-hours" id="working-hours" tabIndex={-1}>
        <legend className="field-label">
          <Trans>Available days and working hours</Trans>
        </legend>
        {/* The hours are on the teacher's own clock: the zone chosen below, named the one way a zone is named. */}
        <form.Subscribe selector={(s) => s.values.time_zone}>
          {(zone) => {
            const hoursZone = zoneTime(i18n, zone || DEFAULT_TIME_ZONE);
            return (
              <p className="muted small" data-testid="hours-zone">
                <Trans>
                  Tick the days you teach and give the hours in {hoursZone}, the time zone chosen below. A day can have several ranges, such
                  as a break at noon.
                </Trans>
              </p>
            );
          }}
        </form.Subscribe>
        {WEEKDAYS.map((weekday) => {
          const day = weekdayName(weekday, i18n.locale);
          return (
            <div key={weekday} className="day-row" data-testid={`day-${weekday}`}>
              <form.AppField name={`days[${weekday}].on`}>{() => <DayToggle weekday={weekday} />}</form.AppField>
              <form.Subscribe selector={(s) => s.values.days[weekday]?.on ?? false}>
                {(on) => (
                  <form.Field name={`days[${weekday}].ranges`} mode="array">
                    {(rangesField) => (
                      <div className="day-ranges">
                        {rangesField.state.value.map((_, index) => (
                          <div key={index} className="day-range" data-testid={`day-${weekday}-range-${index}`}>
                            {(['start', 'end'] as const).map((part) => (
                              <form.AppField
                                key={part}
                                name={`days[${weekday}].ranges[${index}].${part}`}
                                validators={hoursValidators(weekday, index, part)}
                              >
                                {() => <TimeField part={part} day={day} range={index} disabled={!on} />}
                              </form.AppField>
                            ))}
                            {index > 0 && (
                              <Button
                                type="button"
                                variant="ghost"
                                className="day-range-remove"
                                onClick={() => rangesField.removeValue(index)}
                              >
                                <Trans>Remove</Trans>{' '}
                                <span className="visually-hidden">
                                  <Trans>
                                    range {index + 1} on {day}
                                  </Trans>
                                </span>
                              </Button>
                            )}
                          </div>
                        ))}
                        {on && rangesField.state.value.length < MAX_RANGES_PER_DAY && (
                          <Button
                            type="button"
                            variant="ghost"
                            className="day-range-add"
                            onClick={() => rangesField.pushValue(emptyRange())}
                          >
                            <Trans>Add hours</Trans>{' '}
                            <span className="visually-hidden">
                              <Trans>on {day}</Trans>
                            </span>
                          </Button>
                        )}
                      </div>
                    )}
                  </form.Field>
                )}
              </form.Subscribe>
            </div>
          );
        })}
      </fieldset>

      <form.AppField name="time_zone" validators={fieldValidators.required}>
        {() => <TimeZoneField teacher />}
      </form.AppField>

      {/* The Arabic bio, on an English page too: its own direction (dir="auto"), so it reads and aligns from the right. */}
      <form.Field name="description" validators={{ onChange: ({ value }) => descriptionProblem(value) }}>
        {(field) => (
          <Field
            label={t`About you`}
            errors={fieldErrors(field, i18n)}
            description={t`What students and parents should know about your teaching.`}
          >
            {(control) => <TextArea {...control} {...textBinding(field)} rows={5} dir="auto" />}
          </Field>
        )}
      </form.Field>

      <form.Field name="bio_en" validators={{ onChange: ({ value }) => descriptionProblem(value) }}>
        {(field) => (
          <Field
            label={t`About you in English (optional)`}
            errors={fieldErrors(field, i18n)}
            description={t`English pages show this instead of the text above; left empty, they show the text above.`}
          >
            {(control) => <TextArea {...control} {...textBinding(field)} rows={5} lang="en" dir="ltr" />}
          </Field>
        )}
      </form.Field>
    </FormShell>
  );
}
