// Groups of shared fields that always travel together: the names in Arabic (first and last, or with the
// second name of a teacher), a student's gender and school phase, a new password with its confirmation,
// and what a teacher teaches. Each renders the form's own fields by name, so the form's values must hold
// those names (first_name, second_name, last_name; gender, phase_id; password, password_confirmation;
// phases, subjects).
import { Field as FormField, type AnyFormApi } from '@tanstack/react-form';
import { useLingui } from '@lingui/react/macro';
import { ArabicNameField, fieldValidators, GenderField, NewPasswordField, PasswordConfirmationField, PhaseField, TeachingChoiceField } from './field-groups';
import { confirmationProblem } from './rules';

/** First and last name side by side; with `second`, a teacher's three names in a row. */
export function ArabicNameFields({ form, second = false }: { form: AnyFormApi; second?: boolean }) {
  const { t } = useLingui();
  const names = [
    { name: 'first_name', label: t`First name`, autoComplete: 'given-name' },
    ...(second ? [{ name: 'second_name', label: t`Second name`, autoComplete: 'additional-name' }] : []),
    { name: 'last_name', label: t`Last name`, autoComplete: 'family-name' },
  ];
  return (
    <div className={second ? 'form-triple' : 'form-pair'}>
      {names.map(({ name, label, autoComplete }) => (
        <FormField key={name} form={form} name={name} validators={fieldValidators.arabicName}>
          {(field) => <ArabicNameField field={field} label={label} autoComplete={autoComplete} />}
        </FormField>
      ))}
    </div>
  );
}

/** A student's gender and school phase (sign-up, complete registration). */
export function GenderAndPhaseFields({ form }: { form: AnyFormApi }) {
  return (
    <>
      <FormField form={form} name="gender" validators={fieldValidators.required}>
        {(field) => <GenderField field={field} />}
      </FormField>
      <FormField form={form} name="phase_id" validators={fieldValidators.required}>
        {(field) => <PhaseField field={field} />}
      </FormField>
    </>
  );
}

/** A new password (with the strength meter) and its confirmation, re-checked whenever the password changes. */
export function NewPasswordFields({ form, label }: { form: AnyFormApi; label: string }) {
  return (
    <>
      <FormField form={form} name="password" validators={fieldValidators.password}>
        {(field) => <NewPasswordField field={field} label={label} />}
      </FormField>
      <FormField
        form={form}
        name="password_confirmation"
        validators={{
          onChangeListenTo: ['password'],
          onChange: ({ value, fieldApi }) => confirmationProblem(value as string, fieldApi.form.getFieldValue('password') as string),
        }}
      >
        {(field) => <PasswordConfirmationField field={field} />}
      </FormField>
    </>
  );
}

/** The phases and the subjects a teacher teaches, at least one of each. */
export function TeachingFields({ form }: { form: AnyFormApi }) {
  return (
    <>
      {(['phases', 'subjects'] as const).map((kind) => (
        <FormField key={kind} form={form} name={kind} validators={fieldValidators.choice}>
          {(field) => <TeachingChoiceField field={field} kind={kind} />}
        </FormField>
      ))}
    </>
  );
}
