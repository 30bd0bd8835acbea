// Complete registration (/complete-register): a verified account that lacks required profile fields
// fills them in here (names in Arabic, gender, phase); the guards keep the user on this screen until then.
import { useForm } from '@tanstack/react-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/form-error';
import { submitWith, useValidateAllOnSubmit } from '../../ui/form-helpers';
import { useAuthForm, type AuthActor } from './use-auth-request';
import { ArabicNameField, GenderField, PhaseField, fieldValidators } from '../../domain/field-groups';

export function CompleteRegisterPage({ auth }: { auth: AuthActor }) {
  const { t } = useLingui();
  const { formRef, validateAll } = useValidateAllOnSubmit();
  const form = useForm({
    defaultValues: { first_name: '', last_name: '', gender: '', phase_id: '' },
    onSubmit: ({ value }) => {
      send({
        type: 'profile.complete.submit',
        fields: {
          first_name: value.first_name.trim(),
          last_name: value.last_name.trim(),
          gender: value.gender,
          phase_id: Number(value.phase_id),
        },
      });
    },
    ...validateAll,
  });
  const { busy, send, summary } = useAuthForm(auth, form, formRef);

  return (
    <section className="page container auth-page">
      <div className="auth-card">
        <h1>
          <Trans>Complete registration</Trans>
        </h1>
        <p className="muted">
          <Trans>A few details are missing from your account. Please complete them to continue.</Trans>
        </p>
        <form
          ref={formRef}
          className="form auth-form"
          noValidate
          aria-label={t`Complete registration`}
          onSubmit={submitWith(form)}
        >
          <FormError title={t`Could not save:`} messages={summary} />
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
          <form.Field name="phase_id" validators={fieldValidators.required}>
            {(field) => <PhaseField field={field} />}
          </form.Field>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            <Trans>Save and continue</Trans>
          </Button>
        </form>
      </div>
    </section>
  );
}
