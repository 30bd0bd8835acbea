// A student's profile: names in Arabic, gender and school phase, edited with the sign-up's rules. The
// phone is the account's sign-in and is shown read-only (docs/decisions.md).
import { useForm } from '@tanstack/react-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { FormShell } from '../../ui/form-shell';
import { useSubmitAttempts, useValidateAllOnSubmit } from '../../ui/form-helpers';
import type { ProfileDetails } from './profile-api';
import { TimeZoneField } from './time-zone-field';
import { useSaveProfile } from './use-save-profile';
import { fieldValidators, GenderField, PhaseField } from '../../domain/field-groups';
import { ArabicNameFields } from '../../domain/field-sets';
import { SignInPhone } from './sign-in-phone';

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

  const attempts = useSubmitAttempts(form);

  return (
    <FormShell
      formRef={formRef}
      form={form}
      className="profile-form"
      data-attempts={attempts}
      label={t`Your details`}
      errorTitle={t`Your details could not be saved:`}
      errors={summary}
      busy={busy}
      submitLabel={<Trans>Save changes</Trans>}
    >
      <ArabicNameFields form={form} />

      <form.Field name="gender" validators={fieldValidators.required}>
        {(field) => <GenderField field={field} />}
      </form.Field>

      <div className="form-pair">
        <form.Field name="phase_id" validators={fieldValidators.required}>
          {(field) => <PhaseField field={field} />}
        </form.Field>
        <SignInPhone phone={profile.phone} />
      </div>

      <form.Field name="time_zone" validators={fieldValidators.required}>
        {(field) => <TimeZoneField field={field} teacher={false} />}
      </form.Field>
    </FormShell>
  );
}
