// The optional name in Latin letters English pages show, on the profile's two forms that ask for it
// (a teacher's own, a child's). In this feature, not beside the Arabic names in src/domain, so its words
// load with the profile instead of in every page's first download.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { authValidationKeys, latinNameProblem } from '../../../contract/auth';
import type { AnyAppForm } from '../../domain/app-form';

/** The rule's words, here rather than with the other rules in src/domain: only these two forms show them. */
const latinTexts: Record<string, MessageDescriptor> = {
  [authValidationKeys.latinOnly]: msg`Write the name in Latin letters (A–Z) only; spaces, hyphens and apostrophes are allowed`,
  [authValidationKeys.latinNameLength]: msg`The name in Latin letters must be 2 to 60 characters long`,
};

/**
 * The optional name in Latin letters English pages show (a teacher's own, or a child's worded for the
 * parent); the Arabic names above stay the legal name. The form's values hold it as `latin_name`.
 */
export function LatinNameField({ form, child = false }: { form: AnyAppForm; child?: boolean }) {
  const { t, i18n } = useLingui();
  const problem = ({ value }: { value: string }) => {
    const key = latinNameProblem(value);
    const text = key ? latinTexts[key] : undefined;
    return text ? i18n._(text) : key;
  };
  return (
    <form.AppField name="latin_name" validators={{ onChange: problem }}>
      {(field) => (
        <field.TextField
          label={child ? t`Your child's name in Latin letters (optional)` : t`Your name in Latin letters (optional)`}
          description={
            <Trans>
              Shown on English pages, given name first (for example:{' '}
              <span lang="en" dir="ltr">
                Fatima Al-Kaabi
              </span>
              ). The name in Arabic stays the official one.
            </Trans>
          }
          required={false}
          autoComplete="off"
          lang="en"
          dir="ltr"
        />
      )}
    </form.AppField>
  );
}
