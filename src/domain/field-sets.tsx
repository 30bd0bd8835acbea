// Groups of shared fields that always travel together: the names in Arabic (first and last, or with the
// second name of a teacher), a student's gender and school phase, a new password with its confirmation,
// and what a teacher teaches. Each renders the form's own fields by name, so the form's values must hold
// those names (first_name, second_name, last_name; gender, phase_id; password, password_confirmation;
// phases, subjects).
import { useLingui } from '@lingui/react/macro';
import type { AnyAppForm } from './app-form';
import { fieldValidators } from './field-groups';
import { confirmationProblem } from './rules';

/**
 * First and last name side by side; with `second`, a teacher's three names in a row; with `child`, a
 * child's names worded for the parent who types them ("Your child's first name").
 */
export function ArabicNameFields({ form, second = false, child = false }: { form: AnyAppForm; second?: boolean; child?: boolean }) {
  const { t } = useLingui();
  // A parent's browser must not fill in the parent's own name for the child.
  const names = [
    { name: 'first_name', label: child ? t`Your child's first name` : t`First name`, autoComplete: child ? 'off' : 'given-name' },
    ...(second ? [{ name: 'second_name', label: t`Second name`, autoComplete: 'additional-name' }] : []),
    { name: 'last_name', label: child ? t`Your child's last name` : t`Last name`, autoComplete: child ? 'off' : 'family-name' },
  ];
  return (
    <div className={second ? 'form-triple' : 'form-pair'}>
      {names.map(({ name, label, autoComplete }) => (
        <form.AppField key={name} name={name} validators={fieldValidators.arabicName}>
          {(field) => <field.ArabicNameField label={label} autoComplete={autoComplete} />}
        </form.AppField>
      ))}
    </div>
  );
}

/**
 * A child's names, gender and school phase, worded for the parent who types them (sign-up, complete
 * registration, the profile's children); `grouped` puts them under a "Your child" legend, on a form
 * that also asks for the parent's own details.
 */
export function ChildFields({ form, grouped = false }: { form: AnyAppForm; grouped?: boolean }) {
  const { t } = useLingui();
  const fields = (
    <>
      <ArabicNameFields form={form} child />
      <form.AppField name="gender" validators={fieldValidators.required}>
        {(field) => <field.GenderField label={t`Your child's gender`} />}
      </form.AppField>
      <form.AppField name="phase_id" validators={fieldValidators.required}>
        {(field) => <field.PhaseField label={t`Your child's school phase`} />}
      </form.AppField>
    </>
  );
  if (!grouped) return fields;
  return (
    <fieldset className="form-group">
      <legend className="form-group-title">{t`Your child`}</legend>
      {fields}
    </fieldset>
  );
}

/** A new password (with the strength meter) and its confirmation, re-checked whenever the password changes. */
export function NewPasswordFields({ form, label }: { form: AnyAppForm; label: string }) {
  return (
    <>
      <form.AppField name="password" validators={fieldValidators.password}>
        {(field) => <field.NewPasswordField label={label} />}
      </form.AppField>
      <form.AppField
        name="password_confirmation"
        validators={{
          onChangeListenTo: ['password'],
          onChange: ({ value, fieldApi }) => confirmationProblem(value as string, fieldApi.form.getFieldValue('password') as string),
        }}
      >
        {(field) => <field.PasswordConfirmationField />}
      </form.AppField>
    </>
  );
}

/** The phases and the subjects a teacher teaches, at least one of each. */
export function TeachingFields({ form }: { form: AnyAppForm }) {
  return (
    <>
      {(['phases', 'subjects'] as const).map((kind) => (
        <form.AppField key={kind} name={kind} validators={fieldValidators.choice}>
          {(field) => <field.TeachingChoiceField kind={kind} />}
        </form.AppField>
      ))}
    </>
  );
}
