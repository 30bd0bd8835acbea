// One child's details on the profile (add or edit): names in Arabic (and optionally in Latin letters),
// gender, school phase and an optional birth date (a real day in the past, as the server checks), with the
// sign-up's rules and words ("Your child's first name"). The server's refusals stand where they belong:
// a 400's field errors beside their fields, a 409 (eight children already) above the form; the values
// typed are kept.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { addChild, refreshChildren, updateChild, type Child, type ChildInput } from '../../api/children';
import { isApiError } from '../../api/api-error';
import { useAppForm } from '../../domain/app-form';
import { ChildFields } from '../../domain/field-sets';
import { LatinNameField } from './latin-name-field';
import { fieldValidators } from '../../domain/field-groups';
import { applyServerErrors, useValidateAllOnSubmit } from '../../ui/form-helpers';
import { FormShell } from '../../ui/form-shell';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast-store';
import { refusalText } from './children-texts';

interface ChildValues {
  first_name: string;
  last_name: string;
  gender: string;
  phase_id: string;
  /** yyyy-mm-dd, or empty: optional. */
  birth_date: string;
  /** The name in Latin letters, or empty: optional. */
  latin_name: string;
}

const valuesOf = (child: Child | null): ChildValues =>
  child
    ? {
        first_name: child.first_name,
        last_name: child.last_name,
        gender: child.gender === 'neutral' ? '' : child.gender,
        phase_id: String(child.phase.id),
        birth_date: child.birth_date ?? '',
        latin_name: child.latin_name ?? '',
      }
    : { first_name: '', last_name: '', gender: '', phase_id: '', birth_date: '', latin_name: '' };

const bodyOf = (value: ChildValues): ChildInput => ({
  first_name: value.first_name.trim(),
  last_name: value.last_name.trim(),
  gender: value.gender as 'male' | 'female',
  phase_id: Number(value.phase_id),
  // Emptied on an edit: the date is removed.
  birth_date: value.birth_date === '' ? null : value.birth_date,
  // Emptied on an edit: the Latin name is removed.
  latin_name: value.latin_name.trim() === '' ? null : value.latin_name.trim(),
});

export interface ChildFormProps {
  /** The child to edit; null adds one. */
  child: Child | null;
  onDone: () => void;
}

export function ChildForm({ child, onDone }: ChildFormProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [summary, setSummary] = useState<string[]>([]);
  const { formRef, validateAll, focusFirstInvalid } = useValidateAllOnSubmit();
  const save = useMutation({
    mutationFn: (body: ChildInput) => (child ? updateChild(child.id, body) : addChild(body)),
    // Shown on the form itself (beside the fields, or above them); no toast on top.
    meta: { handledStatuses: [400, 409] },
  });
  const form = useAppForm({
    defaultValues: valuesOf(child),
    ...validateAll,
    onSubmit: async ({ value, formApi }) => {
      setSummary([]);
      try {
        const { message } = await save.mutateAsync(bodyOf(value));
        void refreshChildren(queryClient);
        toast.show({ severity: 'success', summary: child ? t`Child's details saved` : t`Child added`, detail: message });
        onDone();
      } catch (error) {
        if (!isApiError(error)) return;
        if (error.status === 400) {
          const unmatched = applyServerErrors(formApi, error.fieldErrors);
          setSummary(unmatched.length || Object.keys(error.fieldErrors).length ? unmatched : [refusalText(error, i18n)]);
          focusFirstInvalid();
        } else if (error.status === 409) {
          setSummary([refusalText(error, i18n)]);
        }
      }
    },
  });

  const name = child ? `${child.first_name} ${child.last_name}` : '';
  return (
    <FormShell
      formRef={formRef}
      form={form}
      busy={save.isPending}
      errors={summary}
      className="child-form"
      label={child ? t`Edit ${name}` : t`Add a child`}
      errorTitle={t`The child could not be saved:`}
      submitLabel={child ? t`Save the child` : t`Add the child`}
    >
      <ChildFields form={form} />
      <LatinNameField form={form} child />
      <form.AppField name="birth_date" validators={fieldValidators.optionalBirthDate}>
        {(field) => <field.BirthDateField label={t`Your child's birth date (optional)`} required={false} />}
      </form.AppField>
      <Button variant="ghost" onClick={onDone}>
        {t`Cancel`}
      </Button>
    </FormShell>
  );
}
