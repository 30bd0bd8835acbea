// The fields the auth and profile forms share — names in Arabic, phone, gender, school phase, the texted
// code, a new password with its confirmation, a teacher's facts — written once so every screen labels,
// binds and validates them alike. `TextField` and `SelectField` are the two shapes most of them take.
// Each renders the field of the `form.AppField` around it (src/domain/app-form.tsx pre-binds them); the
// caller keeps `name` and `validators` so the form's own types check the name. The validators every
// caller uses are exported beside them.
import { useMemo, type ReactNode, type Ref } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { QUALIFICATIONS } from '../../contract/auth';
import { emailSchema, validationKeys } from '../../contract/validation';
import { Field } from '../ui/field';
import { useFieldContext } from '../ui/form-context';
import { textBinding, valueBinding } from '../ui/form-helpers';
import { PasswordStrength } from '../ui/password-strength';
import { PhoneInput, validatePhone, type CountryCode, type PhoneValue } from '../ui/phone-input';
import { TextInput, type TextInputProps } from '../ui/text-input';
import { ChoiceGroup } from '../ui/choice-group';
import { FileInput } from '../ui/file-input';
import { fieldErrors, formErrorsNow } from './form-messages';
import { useCountryOptions, usePhaseOptions, useSubjectOptions } from '../api/reference-options';
import { countriesQuery } from '../api/reference';
import { SelectInput, type SelectInputProps } from '../ui/select-input';
import {
  arabicNameSchema,
  birthDateProblem,
  codeProblem,
  experienceProblem,
  OTP_LENGTH,
  passwordProblem,
  requiredChoice,
  schemaProblem,
} from './rules';

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
  /** A birth date that may be left empty (a child's). */
  optionalBirthDate: { onChange: ({ value }: { value: string }) => (value === '' ? undefined : birthDateProblem(value)) },
  experience: { onChange: ({ value }: { value: string }) => experienceProblem(value) },
  choice: { onChange: ({ value }: { value: readonly string[] }) => requiredChoice(value) },
};

type TextFieldProps = TextInputProps & {
  label: string;
  description?: ReactNode;
  /** Messages to show now, instead of the field's own once touched (a server's answer, a rule told at once). */
  errors?: string[];
  required?: boolean;
  /** The input itself, for a form that moves the focus to it. */
  ref?: Ref<HTMLInputElement>;
  /** A class on the field's wrapper (label, input and errors); `className` styles the input. */
  fieldClassName?: string;
};

/** A text field (required unless said): the labelled input bound to the field, its visible errors below. */
export function TextField({ label, description, errors, required = true, fieldClassName, ...input }: TextFieldProps) {
  const field = useFieldContext<string>();
  const { i18n } = useLingui();
  return (
    <Field
      label={label}
      required={required}
      errors={errors ?? fieldErrors(field, i18n)}
      description={description}
      className={fieldClassName}
    >
      {(control) => <TextInput {...control} {...textBinding(field)} {...input} />}
    </Field>
  );
}

/** A yes-or-no choice, bound to the field: the box before its words, one label around both. */
export function CheckboxField({ label }: { label: ReactNode }) {
  const field = useFieldContext<boolean>();
  return (
    <label className="choice">
      <input
        type="checkbox"
        name={field.name}
        checked={field.state.value}
        onChange={(e) => field.handleChange(e.target.checked)}
        onBlur={field.handleBlur}
      />
      <span>{label}</span>
    </label>
  );
}

/** A required single choice from a list (native select), bound to the field. */
export function SelectField({ label, ...select }: Omit<SelectInputProps, 'value' | 'onChange'> & { label: string }) {
  const field = useFieldContext<string>();
  const { i18n } = useLingui();
  return (
    <Field label={label} required errors={fieldErrors(field, i18n)}>
      {(control) => <SelectInput {...control} name={field.name} {...select} {...valueBinding<string>(field)} />}
    </Field>
  );
}

/** A document to upload (image or PDF), bound to the field; `required` marks it for the sign-up. */
export function FileField({ label, required = false, disabled }: { label: string; required?: boolean; disabled?: boolean }) {
  const field = useFieldContext<File | null>();
  const { i18n } = useLingui();
  return (
    <Field label={label} required={required} errors={fieldErrors(field, i18n)}>
      {(control) => <FileInput {...control} name={field.name} {...valueBinding<File | null>(field)} disabled={disabled} />}
    </Field>
  );
}

export function ArabicNameField({ label, autoComplete }: { label: string; autoComplete: string }) {
  const { t } = useLingui();
  return <TextField label={label} description={t`In Arabic letters`} autoComplete={autoComplete} lang="ar" dir="rtl" />;
}

