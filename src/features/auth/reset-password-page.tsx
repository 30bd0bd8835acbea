// Reset password (/reset-password?phone=…): the texted code and a new password that meets the rules
// (live strength meter), confirmed. Success returns to the teacher sign-in with a message.
import { useForm } from '@tanstack/react-form';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/form-error';
import { submitWith, useValidateAllOnSubmit } from '../../ui/form-helpers';
import { emptyPhone, toPhoneValue } from '../../ui/phone-input';
import { useAuthForm, type AuthActor } from './use-auth-request';
import { asciiDigits, confirmationProblem } from './validation';
import { CodeField, NewPasswordField, PasswordConfirmationField, PhoneField, fieldValidators } from '../../domain/field-groups';

export interface ResetPasswordPageProps {
  auth: AuthActor;
  /** E.164 phone from the address (the forgot-password step puts it there). */
  phone?: string;
}

export function ResetPasswordPage({ auth, phone: phoneParam }: ResetPasswordPageProps) {
  const { t } = useLingui();
  const { formRef, validateAll } = useValidateAllOnSubmit();
  const knownPhone = useSelector(auth, (s) => s.context.phone) ?? phoneParam ?? null;
  const form = useForm({
    defaultValues: {
      phone: knownPhone ? toPhoneValue(knownPhone, emptyPhone().country) : emptyPhone(),
      code: '',
      password: '',
      password_confirmation: '',
    },
    onSubmit: ({ value }) => {
      send({
        type: 'password.reset.submit',
        phone: value.phone.e164,
        code: asciiDigits(value.code.trim()),
        password: value.password,
        passwordConfirmation: value.password_confirmation,
      });
    },
    ...validateAll,
  });
  const { busy, send, summary } = useAuthForm(auth, form, formRef);

  return (
    <section className="page container auth-page">
      <div className="auth-card">
        <h1>
          <Trans>Reset password</Trans>
        </h1>
        <form
          ref={formRef}
          className="form auth-form"
          noValidate
          aria-label={t`Reset password`}
          onSubmit={submitWith(form)}
        >
          <FormError title={t`Could not change the password:`} messages={summary} />
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
            <form.Field name="phone" validators={fieldValidators.phone}>
              {(field) => <PhoneField field={field} />}
            </form.Field>
          )}
          <form.Field name="code" validators={fieldValidators.code}>
            {(field) => <CodeField field={field} />}
          </form.Field>
          <form.Field name="password" validators={fieldValidators.password}>
            {(field) => <NewPasswordField field={field} label={t`New password`} />}
          </form.Field>
          <form.Field
            name="password_confirmation"
            validators={{
              onChangeListenTo: ['password'],
              onChange: ({ value, fieldApi }) => confirmationProblem(value, fieldApi.form.getFieldValue('password')),
            }}
          >
            {(field) => <PasswordConfirmationField field={field} />}
          </form.Field>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            <Trans>Change password</Trans>
          </Button>
        </form>
        <p className="auth-switch">
          <Link to="/forget-password">
            <Trans>Did not get a code? Send it again</Trans>
          </Link>
        </p>
      </div>
    </section>
  );
}
