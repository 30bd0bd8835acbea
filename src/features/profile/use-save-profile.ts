// Saving a profile form: PATCH v1/profile, then the server's message in a success toast, the fresh
// profile in the cache, and the caller told (it refreshes the auth actor's account record). On a failure
// the catalogue toast comes from the app's one error path (the mutation cache); a 400's field errors go
// next to their fields, the rest into a summary above the form. The typed values are never reset.
import { useState, type RefObject } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnyFormApi } from '@tanstack/react-form';
import { useLingui } from '@lingui/react/macro';
import type { StudentProfileUpdate, TeacherProfileUpdate } from '../../../contract/profile';
import { isApiError, type FieldErrors } from '../../api/api-error';
import { useAppForm } from '../../domain/app-form';
import { applyServerErrors, useFocusFirstInvalid, useSubmitAttempts, useValidateAllOnSubmit } from '../../ui/form-helpers';
import { toast } from '../../ui/toast-store';
import { profileSaved, saveProfile, type ProfileDetails } from '../../api/profile';

export function useSaveProfile(options: { formRef: RefObject<HTMLFormElement | null>; onSaved?: (profile: ProfileDetails) => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [summary, setSummary] = useState<string[]>([]);
  const focusFirstInvalid = useFocusFirstInvalid(options.formRef);
  const mutation = useMutation({ mutationFn: (body: StudentProfileUpdate | TeacherProfileUpdate) => saveProfile(body) });

  /** `mapErrors`: server field names → this form's (e.g. "working_hours.1.end_time" → "days[3].end"). */
  const save = async (
    form: AnyFormApi,
    body: StudentProfileUpdate | TeacherProfileUpdate,
    mapErrors?: (errors: FieldErrors) => FieldErrors,
  ) => {
    setSummary([]);
    try {
      const { message, profile } = await mutation.mutateAsync(body);
      profileSaved(queryClient, i18n.locale, profile);
      toast.show({ severity: 'success', summary: t`Profile saved`, detail: message });
      options.onSaved?.(profile);
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        const fieldErrors = mapErrors ? mapErrors(error.fieldErrors) : error.fieldErrors;
        setSummary(applyServerErrors(form, fieldErrors));
        focusFirstInvalid();
      }
    }
  };
  return { save, busy: mutation.isPending, summary };
}

type ProfileUpdate = StudentProfileUpdate | TeacherProfileUpdate;

/**
 * A profile form: a TanStack form over `defaultValues` that saves what `toRequest` makes of the values
 * (the body, and how to name the server's field errors on this form). `shell` is what its FormShell needs,
 * the submit-attempt count included (read here, so the form itself re-renders on an attempt).
 */
export function useProfileForm<Values>(
  defaultValues: Values,
  onSaved: ((profile: ProfileDetails) => void) | undefined,
  toRequest: (values: Values) => { body: ProfileUpdate; mapErrors?: (errors: FieldErrors) => FieldErrors },
) {
  const { t } = useLingui();
  const { formRef, validateAll } = useValidateAllOnSubmit();
  const { save, busy, summary } = useSaveProfile({ formRef, onSaved });
  const form = useAppForm({
    defaultValues,
    ...validateAll,
    onSubmit: ({ value, formApi }) => {
      const { body, mapErrors } = toRequest(value);
      return save(formApi, body, mapErrors);
    },
  });
  const attempts = useSubmitAttempts(form);
  const shell = {
    formRef,
    form,
    busy,
    errors: summary,
    className: 'profile-form',
    'data-attempts': attempts,
    label: t`Your details`,
    errorTitle: t`Your details could not be saved:`,
    submitLabel: t`Save changes`,
  };
  return { form, shell };
}