/**
 * `acceptedCountries`: offer only the countries the server accepts for a new account (its countries
 * list, GET v1/countries; a sign-up with any other is refused). Until the list arrives, every country.
 */
export function PhoneField({ acceptedCountries = false }: { acceptedCountries?: boolean } = {}) {
  const field = useFieldContext<PhoneValue>();
  const { t, i18n } = useLingui();
  const accepted = useQuery({ ...countriesQuery(i18n.locale), enabled: acceptedCountries }).data;
  const only = useMemo(() => (accepted ? accepted.map((c) => c.code as CountryCode) : undefined), [accepted]);
  return (
    <Field label={t`Phone number`} required errors={fieldErrors(field, i18n)}>
      {(control) => <PhoneInput {...control} name={field.name} {...valueBinding<PhoneValue>(field)} onlyCountries={only} />}
    </Field>
  );
}

/**
 * An e-mail address: `autoComplete` says whether it is the sign-in name ("username") or a contact
 * ("email"); `label`, `required`, `errors` and `ref` as for `TextField`.
 */
export function EmailField({
  autoComplete,
  ...field
}: { autoComplete: 'email' | 'username' } & Partial<Pick<TextFieldProps, 'label' | 'required' | 'errors' | 'ref'>>) {
  const { t } = useLingui();
  return <TextField label={t`Email`} type="email" autoComplete={autoComplete} dir="ltr" inputMode="email" {...field} />;
}

/** `label`: the legend when the gender is someone else's (a child's). */
export function GenderField({ label }: { label?: string } = {}) {
  const field = useFieldContext<string>();
  const { t, i18n } = useLingui();
  return (
    <ChoiceGroup
      legend={label ?? t`Gender`}
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

/** `label`: when the phase is someone else's (a child's). */
export function PhaseField({ label }: { label?: string } = {}) {
  const { t } = useLingui();
  const phases = usePhaseOptions();
  return (
    <SelectField
      label={label ?? t`School phase`}
      placeholder={phases.isLoading ? t`Loading…` : t`Choose the phase`}
      options={phases.data ?? []}
    />
  );
}

/** The texted code: one field (not six boxes) for the numeric keypad and the browser's SMS code autofill. */
export function CodeField() {
  const { t } = useLingui();
  return (
    <TextField
      label={t`Verification code`}
      className="otp-input"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={OTP_LENGTH}
      dir="ltr"
    />
  );
}

/** A new password with the live strength meter. */
export function NewPasswordField({ label }: { label: string }) {
  const password = useFieldContext<string>().state.value;
  return (
    <TextField label={label} description={<PasswordStrength password={password} />} type="password" autoComplete="new-password" dir="ltr" />
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

export function PasswordConfirmationField() {
  const field = useFieldContext<string>();
  const { t, i18n } = useLingui();
  const password = String(field.form.getFieldValue('password') ?? '');
  const shown = fieldErrors(field, i18n);
  const live = confirmationSettled(String(field.state.value ?? ''), password) ? formErrorsNow(field, i18n) : [];
  return (
    <TextField label={t`Confirm password`} errors={shown.length ? shown : live} type="password" autoComplete="new-password" dir="ltr" />
  );
}

export function BirthDateField({ label, required = true }: { label?: string; required?: boolean }) {
  const { t } = useLingui();
  return <TextField label={label ?? t`Birth date`} required={required} type="date" autoComplete="bday" dir="ltr" />;
}

export function ExperienceField() {
  const { t } = useLingui();
  return <TextField label={t`Years of experience`} inputMode="numeric" dir="ltr" />;
}

export function QualificationField() {
  const { t } = useLingui();
  const labels: Record<(typeof QUALIFICATIONS)[number], string> = {
    bachelor: t`Bachelor's degree`,
    master: t`Master's degree`,
    phd: t`Doctorate (PhD)`,
    degree: t`Academic degree`,
    file: t`Professional portfolio`,
    certificate: t`Certificate`,
  };
  return (
    <SelectField
      label={t`Education qualification`}
      placeholder={t`Choose the qualification`}
      options={QUALIFICATIONS.map((q) => ({ value: q, label: labels[q] }))}
    />
  );
}

export function CountryField() {
  const { t } = useLingui();
  const countries = useCountryOptions();
  return (
    <SelectField
      label={t`Country`}
      autoComplete="country"
      placeholder={countries.isLoading ? t`Loading…` : t`Choose the country`}
      options={countries.data ?? []}
    />
  );
}

/** The phases or the subjects a teacher teaches: checkboxes in columns, at least one. */
export function TeachingChoiceField({ kind }: { kind: 'phases' | 'subjects' }) {
  const field = useFieldContext<string[]>();
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
