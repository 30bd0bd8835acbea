// Teacher sign-in (spec §7: POST v1/instructor/auth/login): phone or e-mail, and the password. On success
// the machine goes to about-us; a teacher under review is then moved on by the route guards.
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { emailSchema } from '../../../contract/validation';
import { selectNotice } from '../../../machines/auth.machine';
import { Field } from '../../ui/field';
import { FormShell } from '../../ui/form-shell';
import { textBinding } from '../../ui/form-helpers';
import { emptyPhone, toPhoneValue, validatePhone, type CountryCode, type PhoneValue } from '../../ui/phone-input';
import { TextInput } from '../../ui/text-input';
import { ChoiceGroup } from '../../ui/choice-group';
import { EmailField, fieldValidators, PhoneField } from '../../domain/field-groups';
import { fieldErrors } from './messages';
import { schemaProblem } from './validation';
import { useAuthEventForm, type AuthActor } from './use-auth-request';

type Method = 'phone' | 'email';

/** The phone the flow already knows (a 409 on sign-up sends the teacher here with it). */
function knownPhone(auth: AuthActor): PhoneValue {
  const { phone, countryCode } = auth.getSnapshot().context;
  return phone ? toPhoneValue(phone, (countryCode as CountryCode | null) ?? emptyPhone().country) : emptyPhone();
}

export function TeacherLoginForm({ auth }: { auth: AuthActor }) {
  const { t, i18n } = useLingui();
  const notice = useSelector(auth, selectNotice);
  const { form, shell } = useAuthEventForm(auth, { method: 'phone' as Method, phone: knownPhone(auth), email: '', password: '' }, (value) => {
    const login = value.method === 'phone' ? value.phone.e164 : value.email.trim();
    return { type: 'teacher.login.submit', login, password: value.password };
  });

  return (
    <FormShell
      {...shell}
      label={t`Teacher sign in`}
      intro={
        <>
          {notice === 'teacherAccountExists' ? (
            <p className="auth-notice" role="status" data-testid="auth-notice">
              <Trans>This phone number already belongs to a teacher account. Please sign in as a teacher.</Trans>
            </p>
          ) : null}
          {notice === 'passwordReset' ? (
            <p className="auth-notice auth-notice-success" role="status" data-testid="auth-notice">
              <Trans>Your password has been changed. You can now sign in with the new password.</Trans>
            </p>
          ) : null}
        </>
      }
      errorTitle={t`Could not sign in:`}
      submitLabel={<Trans>Sign in</Trans>}
    >
      <form.Field name="method">
        {(field) => (
          <ChoiceGroup
            legend={t`Sign in with`}
            name="method"
            choices={[
              { value: 'phone', label: t`Phone number` },
              { value: 'email', label: t`Email` },
            ]}
            value={field.state.value}
            onChange={(v) => field.handleChange(v as Method)}
          />
        )}
      </form.Field>

      <form.Subscribe selector={(s) => s.values.method}>
        {(method) =>
          method === 'phone' ? (
            <form.Field
              name="phone"
              validators={{
                onChangeListenTo: ['method'],
                onChange: ({ value, fieldApi }) =>
                  fieldApi.form.getFieldValue('method') === 'phone' ? validatePhone(value) : undefined,
              }}
            >
              {(field) => <PhoneField field={field} />}
            </form.Field>
          ) : (
            <form.Field
              name="email"
              validators={{
                onChangeListenTo: ['method'],
                onChange: ({ value, fieldApi }) =>
                  fieldApi.form.getFieldValue('method') === 'email' ? schemaProblem(emailSchema, value) : undefined,
              }}
            >
              {(field) => <EmailField field={field} autoComplete="username" />}
            </form.Field>
          )
        }
      </form.Subscribe>

      <form.Field name="password" validators={fieldValidators.required}>
        {(field) => (
          <Field label={t`Password`} required errors={fieldErrors(field, i18n)}>
            {(control) => <TextInput {...control} {...textBinding(field)} type="password" autoComplete="current-password" dir="ltr" />}
          </Field>
        )}
      </form.Field>

      <div className="auth-form-row">
        <Link to="/forget-password" className="auth-link">
          <Trans>Forgot your password?</Trans>
        </Link>
      </div>
    </FormShell>
  );
}
