// Forgot password (/forget-password), for teachers: the phone number gets a reset code by SMS, and the
// machine moves on to the reset screen. The server answers the same whether or not the phone is known.
import { useForm } from '@tanstack/react-form';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/form-error';
import { submitWith, useValidateAllOnSubmit } from '../../ui/form-helpers';
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
    <section className="page container auth-page">
      <div className="auth-card">
        <h1>
          <Trans>Forgot password</Trans>
        </h1>
        <p className="muted">
          <Trans>Enter the phone number of your teacher account. We will text you a code to choose a new password.</Trans>
        </p>
        <form
          ref={formRef}
          className="form auth-form"
          noValidate
          aria-label={t`Forgot password`}
          onSubmit={submitWith(form)}
        >
          <FormError title={t`Could not send the code:`} messages={summary} />
          <form.Field name="phone" validators={fieldValidators.phone}>
            {(field) => <PhoneField field={field} />}
          </form.Field>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            <Trans>Send code</Trans>
          </Button>
        </form>
        <p className="auth-switch">
          <Link to="/sign-in" search={{ as: 'teacher' }}>
            <Trans>Back to sign in</Trans>
          </Link>
        </p>
      </div>
    </section>
  );
}
