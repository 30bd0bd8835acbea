// Teacher sign-up (spec §3): every teacher field, the password with its live strength meter, and three
// documents (ID front and back, qualification scan) sent as multipart. The token is issued at once and
// the machine goes home, where the teacher-status guard takes over. On a failure every value stays,
// the chosen files included (they live in the form's state, see ui/file-input).
import { Trans, useLingui } from '@lingui/react/macro';
import { validateFile } from '../../ui/file-input';
import { FormShell } from '../../ui/form-shell';
import { emptyPhone, type PhoneValue } from '../../ui/phone-input';
import { useAuthEventForm, type AuthActor } from './use-auth-request';
import { fieldValidators } from '../../domain/field-groups';
import { ArabicNameFields, NewPasswordFields, TeachingFields } from '../../domain/field-sets';
import { asciiDigits } from '../../domain/rules';
import { deviceZone } from '../../domain/time';

type DocumentField = 'id_front' | 'id_back' | 'qualification_scan';

export interface TeacherSignupValues {
  first_name: string;
  second_name: string;
  last_name: string;
  phone: PhoneValue;
  email: string;
  gender: string;
  birth_date: string;
  experience_years: string;
  qualification: string;
  country: string;
  phases: string[];
  subjects: string[];
  password: string;
  password_confirmation: string;
  id_front: File | null;
  id_back: File | null;
  qualification_scan: File | null;
}

/** The multipart body of POST v1/auth/register for a teacher (field names agreed with the server). */
export function teacherFormData(v: TeacherSignupValues): FormData {
  const data = new FormData();
  data.set('type', 'instructor');
  data.set('first_name', v.first_name.trim());
  data.set('second_name', v.second_name.trim());
  data.set('last_name', v.last_name.trim());
  data.set('phone', v.phone.e164);
  data.set('country_code', v.phone.country);
  data.set('email', v.email.trim());
  data.set('gender', v.gender);
  data.set('birth_date', v.birth_date);
  data.set('experience_years', asciiDigits(v.experience_years.trim()));
  data.set('qualification', v.qualification);
  data.set('country', v.country);
  v.phases.forEach((id) => data.append('phases[]', id));
  v.subjects.forEach((id) => data.append('subjects[]', id));
  data.set('password', v.password);
  data.set('password_confirmation', v.password_confirmation);
  // The browser's zone becomes the account's (times are shown on each person's own clock): the teacher's working hours are read in it.
  data.set('time_zone', deviceZone());
  for (const name of ['id_front', 'id_back', 'qualification_scan'] as const) {
    const file = v[name];
    if (file) data.set(name, file, file.name);
  }
  return data;
}

const initialValues: TeacherSignupValues = {
  first_name: '',
  second_name: '',
  last_name: '',
  phone: emptyPhone(),
  email: '',
  gender: '',
  birth_date: '',
  experience_years: '',
  qualification: '',
  country: '',
  phases: [],
  subjects: [],
  password: '',
  password_confirmation: '',
  id_front: null,
  id_back: null,
  qualification_scan: null,
};

export function TeacherSignupForm({ auth }: { auth: AuthActor }) {
  const { t } = useLingui();
  const { form, shell } = useAuthEventForm(auth, initialValues, (value) => ({
    type: 'teacher.signup.submit',
    payload: teacherFormData(value),
  }));

  const documentLabels: Record<DocumentField, string> = {
    id_front: t`ID card (front)`,
    id_back: t`ID card (back)`,
    qualification_scan: t`Qualification scan`,
  };

  return (
    <FormShell
      {...shell}
      encType="multipart/form-data"
      label={t`Teacher sign up`}
      errorTitle={t`The account could not be created:`}
      submitLabel={<Trans>Create teacher account</Trans>}
    >
      <ArabicNameFields form={form} second />

      <div className="form-pair">
        <form.AppField name="phone" validators={fieldValidators.phone}>
          {(field) => <field.PhoneField acceptedCountries />}
        </form.AppField>
        <form.AppField name="email" validators={fieldValidators.email}>
          {(field) => <field.EmailField autoComplete="email" />}
        </form.AppField>
      </div>

      <form.AppField name="gender" validators={fieldValidators.required}>
        {(field) => <field.GenderField />}
      </form.AppField>

      <div className="form-pair">
        <form.AppField name="birth_date" validators={fieldValidators.birthDate}>
          {(field) => <field.BirthDateField />}
        </form.AppField>
        <form.AppField name="experience_years" validators={fieldValidators.experience}>
          {(field) => <field.ExperienceField />}
        </form.AppField>
      </div>

      <div className="form-pair">
        <form.AppField name="qualification" validators={fieldValidators.required}>
          {(field) => <field.QualificationField />}
        </form.AppField>
        <form.AppField name="country" validators={fieldValidators.required}>
          {(field) => <field.CountryField />}
        </form.AppField>
      </div>

      <TeachingFields form={form} />

      <div className="form-pair">
        <NewPasswordFields form={form} label={t`Password`} />
      </div>

      <fieldset className="documents">
        <legend className="field-label">
          <Trans>Documents</Trans>
        </legend>
        <p className="muted small">
          <Trans>Images (JPG, PNG, WebP) or PDF, at most 5 MB each.</Trans>
        </p>
        {(['id_front', 'id_back', 'qualification_scan'] as const).map((name) => (
          <form.AppField key={name} name={name} validators={{ onChange: ({ value }) => validateFile(value) }}>
            {(field) => <field.FileField label={documentLabels[name]} required />}
          </form.AppField>
        ))}
      </fieldset>
    </FormShell>
  );
}
