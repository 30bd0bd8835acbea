// The app's form hook (TanStack Form's createFormHook): `useAppForm` makes a form whose `AppField`
// offers the shared field components pre-bound (`<form.AppField name="gender">{(f) => <f.GenderField />}`);
// the field sets of ./field-sets render them for any such form. Loaded only with the forms that use it:
// the public pages' forms are deferred (src/ui/deferred-form.tsx) and use plain useForm.
import { createFormHook } from '@tanstack/react-form';
import { fieldContext, formContext } from '../ui/form-context';
import {
  ArabicNameField,
  BirthDateField,
  CheckboxField,
  CodeField,
  CountryField,
  EmailField,
  ExperienceField,
  FileField,
  GenderField,
  NewPasswordField,
  PasswordConfirmationField,
  PhaseField,
  PhoneField,
  QualificationField,
  SelectField,
  TeachingChoiceField,
  TextField,
} from './field-groups';

export const { useAppForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: {
    ArabicNameField,
    BirthDateField,
    CheckboxField,
    CodeField,
    CountryField,
    EmailField,
    ExperienceField,
    FileField,
    GenderField,
    NewPasswordField,
    PasswordConfirmationField,
    PhaseField,
    PhoneField,
    QualificationField,
    SelectField,
    TeachingChoiceField,
    TextField,
  },
  formComponents: {},
});

/**
 * What the field sets (./field-sets) need of a form `useAppForm` made, whatever its values: its AppField.
 * The sets render their own field names; the forms' value types hold those names.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a set serves forms of several value types
export type AnyAppForm = Pick<ReturnType<typeof useAppForm<any, any, any, any, any, any, any, any, any, any, any, any>>, 'AppField'>;
