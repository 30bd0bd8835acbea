// Student sign-in: the phone number only; the server texts a code and the machine opens the code screen.
import { useForm } from '@tanstack/react-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { FormShell } from '../../ui/form-shell';
import { useValidateAllOnSubmit } from '../../ui/form-helpers';
import { emptyPhone } from '../../ui/phone-input';
import { useAuthForm, type AuthActor } from './use-auth-request';
import { PhoneField, fieldValidators } from '../../domain/field-groups';

export function StudentLoginForm({ auth }: { auth: AuthActor }) {
  const { t } = useLingui();
  const { formRef, validateAll } = useValidateAllOnSubmit();
  const form = useForm({
    defaultValues: { phone: emptyPhone() },
    onSubmit: ({ value }) => {
      send({ type: 'login.submit', phone: value.phone.e164, countryCode: value.phone.country });
    },
    ...validateAll,
  });
  const { busy, send, summary } = useAuthForm(auth, form, formRef);

  return (
    <FormShell
      formRef={formRef}
      form={form}
      className="auth-form"
      label={t`Student sign in`}
      intro={
        <p className="muted">
          <Trans>Enter your phone number and we will text you a verification code.</Trans>
        </p>
      }
      errorTitle={t`Could not sign in:`}
      errors={summary}
      busy={busy}
      submitLabel={<Trans>Send code</Trans>}
    >
      <form.Field name="phone" validators={fieldValidators.phone}>
        {(field) => <PhoneField field={field} />}
      </form.Field>
    </FormShell>
  );
}
