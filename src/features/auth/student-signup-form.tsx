// Student sign-up (spec §3, §7): names in Arabic, phone with country, gender and school phase. The
// machine posts it (type student); a new phone goes to the code screen, a taken one takes a 409 branch.
import { Trans, useLingui } from '@lingui/react/macro';
import { FormShell } from '../../ui/form-shell';
import { emptyPhone } from '../../ui/phone-input';
import { deviceZone } from '../../domain/zoned-time';
import { useAuthEventForm, type AuthActor } from './use-auth-request';
import { fieldValidators } from '../../domain/field-groups';
import { ArabicNameFields, GenderAndPhaseFields } from '../../domain/field-sets';

export function StudentSignupForm({ auth }: { auth: AuthActor }) {
  const { t } = useLingui();
  const { form, shell } = useAuthEventForm(auth, { first_name: '', last_name: '', phone: emptyPhone(), gender: '', phase_id: '' }, (value) => ({
    type: 'signup.submit',
    phone: value.phone.e164,
    countryCode: value.phone.country,
    fields: {
      first_name: value.first_name.trim(),
      last_name: value.last_name.trim(),
      gender: value.gender,
      phase_id: Number(value.phase_id),
      // The browser's zone becomes the account's (issue 11); editable later on the profile.
      time_zone: deviceZone(),
    },
  }));

  return (
    <FormShell
      {...shell}
      label={t`Student sign up`}
      errorTitle={t`The account could not be created:`}
      submitLabel={<Trans>Create account</Trans>}
    >
      <ArabicNameFields form={form} />

      <form.AppField name="phone" validators={fieldValidators.phone}>{(field) => <field.PhoneField />}</form.AppField>

      <GenderAndPhaseFields form={form} />
    </FormShell>
  );
}
