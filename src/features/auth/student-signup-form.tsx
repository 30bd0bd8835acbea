// Student sign-up (spec §3, §7): names in Arabic, phone with country, gender and school phase. The
// machine posts it (type student); a new phone goes to the code screen, a taken one takes a 409 branch.
import { useRef } from 'react';
import { useForm } from '@tanstack/react-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { validationKeys } from '../../../contract/validation';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { FormError } from '../../ui/form-error';
import { focusFirstInvalid, textBinding } from '../../ui/form-helpers';
import { emptyPhone, PhoneInput, validatePhone, type PhoneValue } from '../../ui/phone-input';
import { TextInput } from '../../ui/text-input';
import { valueBinding } from './bindings';
import { ChoiceGroup } from './choice-group';
import { fieldErrors } from './messages';
import { usePhaseOptions } from './reference-options';
import { SelectInput } from './select-input';
import { useAuthForm, type AuthActor } from './use-auth-request';
import { arabicNameSchema, schemaProblem } from './validation';

const required = (value: string) => (value === '' ? validationKeys.required : undefined);

export function StudentSignupForm({ auth }: { auth: AuthActor }) {
  const { t, i18n } = useLingui();
  const formRef = useRef<HTMLFormElement>(null);
  const phases = usePhaseOptions();
  const form = useForm({
    defaultValues: { first_name: '', last_name: '', phone: emptyPhone(), gender: '', phase_id: '' },
    onSubmit: ({ value }) => {
      send({
        type: 'signup.submit',
        phone: value.phone.e164,
        countryCode: value.phone.country,
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
    <form
      ref={formRef}
      className="form auth-form"
      noValidate
      aria-label={t`Student sign up`}
      onSubmit={(e) => {
        e.preventDefault();
        void form.handleSubmit();
      }}
    >
      <FormError title={t`The account could not be created:`} messages={summary} />
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

      <form.Field name="phone" validators={{ onChange: ({ value }) => validatePhone(value) }}>
        {(field) => (
          <Field label={t`Phone number`} required errors={fieldErrors(field, i18n)}>
            {(control) => <PhoneInput {...control} name="phone" {...valueBinding<PhoneValue>(field)} />}
          </Field>
        )}
      </form.Field>

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
        <Trans>Create account</Trans>
      </Button>
    </form>
  );
}
