// The rejected teacher's form: upload corrected documents (any of ID front, ID back, qualification
// scan; images or PDF up to 5 MB). Sends `documents.resubmit` to the teacher-status machine, whose
// submitDocuments actor posts them; the server's field errors appear next to their fields.
import { useEffect, useRef } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { isApiError } from '../../api/api-error';
import { useAppForm } from '../../domain/app-form';
import { Button } from '../../ui/button';
import { validateFile } from '../../ui/file-input';
import { FormError } from '../../ui/form-error';
import { applyServerErrors, submitWith, useValidateAllOnSubmit } from '../../ui/form-helpers';
import { selectTeacherBusy } from '../../../machines/teacher-status.machine';
import type { TeacherStatusActor } from '../../bindings/teacher-status';

const DOCUMENTS = ['id_front', 'id_back', 'qualification_scan'] as const;
type DocumentName = (typeof DOCUMENTS)[number];
type Values = Record<DocumentName, File | null>;

const labels = {
  id_front: msg`ID card, front`,
  id_back: msg`ID card, back`,
  qualification_scan: msg`Qualification certificate (scan)`,
};
const NONE_CHOSEN = 'documents.none';

export function ResubmitDocumentsForm({ actor, serverError }: { actor: TeacherStatusActor; serverError: unknown }) {
  const { t, i18n } = useLingui();
  const busy = useSelector(actor, selectTeacherBusy);
  const { formRef, validateAll } = useValidateAllOnSubmit();
  const form = useAppForm({
    defaultValues: { id_front: null, id_back: null, qualification_scan: null } as Values,
    validators: {
      onSubmit: ({ value }) => (DOCUMENTS.some((name) => value[name]) ? undefined : NONE_CHOSEN),
    },
    onSubmit: ({ value }) => {
      const files = new FormData();
      for (const name of DOCUMENTS) {
        const file = value[name];
        if (file) files.set(name, file, file.name);
      }
      actor.send({ type: 'documents.resubmit', files });
    },
    ...validateAll,
  });

  // A refused upload (400) puts the server's messages next to their fields.
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (serverError === shown.current) return;
    shown.current = serverError;
    if (isApiError(serverError) && serverError.status === 400) applyServerErrors(form, serverError.fieldErrors);
  }, [serverError, form]);

  return (
    <form ref={formRef} className="form resubmit-form" noValidate aria-label={t`Resubmit documents`} onSubmit={submitWith(form)}>
      <form.Subscribe selector={(s) => s.errorMap.onSubmit}>
        {(error) => <FormError title={t`Nothing to send:`} messages={error ? [t`Choose at least one corrected document.`] : []} />}
      </form.Subscribe>
      <fieldset className="documents">
        <legend className="field-label">
          <Trans>Corrected documents</Trans>
        </legend>
        <p className="muted small">
          <Trans>Choose only the documents you want to replace. Images (JPG, PNG, WebP) or PDF, at most 5 MB each.</Trans>
        </p>
        {DOCUMENTS.map((name) => (
          <form.AppField key={name} name={name} validators={{ onChange: ({ value }) => validateFile(value, { required: false }) }}>
            {(field) => <field.FileField label={i18n._(labels[name])} disabled={busy} />}
          </form.AppField>
        ))}
      </fieldset>
      <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
        <Trans>Send for review again</Trans>
      </Button>
    </form>
  );
}
