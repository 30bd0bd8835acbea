// A student's profile: names in Arabic, gender and school phase, edited with the sign-up's rules. The
// phone is the account's sign-in and is shown read-only (docs/decisions.md).
import { useForm, useStore } from '@tanstack/react-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { FormError } from '../../ui/form-error';
import { submitWith, useValidateAllOnSubmit } from '../../ui/form-helpers';
import { TextInput } from '../../ui/text-input';
import type { ProfileDetails } from './profile-api';
import { TimeZoneField } from './time-zone-field';
import { useSaveProfile } from './use-save-profile';
import { ArabicNameField, fieldValidators, GenderField, PhaseField } from '../../domain/field-groups';

export interface StudentProfileValues {
  first_name: string;
  last_name: string;
  gender: string;
  phase_id: string;
  time_zone: string;
}

export function studentValues(p: ProfileDetails): StudentProfileValues {
  return { first_name: p.first_name, last_name: p.last_name, gender: p.gender ?? '', phase_id: p.phase_id ? String(p.phase_id) : '', time_zone: p.time_zone };
}

export function StudentProfileForm({ profile, onSaved }: { profile: ProfileDetails; onSaved?: (p: ProfileDetails) => void }) {
  const { t } = useLingui();
  const { formRef, validateAll } = useValidateAllOnSubmit();
  const { save, busy, summary } = useSaveProfile({ formRef, onSaved });
  const form = useForm({
    defaultValues: studentValues(profile),
    ...validateAll,
    onSubmit: ({ value, formApi }) =>
      save(formApi, {
        first_name: value.first_name.trim(),
        last_name: value.last_name.trim(),
        gender: value.gender as 'male' | 'female' | 'neutral',
        phase_id: Number(value.phase_id),
        time_zone: value.time_zone,
      }),
  });

  // Fields show their errors after a submit attempt (ui/form-helpers visibleErrors reads the form's count),
  // but a field re-renders only on its own state: re-render the form when the count changes, so a field
  // that was already invalid and never left (Enter pressed in it, or Save pressed without leaving it) shows.
  const attempts = useStore(form.store, (s) => s.submissionAttempts);

  return (
    <form ref={formRef} className="form profile-form" data-attempts={attempts} noValidate aria-label={t`Your details`} onSubmit={submitWith(form)}>
      <FormError title={t`Your details could not be saved:`} messages={summary} />
      <div className="form-pair">
        <form.Field name="first_name" validators={fieldValidators.arabicName}>
          {(field) => <ArabicNameField field={field} label={t`First name`} autoComplete="given-name" />}
        </form.Field>
        <form.Field name="last_name" validators={fieldValidators.arabicName}>
          {(field) => <ArabicNameField field={field} label={t`Last name`} autoComplete="family-name" />}
        </form.Field>
      </div>

      <form.Field name="gender" validators={fieldValidators.required}>
        {(field) => <GenderField field={field} />}
      </form.Field>

      <div className="form-pair">
        <form.Field name="phase_id" validators={fieldValidators.required}>
          {(field) => <PhaseField field={field} />}
        </form.Field>
        <Field label={t`Phone number`} description={t`Your phone number is how you sign in, so it cannot be changed here. Contact us if it has changed.`}>
          {(control) => <TextInput {...control} name="phone" value={profile.phone} readOnly dir="ltr" />}
        </Field>
      </div>

      <form.Field name="time_zone" validators={fieldValidators.required}>
        {(field) => <TimeZoneField field={field} teacher={false} />}
      </form.Field>

      {/* No focus change on press: leaving a field shows its error, which moves the button down between
          press and release and the click would be lost. The submit validates and focuses anyway. */}
      <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
        <Trans>Save changes</Trans>
      </Button>
    </form>
  );
}
