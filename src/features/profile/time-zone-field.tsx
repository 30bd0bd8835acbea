// The user's time zone on the profile: every zone this browser knows and every layer accepts, each named
// as every time on screen names it (src/domain/time.ts) with its current offset, so a parent in London
// can say so and see lesson times on their own clock. A teacher's working hours are read in this zone.
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { Field } from '../../ui/field';
import { useFieldContext } from '../../ui/form-context';
import { valueBinding } from '../../ui/form-helpers';
import { fieldErrors } from '../../domain/form-messages';
import { SelectInput } from '../../ui/select-input';
import { isTimeZone } from '../../../contract/time-zones';
import { zoneOption } from '../../domain/time';

function zoneNames(current: string): string[] {
  // Only zones the server accepts (every layer's list); a browser may know names the database does not.
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone').filter(isTimeZone) : [];
  return all.includes(current) || !current ? all : [current, ...all];
}

export function TimeZoneField({ teacher }: { teacher: boolean }) {
  const field = useFieldContext();
  const { t, i18n } = useLingui();
  const value = String(field.state.value ?? '');
  const options = useMemo(
    () => zoneNames(value).map((zone) => ({ value: zone, label: zoneOption(zone, i18n.locale) })),
    [value, i18n.locale],
  );
  return (
    <Field
      label={t`Time zone`}
      required
      description={teacher ? t`Your working hours are in this time zone.` : t`Session times are shown in this time zone.`}
      errors={fieldErrors(field, i18n)}
    >
      {(control) => (
        <SelectInput
          {...control}
          name={field.name}
          data-place-names=""
          placeholder={t`Choose your time zone`}
          options={options}
          {...valueBinding<string>(field)}
        />
      )}
    </Field>
  );
}
