// Forgot password (/forget-password), for teachers: the phone number gets a reset code by SMS, and the
// machine moves on to the reset screen. The server answers the same whether or not the phone is known.
import { useForm } from '@tanstack/react-form';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { FormShell } from '../../ui/form-shell';
import { useValidateAllOnSubmit } from '../../ui/form-helpers';
import { AuthCard } from './auth-card';
import { emptyPhone } from '../../ui/phone-input';
import { useAuthForm, type AuthActor } from './use-auth-request';
import { PhoneField, fieldValidators } from '../../domain/field-groups';

export function ForgetPasswordPage({ auth }: { auth: AuthActor }) {
  const { t } = useLingui();
  const { formRef, validateAll } = useValidateAllOnSubmit();
  const form = useForm({
    defaultValues: { phone: emptyPhone() },
    onSubmit: ({ value }) => {
      send({ type: 'password.forgot.submit', phone: value.phone.e164 });
    },
    ...validateAll,
  });
  const { busy, send, summary } = useAuthForm(auth, form, formRef);

  return (
    <AuthCard title={<Trans>Forgot password</Trans>}>
      <p className="muted">
        <Trans>Enter the phone number of your teacher account. We will text you a code to choose a new password.</Trans>
      </p>
      <FormShell
        formRef={formRef}
        form={form}
        className="auth-form"
        label={t`Forgot password`}
        errorTitle={t`Could not send the code:`}
        errors={summary}
        busy={busy}
        submitLabel={<Trans>Send code</Trans>}
      >
        <form.Field name="phone" validators={fieldValidators.phone}>
          {(field) => <PhoneField field={field} />}
        </form.Field>
      </FormShell>
      <p className="auth-switch">
        <Link to="/sign-in" search={{ as: 'teacher' }}>
          <Trans>Back to sign in</Trans>
        </Link>
      </p>
    </AuthCard>
  );
}
