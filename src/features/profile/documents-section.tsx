// A teacher's three documents (ID front and back, qualification scan): the current file with a button that
// opens it (the file endpoint wants the bearer token, so not a plain link), and a replacement sent to
// POST v1/instructor/documents. Replacing a document of an active account sends it back to review
// (docs/decisions.md), so an active teacher confirms that first in a dialog.
import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { DOCUMENT_FIELDS, type DocumentField } from '../../../contract/auth';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { FileInput, validateFile } from '../../ui/file-input';
import { toast } from '../../ui/toast-store';
import { isApiError } from '../../api/api-error';
import { profileMessage } from './messages';
import { openDocument, type ProfileDetails } from '../../api/profile';
import { replaceDocument } from '../../api/teacher-review';

export function DocumentsSection({ profile, onReplaced }: { profile: ProfileDetails; onReplaced?: () => void }) {
  const { t, i18n } = useLingui();
  const labels: Record<DocumentField, string> = {
    id_front: t`ID card (front)`,
    id_back: t`ID card (back)`,
    qualification_scan: t`Qualification scan`,
  };
  const [chosen, setChosen] = useState<Partial<Record<DocumentField, File | null>>>({});
  const [problems, setProblems] = useState<Partial<Record<DocumentField, string[]>>>({});
  const [confirming, setConfirming] = useState<DocumentField | null>(null);
  // The share of the file being sent, per document, while it goes (null: started, size not known yet).
  const [progress, setProgress] = useState<Partial<Record<DocumentField, number | null>>>({});
  const upload = useMutation({
    mutationFn: ({ kind, file }: { kind: DocumentField; file: File }) =>
      replaceDocument(kind, file, undefined, (share) => setProgress((p) => ({ ...p, [kind]: share }))),
    onMutate: ({ kind }) => setProgress((p) => ({ ...p, [kind]: null })),
    onSettled: (_data, _error, { kind }) =>
      setProgress((p) => {
        const { [kind]: _done, ...rest } = p;
        return rest;
      }),
  });
  const active = profile.status === 'active';

  const send = async (kind: DocumentField) => {
    const file = chosen[kind] ?? null;
    const problem = validateFile(file);
    if (problem || !file) {
      setProblems((p) => ({ ...p, [kind]: [profileMessage(problem ?? 'file.required', i18n)] }));
      return;
    }
    setProblems((p) => ({ ...p, [kind]: [] }));
    try {
      const message = await upload.mutateAsync({ kind, file });
      toast.show({ severity: 'success', summary: t`Document sent`, detail: message });
      setChosen((c) => ({ ...c, [kind]: null }));
      onReplaced?.();
    } catch (error) {
      // The catalogue toast comes from the app's error path; a 400 also names the file's problem here.
      if (isApiError(error) && error.status === 400) {
        setProblems((p) => ({ ...p, [kind]: error.fieldErrors[kind] ?? error.fieldMessages }));
      }
    }
  };

  return (
    <section className="profile-card documents-card" aria-labelledby="documents-title">
      <h2 id="documents-title">
        <Trans>Documents</Trans>
      </h2>
      <p className="muted small">
        <Trans>Images (JPG, PNG, WebP) or PDF, at most 5 MB each.</Trans>{' '}
        {active ? <Trans>Replacing a document sends your account back to review.</Trans> : null}
      </p>
      <ul className="document-list">
        {DOCUMENT_FIELDS.map((kind) => {
          const current = profile.document_files[kind];
          const file = chosen[kind] ?? null;
          return (
            <li key={kind} className="document-row" data-testid={`document-${kind}`}>
              <div className="document-current">
                <strong>{labels[kind]}</strong>
                {current ? (
                  <span className="document-file">
                    <bdi dir="ltr">{current.name}</bdi>
                    <button
                      type="button"
                      className="button button-ghost button-small"
                      onClick={() =>
                        void openDocument(current.url).catch(() =>
                          toast.show({ severity: 'error', summary: t`The file could not be opened`, detail: t`Please try again.` }),
                        )
                      }
                    >
                      <Trans>Open</Trans>
                      <span className="visually-hidden"> {labels[kind]}</span>
                    </button>
                  </span>
                ) : (
                  <span className="muted">
                    <Trans>Not uploaded</Trans>
                  </span>
                )}
              </div>
              <Field label={t`Replace: ${labels[kind]}`} errors={problems[kind] ?? []}>
                {(control) => (
                  <FileInput
                    {...control}
                    name={kind}
                    value={file}
                    progress={kind in progress ? progress[kind] : undefined}
                    onChange={(f) => {
                      setChosen((c) => ({ ...c, [kind]: f }));
                      setProblems((p) => ({ ...p, [kind]: [] }));
                    }}
                  />
                )}
              </Field>
              {file ? (
                <Button
                  variant="secondary"
                  disabled={upload.isPending}
                  aria-busy={upload.isPending || undefined}
                  onClick={() => (active ? setConfirming(kind) : void send(kind))}
                >
                  <Trans>Send the new file</Trans>
                  <span className="visually-hidden"> {labels[kind]}</span>
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>

      <Dialog.Root open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog-content">
            <Dialog.Title className="dialog-title">
              <Trans>Send your account back to review?</Trans>
            </Dialog.Title>
            <Dialog.Description>
              <Trans>
                A new document has to be checked by our team. Until then your account is under review and you cannot accept new requests.
                This usually takes one to two working days.
              </Trans>
            </Dialog.Description>
            <div className="dialog-actions">
              <Dialog.Close asChild>
                <Button variant="ghost">
                  <Trans>Keep my current document</Trans>
                </Button>
              </Dialog.Close>
              <Button
                onClick={() => {
                  const kind = confirming;
                  setConfirming(null);
                  if (kind) void send(kind);
                }}
              >
                <Trans>Send and go back to review</Trans>
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </section>
  );
}
