// The user's time zone on the profile (issue 11): every IANA zone this browser knows, labelled with its
// current offset, so a parent in London can say so and see lesson times in their own clock. A
// teacher's working hours are read in this zone.
import type { AnyFieldApi } from '@tanstack/react-form';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { Field } from '../../ui/field';
import { valueBinding } from '../../ui/form-helpers';
import { fieldErrors } from '../../domain/form-messages';
import { SelectInput } from '../../ui/select-input';

function zoneNames(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(current) || !current ? all : [current, ...all];
}

function offsetLabel(zone: string, locale: string): string {
  try {
    const parts = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(new Date());
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

export function TimeZoneField({ field, teacher }: { field: AnyFieldApi; teacher: boolean }) {
  const { t, i18n } = useLingui();
  const value = String(field.state.value ?? '');
  const options = useMemo(
    () => zoneNames(value).map((zone) => ({ value: zone, label: `${zone.replaceAll('_', ' ')} (${offsetLabel(zone, i18n.locale)})` })),
    [value, i18n.locale],
  );
  return (
    <Field
      label={t`Time zone`}
      required
      description={teacher ? t`Your working hours are in this time zone.` : t`Session times are shown in this time zone.`}
      errors={fieldErrors(field, i18n)}
    >
      {(control) => <SelectInput {...control} name={field.name} dir="ltr" placeholder={t`Choose your time zone`} options={options} {...valueBinding<string>(field)} />}
    </Field>
  );
}
