// "Cancel this session" for the teacher of a booked session: a dialog that asks for the reason the
// family will read (a few ready phrases that fill the box, or free text), refuses an empty one with a
// message next to the field, and keeps whatever was typed while the dialog is closed and reopened or
// the server refuses. The family gets every hour (or the free trial) back; the server says so.
import { useId, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CANCEL_REASON_MAX_LENGTH } from '../../contract/requests';
import { isApiError } from '../api/api-error';
import { api } from '../api/client';
import { changeRequest, putRequest, refreshAfterRequestChange } from '../api/requests';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Field } from '../ui/field';
import { TextArea } from '../ui/text-area';
import { toast } from '../ui/toast-store';

/** Ready reasons: one tap fills the box, which the teacher may still change. */
const TEMPLATES = [
  msg`I am ill and cannot teach at this time.`,
  msg`A family emergency came up.`,
  msg`I have no working connection or power at this time.`,
  msg`Something I cannot move came up at this time.`,
];

export function TeacherCancel({ requestId, label }: { requestId: number; label?: string | undefined }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const box = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();

  const cancel = useMutation({
    mutationFn: (why: string) => changeRequest(requestId, 'cancel', api, { reason: why }),
    onSuccess: (detail) => {
      putRequest(queryClient, detail, i18n.locale);
      setOpen(false);
      setReason('');
      toast.show({ severity: 'success', summary: t`The session was canceled. The family was told and got everything back.` });
    },
    onError: (error) => {
      // A refused reason shows at the field; the text stays for the teacher to fix.
      if (isApiError(error) && error.status === 400) setErrors(error.fieldErrors.reason ?? [error.message]);
    },
    onSettled: () => refreshAfterRequestChange(queryClient),
  });

  const confirm = () => {
    const why = reason.trim();
    if (!why) {
      setErrors([t`Please say why you are cancelling: the family will read it.`]);
      box.current?.focus();
      return;
    }
    setErrors([]);
    cancel.mutate(why);
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          variant="danger"
          disabled={cancel.isPending}
          aria-label={label ? `${t`Cancel this session`} — ${label}` : undefined}
          data-action="teacher-cancel"
        >
          <Trans>Cancel this session</Trans>
        </Button>
      }
      title={<Trans>Cancel this session?</Trans>}
      description={
        <p>
          <Trans>
            The family gets back every hour of it (or their free trial) and is told your reason, with a way to book another teacher.
          </Trans>
        </p>
      }
      keepLabel={<Trans>Keep the session</Trans>}
      confirmLabel={<Trans>Yes, cancel the session</Trans>}
      onConfirm={confirm}
      confirmProps={{ 'data-action': 'confirm-teacher-cancel', variant: 'danger', disabled: cancel.isPending }}
    >
      <div className="cancel-templates" role="group" aria-labelledby={hintId}>
        <p id={hintId} className="muted small">
          <Trans>Choose a reason to start from, or write your own:</Trans>
        </p>
        {TEMPLATES.map((template) => {
          const text = i18n._(template);
          return (
            <Button
              key={template.id}
              type="button"
              variant="ghost"
              className="cancel-template"
              aria-pressed={reason === text}
              onClick={() => {
                setReason(text);
                setErrors([]);
                box.current?.focus();
              }}
            >
              {text}
            </Button>
          );
        })}
      </div>
      <Field label={<Trans>Your reason for the family</Trans>} required errors={errors}>
        {(control) => (
          <TextArea
            {...control}
            ref={box}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              if (errors.length > 0 && e.target.value.trim()) setErrors([]);
            }}
            rows={3}
            maxLength={CANCEL_REASON_MAX_LENGTH}
            data-testid="cancel-reason"
          />
        )}
      </Field>
    </ConfirmDialog>
  );
}
