// The user's time zone on the profile: every IANA zone this browser knows, labelled with its
// current offset, so a parent in London can say so and see lesson times in their own clock. A
// teacher's working hours are read in this zone.
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { Field } from '../../ui/field';
import { useFieldContext } from '../../ui/form-context';
import { valueBinding } from '../../ui/form-helpers';
import { fieldErrors } from '../../domain/form-messages';
import { SelectInput } from '../../ui/select-input';
import { isTimeZone } from '../../../contract/time-zones';

function zoneNames(current: string): string[] {
  // Only zones the server accepts (every layer's list); a browser may know names the database does not.
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone').filter(isTimeZone) : [];
  return all.includes(current) || !current ? all : [current, ...all];
}

function zoneNameOf(zone: string, locale: string, style: 'shortOffset' | 'longGeneric'): string {
  try {
    const parts = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: style }).formatToParts(new Date());
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/**
 * An option's text: in Arabic the zone's Arabic name and offset come first ("توقيت وسط أوروبا
 * (غرينتش+1) — Europe/Paris"); the IANA place name stays, since several places share one Arabic name
 * and the browser has no Arabic city names. In English the place name reads well on its own.
 */
function zoneLabel(zone: string, locale: string): string {
  const place = zone.replaceAll('_', ' ');
  const offset = zoneNameOf(zone, locale, 'shortOffset');
  if (!locale.startsWith('ar')) return `${place} (${offset})`;
  return `${zoneNameOf(zone, locale, 'longGeneric')} (${offset}) — ${place}`;
}

export function TimeZoneField({ teacher }: { teacher: boolean }) {
  const field = useFieldContext();
  const { t, i18n } = useLingui();
  const value = String(field.state.value ?? '');
  const options = useMemo(
    () => zoneNames(value).map((zone) => ({ value: zone, label: zoneLabel(zone, i18n.locale) })),
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
