// The fields the auth screens share — names in Arabic, phone, gender, school phase, the texted code, a new
// password with its confirmation — written once so every screen labels, binds and validates them alike.
// Each takes the TanStack Form field it renders; the caller keeps `<form.Field name validators>` so the
// form's own types check the name. The validators every caller uses are exported beside them.
import type { AnyFieldApi } from '@tanstack/react-form';
import { useLingui } from '@lingui/react/macro';
import { QUALIFICATIONS } from '../../contract/auth';
import { emailSchema, validationKeys } from '../../contract/validation';
import { Field } from '../ui/field';
import { textBinding, valueBinding } from '../ui/form-helpers';
import { PasswordStrength } from '../ui/password-strength';
import { PhoneInput, validatePhone, type PhoneValue } from '../ui/phone-input';
import { TextInput } from '../ui/text-input';
import { ChoiceGroup } from '../ui/choice-group';
import { fieldErrors, formErrorsNow } from './form-messages';
import { useCountryOptions, usePhaseOptions, useSubjectOptions } from '../api/reference-options';
import { SelectInput } from '../ui/select-input';
import { arabicNameSchema, birthDateProblem, codeProblem, experienceProblem, OTP_LENGTH, passwordProblem, requiredChoice, schemaProblem } from './rules';

interface FieldProps {
  field: AnyFieldApi;
}

export const requiredValue = (value: string) => (value === '' ? validationKeys.required : undefined);

/** Validators of the shared fields, for `<form.Field validators={…}>`. */
export const fieldValidators = {
  arabicName: { onChange: ({ value }: { value: string }) => schemaProblem(arabicNameSchema, value) },
  phone: { onChange: ({ value }: { value: PhoneValue }) => validatePhone(value) },
  required: { onChange: ({ value }: { value: string }) => requiredValue(value) },
  email: { onChange: ({ value }: { value: string }) => schemaProblem(emailSchema, value) },
  code: { onChange: ({ value }: { value: string }) => codeProblem(value) },
  password: { onChange: ({ value }: { value: string }) => passwordProblem(value) },
  birthDate: { onChange: ({ value }: { value: string }) => birthDateProblem(value) },
  experience: { onChange: ({ value }: { value: string }) => experienceProblem(value) },
  choice: { onChange: ({ value }: { value: readonly string[] }) => requiredChoice(value) },
};

export function ArabicNameField({ field, label, autoComplete }: FieldProps & { label: string; autoComplete: string }) {
  const { t, i18n } = useLingui();
  return (
    <Field label={label} required errors={fieldErrors(field, i18n)} description={t`In Arabic letters`}>
      {(control) => <TextInput {...control} {...textBinding(field)} autoComplete={autoComplete} lang="ar" dir="rtl" />}
    </Field>
  );
}

export function PhoneField({ field }: FieldProps) {
  const { t, i18n } = useLingui();
  return (
    <Field label={t`Phone number`} required errors={fieldErrors(field, i18n)}>
      {(control) => <PhoneInput {...control} name={field.name} {...valueBinding<PhoneValue>(field)} />}
    </Field>
  );
}

/** An e-mail address: `autoComplete` says whether it is the sign-in name ("username") or a contact ("email"). */
export function EmailField({ field, autoComplete }: FieldProps & { autoComplete: 'email' | 'username' }) {
  const { t, i18n } = useLingui();
  return (
    <Field label={t`Email`} required errors={fieldErrors(field, i18n)}>
      {(control) => <TextInput {...control} {...textBinding(field)} type="email" autoComplete={autoComplete} dir="ltr" inputMode="email" />}
    </Field>
  );
}

export function GenderField({ field }: FieldProps) {
  const { t, i18n } = useLingui();
  return (
    <ChoiceGroup
      legend={t`Gender`}
      name={field.name}
      required
      choices={[
        { value: 'male', label: t`Male` },
        { value: 'female', label: t`Female` },
      ]}
      errors={fieldErrors(field, i18n)}
      {...valueBinding<string>(field)}
    />
  );
}

export function PhaseField({ field }: FieldProps) {
  const { t, i18n } = useLingui();
  const phases = usePhaseOptions();
  return (
    <Field label={t`School phase`} required errors={fieldErrors(field, i18n)}>
      {(control) => (
        <SelectInput
          {...control}
          name={field.name}
          placeholder={phases.isLoading ? t`Loading…` : t`Choose the phase`}
          options={phases.data ?? []}
          {...valueBinding<string>(field)}
        />
      )}
    </Field>
  );
}

