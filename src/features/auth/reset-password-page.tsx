// Reset password (/reset-password?phone=…): the texted code and a new password that meets the rules
// (live strength meter), confirmed. Success returns to the teacher sign-in with a message.
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { FormShell } from '../../ui/form-shell';
import { AuthCard } from './auth-card';
import { emptyPhone, toPhoneValue } from '../../ui/phone-input';
import { useAuthEventForm, type AuthActor } from './use-auth-request';
import { asciiDigits } from '../../domain/rules';
import { fieldValidators } from '../../domain/field-groups';
import { NewPasswordFields } from '../../domain/field-sets';

export interface ResetPasswordPageProps {
  auth: AuthActor;
  /** E.164 phone from the address (the forgot-password step puts it there). */
  phone?: string;
}

export function ResetPasswordPage({ auth, phone: phoneParam }: ResetPasswordPageProps) {
  const { t } = useLingui();
  const knownPhone = useSelector(auth, (s) => s.context.phone) ?? phoneParam ?? null;
  const initial = {
    phone: knownPhone ? toPhoneValue(knownPhone, emptyPhone().country) : emptyPhone(),
    code: '',
    password: '',
    password_confirmation: '',
  };
  const { form, shell } = useAuthEventForm(auth, initial, (value) => ({
    type: 'password.reset.submit',
    phone: value.phone.e164,
    code: asciiDigits(value.code.trim()),
    password: value.password,
    passwordConfirmation: value.password_confirmation,
  }));

  return (
    <AuthCard title={<Trans>Reset password</Trans>}>
      <FormShell
        {...shell}
        label={t`Reset password`}
        errorTitle={t`Could not change the password:`}
        submitLabel={<Trans>Change password</Trans>}
      >
        {knownPhone ? (
          <p>
            <Trans>
              Enter the code we texted to{' '}
              <bdi dir="ltr" className="phone-number-text">
                {knownPhone}
              </bdi>{' '}
              and choose a new password.
            </Trans>
          </p>
        ) : (
          <form.AppField name="phone" validators={fieldValidators.phone}>
            {(field) => <field.PhoneField />}
          </form.AppField>
        )}
        <form.AppField name="code" validators={fieldValidators.code}>
          {(field) => <field.CodeField />}
        </form.AppField>
        <NewPasswordFields form={form} label={t`New password`} />
      </FormShell>
      <p className="auth-switch">
        <Link to="/forget-password">
          <Trans>Did not get a code? Send it again</Trans>
        </Link>
      </p>
    </AuthCard>
  );
}
