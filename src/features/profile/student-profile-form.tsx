// A student's profile: names in Arabic, gender and school phase, edited with the sign-up's rules. The
// phone is the account's sign-in and is shown read-only (docs/decisions.md).
import { useForm, useStore } from '@tanstack/react-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { FormError } from '../../ui/form-error';
import { submitWith, textBinding, useValidateAllOnSubmit, valueBinding } from '../../ui/form-helpers';
import { TextInput } from '../../ui/text-input';
import { ChoiceGroup } from '../../ui/choice-group';
import { focusFirstInvalidSoon } from './focus';
import { fieldErrors } from './messages';
import type { ProfileDetails } from './profile-api';
import { usePhaseOptions } from '../../api/reference-options';
import { SelectInput } from '../../ui/select-input';
import { useSaveProfile } from './use-save-profile';
import { nameProblem, requiredProblem } from './validation';

export interface StudentProfileValues {
  first_name: string;
  last_name: string;
  gender: string;
  phase_id: string;
}

export function studentValues(p: ProfileDetails): StudentProfileValues {
  return { first_name: p.first_name, last_name: p.last_name, gender: p.gender ?? '', phase_id: p.phase_id ? String(p.phase_id) : '' };
}

export function StudentProfileForm({ profile, onSaved }: { profile: ProfileDetails; onSaved?: (p: ProfileDetails) => void }) {
  const { t, i18n } = useLingui();
  const phases = usePhaseOptions();
  const { formRef, validateAll } = useValidateAllOnSubmit();
  const { save, busy, summary } = useSaveProfile({ formRef, onSaved });
  const form = useForm({
    defaultValues: studentValues(profile),
    ...validateAll,
    onSubmitInvalid: () => focusFirstInvalidSoon(formRef.current),
    onSubmit: ({ value, formApi }) =>
      save(formApi, {
        first_name: value.first_name.trim(),
        last_name: value.last_name.trim(),
        gender: value.gender as 'male' | 'female' | 'neutral',
        phase_id: Number(value.phase_id),
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
        <form.Field name="first_name" validators={{ onChange: ({ value }) => nameProblem(value) }}>
          {(field) => (
            <Field label={t`First name`} required errors={fieldErrors(field, i18n)} description={t`In Arabic letters`}>
              {(control) => <TextInput {...control} {...textBinding(field)} autoComplete="given-name" lang="ar" dir="rtl" />}
            </Field>
          )}
        </form.Field>
        <form.Field name="last_name" validators={{ onChange: ({ value }) => nameProblem(value) }}>
          {(field) => (
            <Field label={t`Last name`} required errors={fieldErrors(field, i18n)} description={t`In Arabic letters`}>
              {(control) => <TextInput {...control} {...textBinding(field)} autoComplete="family-name" lang="ar" dir="rtl" />}
            </Field>
          )}
        </form.Field>
      </div>

      <form.Field name="gender" validators={{ onChange: ({ value }) => requiredProblem(value) }}>
        {(field) => (
          <ChoiceGroup
            legend={t`Gender`}
            name="gender"
            required
            choices={[
              { value: 'male', label: t`Male` },
              { value: 'female', label: t`Female` },
            ]}
            errors={fieldErrors(field, i18n)}
            {...valueBinding<string>(field)}
          />
        )}
      </form.Field>

      <div className="form-pair">
        <form.Field name="phase_id" validators={{ onChange: ({ value }) => requiredProblem(value) }}>
          {(field) => (
            <Field label={t`School phase`} required errors={fieldErrors(field, i18n)}>
              {(control) => (
                <SelectInput
                  {...control}
                  name="phase_id"
                  placeholder={phases.isLoading ? t`Loading…` : t`Choose the phase`}
                  options={phases.data ?? []}
                  {...valueBinding<string>(field)}
                />
              )}
            </Field>
          )}
        </form.Field>
        <Field label={t`Phone number`} description={t`Your phone number is how you sign in, so it cannot be changed here. Contact us if it has changed.`}>
          {(control) => <TextInput {...control} name="phone" value={profile.phone} readOnly dir="ltr" />}
        </Field>
      </div>

      {/* No focus change on press: leaving a field shows its error, which moves the button down between
          press and release and the click would be lost. The submit validates and focuses anyway. */}
      <Button type="submit" disabled={busy} aria-busy={busy || undefined} onMouseDown={(e) => e.preventDefault()}>
        <Trans>Save changes</Trans>
      </Button>
    </form>
  );
}