/** The texted code: one field (not six boxes) for the numeric keypad and the browser's SMS code autofill. */
export function CodeField({ field }: FieldProps) {
  const { t, i18n } = useLingui();
  return (
    <Field label={t`Verification code`} required errors={fieldErrors(field, i18n)}>
      {(control) => (
        <TextInput
          {...control}
          {...textBinding(field)}
          className="otp-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          dir="ltr"
        />
      )}
    </Field>
  );
}

/** A new password with the live strength meter. */
export function NewPasswordField({ field, label }: FieldProps & { label: string }) {
  const { i18n } = useLingui();
  return (
    <Field label={label} required errors={fieldErrors(field, i18n)} description={<PasswordStrength password={field.state.value as string} />}>
      {(control) => <TextInput {...control} {...textBinding(field)} type="password" autoComplete="new-password" dir="ltr" />}
    </Field>
  );
}

/**
 * True once the typed confirmation can no longer become the password (it is not the start of it) or is
 * as long as it: the mismatch shows while typing, without waiting for the field to lose focus, yet not
 * for the first letters of a confirmation that is on its way to matching.
 */
export function confirmationSettled(confirmation: string, password: string): boolean {
  return confirmation !== '' && password !== '' && (!password.startsWith(confirmation) || confirmation.length >= password.length);
}

export function PasswordConfirmationField({ field }: FieldProps) {
  const { t, i18n } = useLingui();
  const password = String(field.form.getFieldValue('password') ?? '');
  const value = String(field.state.value ?? '');
  const shown = fieldErrors(field, i18n);
  const live = confirmationSettled(value, password) ? formErrorsNow(field, i18n) : [];
  return (
    <Field label={t`Confirm password`} required errors={shown.length ? shown : live}>
      {(control) => <TextInput {...control} {...textBinding(field)} type="password" autoComplete="new-password" dir="ltr" />}
    </Field>
  );
}

export function BirthDateField({ field }: FieldProps) {
  const { t, i18n } = useLingui();
  return (
    <Field label={t`Birth date`} required errors={fieldErrors(field, i18n)}>
      {(control) => <TextInput {...control} {...textBinding(field)} type="date" autoComplete="bday" dir="ltr" />}
    </Field>
  );
}

export function ExperienceField({ field }: FieldProps) {
  const { t, i18n } = useLingui();
  return (
    <Field label={t`Years of experience`} required errors={fieldErrors(field, i18n)}>
      {(control) => <TextInput {...control} {...textBinding(field)} inputMode="numeric" dir="ltr" />}
    </Field>
  );
}

export function QualificationField({ field }: FieldProps) {
  const { t, i18n } = useLingui();
  const labels: Record<(typeof QUALIFICATIONS)[number], string> = {
    bachelor: t`Bachelor's degree`,
    master: t`Master's degree`,
    phd: t`Doctorate (PhD)`,
    degree: t`Academic degree`,
    file: t`Professional portfolio`,
    certificate: t`Certificate`,
  };
  return (
    <Field label={t`Education qualification`} required errors={fieldErrors(field, i18n)}>
      {(control) => (
        <SelectInput
          {...control}
          name={field.name}
          placeholder={t`Choose the qualification`}
          options={QUALIFICATIONS.map((q) => ({ value: q, label: labels[q] }))}
          {...valueBinding<string>(field)}
        />
      )}
    </Field>
  );
}

export function CountryField({ field }: FieldProps) {
  const { t, i18n } = useLingui();
  const countries = useCountryOptions();
  return (
    <Field label={t`Country`} required errors={fieldErrors(field, i18n)}>
      {(control) => (
        <SelectInput
          {...control}
          name={field.name}
          autoComplete="country"
          placeholder={countries.isLoading ? t`Loading…` : t`Choose the country`}
          options={countries.data ?? []}
          {...valueBinding<string>(field)}
        />
      )}
    </Field>
  );
}

/** The phases or the subjects a teacher teaches: checkboxes in columns, at least one. */
export function TeachingChoiceField({ field, kind }: FieldProps & { kind: 'phases' | 'subjects' }) {
  const { t, i18n } = useLingui();
  const phases = usePhaseOptions();
  const subjects = useSubjectOptions();
  return (
    <ChoiceGroup
      multiple
      columns
      legend={kind === 'phases' ? t`Phases you teach` : t`Subjects you teach`}
      name={field.name}
      required
      choices={(kind === 'phases' ? phases.data : subjects.data) ?? []}
      errors={fieldErrors(field, i18n)}
      {...valueBinding<string[]>(field)}
    />
  );
}
