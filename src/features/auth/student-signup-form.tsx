// Family sign-up (spec §3, §7): the parent's phone with country, then the first child — names in
// Arabic, gender and school phase — worded for the parent who types them. The machine posts it (type
// student: the server makes the family account and its first child); a new phone goes to the code
// screen, a taken one takes a 409 branch. More children are added on the profile.
import { Trans, useLingui } from '@lingui/react/macro';
import { FormShell } from '../../ui/form-shell';
import { emptyPhone } from '../../ui/phone-input';
import { deviceZone } from '../../domain/time';
import { useAuthEventForm, type AuthActor } from './use-auth-request';
import { fieldValidators } from '../../domain/field-groups';
import { ChildFields } from '../../domain/field-sets';

export function StudentSignupForm({ auth }: { auth: AuthActor }) {
  const { t } = useLingui();
  const { form, shell } = useAuthEventForm(
    auth,
    { first_name: '', last_name: '', phone: emptyPhone(), gender: '', phase_id: '' },
    (value) => ({
      type: 'signup.submit',
      phone: value.phone.e164,
      countryCode: value.phone.country,
      fields: {
        first_name: value.first_name.trim(),
        last_name: value.last_name.trim(),
        gender: value.gender,
        phase_id: Number(value.phase_id),
        // The browser's zone becomes the account's (times are shown on each person's own clock); editable later on the profile.
        time_zone: deviceZone(),
      },
    }),
  );

  return (
    <FormShell
      {...shell}
      label={t`Student sign up`}
      errorTitle={t`The account could not be created:`}
      submitLabel={<Trans>Create account</Trans>}
      intro={
        <p className="muted">
          <Trans>
            You sign up as the parent: the phone number is yours, and the rest is about your child. You can add more children later on your
            profile.
          </Trans>
        </p>
      }
    >
      <form.AppField name="phone" validators={fieldValidators.phone}>
        {(field) => <field.PhoneField acceptedCountries />}
      </form.AppField>

      <ChildFields form={form} grouped />
    </FormShell>
  );
}
