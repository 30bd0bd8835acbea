// Complete registration (/complete-register): a verified account that lacks required profile fields
// fills them in here (names in Arabic, gender, phase); the guards keep the user on this screen until then.
import { useRef } from 'react';
import { useForm } from '@tanstack/react-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { validationKeys } from '../../../contract/validation';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { FormError } from '../../ui/form-error';
import { focusFirstInvalid, textBinding } from '../../ui/form-helpers';
import { TextInput } from '../../ui/text-input';
import { valueBinding } from './bindings';
import { ChoiceGroup } from './choice-group';
import { fieldErrors } from './messages';
import { usePhaseOptions } from './reference-options';
import { SelectInput } from './select-input';
import { useAuthForm, type AuthActor } from './use-auth-request';
import { arabicNameSchema, schemaProblem } from './validation';

const required = (value: string) => (value === '' ? validationKeys.required : undefined);

export function CompleteRegisterPage({ auth }: { auth: AuthActor }) {
  const { t, i18n } = useLingui();
  const formRef = useRef<HTMLFormElement>(null);
  const phases = usePhaseOptions();
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
    // Without this TanStack Form skips validating the other fields when one is already invalid, so a
    // submit would not show every problem at once.
    canSubmitWhenInvalid: true,
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
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
          onSubmit={(e) => {
            e.preventDefault();
            void form.handleSubmit();
          }}
        >
          <FormError title={t`Could not save:`} messages={summary} />
          <div className="form-pair">
            <form.Field name="first_name" validators={{ onChange: ({ value }) => schemaProblem(arabicNameSchema, value) }}>
              {(field) => (
                <Field label={t`First name`} required errors={fieldErrors(field, i18n)} description={t`In Arabic letters`}>
                  {(control) => <TextInput {...control} {...textBinding(field)} autoComplete="given-name" lang="ar" dir="rtl" />}
                </Field>
              )}
            </form.Field>
            <form.Field name="last_name" validators={{ onChange: ({ value }) => schemaProblem(arabicNameSchema, value) }}>
              {(field) => (
                <Field label={t`Last name`} required errors={fieldErrors(field, i18n)} description={t`In Arabic letters`}>
                  {(control) => <TextInput {...control} {...textBinding(field)} autoComplete="family-name" lang="ar" dir="rtl" />}
                </Field>
              )}
            </form.Field>
          </div>
          <form.Field name="gender" validators={{ onChange: ({ value }) => required(value) }}>
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
          <form.Field name="phase_id" validators={{ onChange: ({ value }) => required(value) }}>
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
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            <Trans>Save and continue</Trans>
          </Button>
        </form>
      </div>
    </section>
  );
}
