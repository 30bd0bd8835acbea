// The account's phone on the profile forms: it is how the user signs in, so it is shown, not edited
// (docs/decisions.md).
import { useLingui } from '@lingui/react/macro';
import { Field } from '../../ui/field';
import { TextInput } from '../../ui/text-input';

export function SignInPhone({ phone }: { phone: string }) {
  const { t } = useLingui();
  return (
    <Field
      label={t`Phone number`}
      description={t`Your phone number is how you sign in, so it cannot be changed here. Contact us if it has changed.`}
    >
      {(control) => <TextInput {...control} name="phone" value={phone} readOnly dir="ltr" />}
    </Field>
  );
}
