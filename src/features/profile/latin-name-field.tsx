// The optional name in Latin letters English pages show, on the profile's two forms that ask for it
// (a teacher's own, a child's). In this feature, not beside the Arabic names in src/domain, so its words
// load with the profile instead of in every page's first download.
import { Trans, useLingui } from '@lingui/react/macro';
import type { AnyAppForm } from '../../domain/app-form';
import { fieldValidators } from '../../domain/field-groups';

/**
 * The optional name in Latin letters English pages show (a teacher's own, or a child's worded for the
 * parent); the Arabic names above stay the legal name. The form's values hold it as `latin_name`.
 */
export function LatinNameField({ form, child = false }: { form: AnyAppForm; child?: boolean }) {
  const { t } = useLingui();
  return (
    <form.AppField name="latin_name" validators={fieldValidators.latinName}>
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
