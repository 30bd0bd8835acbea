// Teacher sign-in (spec §7: POST v1/instructor/auth/login): phone or e-mail, and the password. On success
// the machine goes to about-us; a teacher under review is then moved on by the route guards.
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { emailSchema } from '../../../contract/validation';
import { selectNotice } from '../../../machines/auth.machine';
import { FormShell } from '../../ui/form-shell';
import { emptyPhone, toPhoneValue, validatePhone, type CountryCode, type PhoneValue } from '../../ui/phone-input';
import { ChoiceGroup } from '../../ui/choice-group';
import { fieldValidators } from '../../domain/field-groups';
import { schemaProblem } from '../../domain/rules';
import { useAuthEventForm, type AuthActor } from './use-auth-request';

type Method = 'phone' | 'email';

/** The phone the flow already knows (a 409 on sign-up sends the teacher here with it). */
function knownPhone(auth: AuthActor): PhoneValue {
  const { phone, countryCode } = auth.getSnapshot().context;
  return phone ? toPhoneValue(phone, (countryCode as CountryCode | null) ?? emptyPhone().country) : emptyPhone();
}

export function TeacherLoginForm({ auth }: { auth: AuthActor }) {
  const { t } = useLingui();
  const notice = useSelector(auth, selectNotice);
  const { form, shell } = useAuthEventForm(
    auth,
    { method: 'phone' as Method, phone: knownPhone(auth), email: '', password: '' },
    (value) => {
      const login = value.method === 'phone' ? value.phone.e164 : value.email.trim();
      return { type: 'teacher.login.submit', login, password: value.password };
    },
  );

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
            <form.AppField
              name="phone"
              validators={{
                onChangeListenTo: ['method'],
                onChange: ({ value, fieldApi }) => (fieldApi.form.getFieldValue('method') === 'phone' ? validatePhone(value) : undefined),
              }}
            >
              {(field) => <field.PhoneField />}
            </form.AppField>
          ) : (
            <form.AppField
              name="email"
              validators={{
                onChangeListenTo: ['method'],
                onChange: ({ value, fieldApi }) =>
                  fieldApi.form.getFieldValue('method') === 'email' ? schemaProblem(emailSchema, value) : undefined,
              }}
            >
              {(field) => <field.EmailField autoComplete="username" />}
            </form.AppField>
          )
        }
      </form.Subscribe>

      <form.AppField name="password" validators={fieldValidators.required}>
        {(field) => <field.TextField label={t`Password`} type="password" autoComplete="current-password" dir="ltr" />}
      </form.AppField>

      <div className="auth-form-row">
        <Link to="/forget-password" className="auth-link">
          <Trans>Forgot your password?</Trans>
        </Link>
      </div>
    </FormShell>
  );
}
