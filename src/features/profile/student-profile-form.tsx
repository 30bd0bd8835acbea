// A student's profile: names in Arabic, gender and school phase, edited with the sign-up's rules. The
// phone is the account's sign-in and is shown read-only (docs/decisions.md).
import { FormShell } from '../../ui/form-shell';
import type { ProfileDetails } from '../../api/profile';
import { useProfileForm } from './use-save-profile';
import { fieldValidators } from '../../domain/field-groups';
import { ArabicNameFields } from '../../domain/field-sets';
import { SignInPhone } from './sign-in-phone';
import { TimeZoneField } from './time-zone-field';

export interface StudentProfileValues {
  first_name: string;
  last_name: string;
  gender: string;
  phase_id: string;
  time_zone: string;
}

export function studentValues(p: ProfileDetails): StudentProfileValues {
  return {
    first_name: p.first_name,
    last_name: p.last_name,
    gender: p.gender ?? '',
    phase_id: p.phase_id ? String(p.phase_id) : '',
    time_zone: p.time_zone,
  };
}

export function StudentProfileForm({ profile, onSaved }: { profile: ProfileDetails; onSaved?: (p: ProfileDetails) => void }) {
  const { form, shell } = useProfileForm(studentValues(profile), onSaved, (value) => ({
    body: {
      first_name: value.first_name.trim(),
      last_name: value.last_name.trim(),
      gender: value.gender as 'male' | 'female' | 'neutral',
      phase_id: Number(value.phase_id),
      time_zone: value.time_zone,
    },
  }));

  return (
    <FormShell {...shell}>
      <ArabicNameFields form={form} />

      <form.AppField name="gender" validators={fieldValidators.required}>
        {(field) => <field.GenderField />}
      </form.AppField>

      <div className="form-pair">
        <form.AppField name="phase_id" validators={fieldValidators.required}>
          {(field) => <field.PhaseField />}
        </form.AppField>
        <SignInPhone phone={profile.phone} />
      </div>

      <form.AppField name="time_zone" validators={fieldValidators.required}>
        {() => <TimeZoneField teacher={false} />}
      </form.AppField>
    </FormShell>
  );
}
