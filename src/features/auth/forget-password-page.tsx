// Forgot password (/forget-password), for teachers: the phone number gets a reset code by SMS, and the
// machine moves on to the reset screen. The server answers the same whether or not the phone is known.
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { FormShell } from '../../ui/form-shell';
import { AuthCard } from './auth-card';
import { emptyPhone } from '../../ui/phone-input';
import { useAuthEventForm, type AuthActor } from './use-auth-request';
import { fieldValidators } from '../../domain/field-groups';

export function ForgetPasswordPage({ auth }: { auth: AuthActor }) {
  const { t } = useLingui();
  const { form, shell } = useAuthEventForm(auth, { phone: emptyPhone() }, (value) => ({
    type: 'password.forgot.submit',
    phone: value.phone.e164,
  }));

  return (
    <AuthCard title={<Trans>Forgot password</Trans>}>
      <p className="muted">
        <Trans>Enter the phone number of your teacher account. We will text you a code to choose a new password.</Trans>
      </p>
      <FormShell {...shell} label={t`Forgot password`} errorTitle={t`Could not send the code:`} submitLabel={<Trans>Send code</Trans>}>
        <form.AppField name="phone" validators={fieldValidators.phone}>
          {(field) => <field.PhoneField />}
        </form.AppField>
      </FormShell>
      <p className="auth-switch">
        <Link to="/sign-in" search={{ as: 'teacher' }}>
          <Trans>Back to sign in</Trans>
        </Link>
      </p>
    </AuthCard>
  );
}
