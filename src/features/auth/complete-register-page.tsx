// Complete registration (/complete-register): a verified account that lacks required profile fields
// fills them in here (names in Arabic, gender, phase); the guards keep the user on this screen until then.
import { Trans, useLingui } from '@lingui/react/macro';
import { FormShell } from '../../ui/form-shell';
import { AuthCard } from './auth-card';
import { useAuthEventForm, type AuthActor } from './use-auth-request';
import { ChildFields } from '../../domain/field-sets';

export function CompleteRegisterPage({ auth }: { auth: AuthActor }) {
  const { t } = useLingui();
  const { form, shell } = useAuthEventForm(auth, { first_name: '', last_name: '', gender: '', phase_id: '' }, (value) => ({
    type: 'profile.complete.submit',
    fields: {
      first_name: value.first_name.trim(),
      last_name: value.last_name.trim(),
      gender: value.gender,
      phase_id: Number(value.phase_id),
    },
  }));

  return (
    <AuthCard title={<Trans>Complete registration</Trans>}>
      <p className="muted">
        <Trans>Tell us about your child: their name, gender and school phase. Then you can choose a teacher for them.</Trans>
      </p>
      <FormShell {...shell} label={t`Complete registration`} errorTitle={t`Could not save:`} submitLabel={<Trans>Save and continue</Trans>}>
        <ChildFields form={form} grouped />
      </FormShell>
    </AuthCard>
  );
}
