// Student sign-in: the phone number only; the server texts a code and the machine opens the code screen.
import { Trans, useLingui } from '@lingui/react/macro';
import { FormShell } from '../../ui/form-shell';
import { emptyPhone } from '../../ui/phone-input';
import { useAuthEventForm, type AuthActor } from './use-auth-request';
import { fieldValidators } from '../../domain/field-groups';

export function StudentLoginForm({ auth }: { auth: AuthActor }) {
  const { t } = useLingui();
  const { form, shell } = useAuthEventForm(auth, { phone: emptyPhone() }, (value) => ({
    type: 'login.submit',
    phone: value.phone.e164,
    countryCode: value.phone.country,
  }));

  return (
    <FormShell
      {...shell}
      label={t`Student sign in`}
      intro={
        <p className="muted">
          <Trans>Enter your phone number and we will text you a verification code.</Trans>
        </p>
      }
      errorTitle={t`Could not sign in:`}
      submitLabel={<Trans>Send code</Trans>}
    >
      <form.AppField name="phone" validators={fieldValidators.phone}>
        {(field) => <field.PhoneField />}
      </form.AppField>
    </FormShell>
  );
}
