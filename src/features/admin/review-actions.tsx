// The review actions an application's status allows: approve or reject one in review (a rejection needs
// a reason: a template in both languages, then edited freely), suspend an approved or active teacher,
// reinstate a suspended one. Each goes through the admin API, which applies the teacher-status
// statechart and tells the teacher's open page live; a refused change (409) shows the server's message,
// which names the current status.
import { useState } from 'react';
import { useAppForm } from '../../domain/app-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TeacherStatus } from '../../../contract/account';
import { REVIEW_REASON_MAX, type ReviewAction } from '../../../contract/teacher-review';
import { isApiError } from '../../api/api-error';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { FormError } from '../../ui/form-error';
import { submitWith, textBinding, useValidateAllOnSubmit, visibleErrors } from '../../ui/form-helpers';
import { TextArea } from '../../ui/text-area';
import { toast } from '../../ui/toast-store';
import { refreshConsole, reviewTeacherAction } from './admin-api';
import { consoleMeta } from './console-errors';
import { REASON_TEMPLATES, templateReason } from './texts';

/** The actions the teacher-status statechart offers a reviewer from each status. */
const ACTIONS: Record<TeacherStatus, readonly ReviewAction[]> = {
  in_review: ['approve', 'reject'],
  policy: ['suspend'],
  active: ['suspend'],
  rejected: [],
  suspended: ['reinstate'],
};

export function ReviewActions({ id, status }: { id: string; status: TeacherStatus }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<'reject' | 'suspend' | null>(null);
  const [refused, setRefused] = useState<string[]>([]);
  const act = useMutation({
    mutationFn: ({ action, reason }: { action: ReviewAction; reason: string | null }) => reviewTeacherAction(id, action, reason),
    meta: consoleMeta([409, 422]),
    onSuccess: ({ message }) => {
      toast.show({ severity: 'success', summary: t`Done`, detail: message ?? '' });
      setOpen(null);
      setRefused([]);
    },
    onError: (error) => {
      if (isApiError(error) && (error.status === 409 || error.status === 422) && error.serverMessage) setRefused([error.serverMessage]);
    },
    // Whatever happened, the status, history and queue are read again.
    onSettled: () => refreshConsole.all(queryClient),
  });
  const { formRef, validateAll } = useValidateAllOnSubmit();
  const form = useAppForm({
    defaultValues: { reason: '' },
    onSubmit: async ({ value, formApi }) => {
      if (!open) return;
      const reason = value.reason.trim();
      await act.mutateAsync({ action: open, reason: reason || null }).then(
        () => formApi.reset(),
        () => undefined,
      );
    },
    ...validateAll,
  });
  const actions = ACTIONS[status];
  const labels: Record<ReviewAction, string> = { approve: t`Approve`, reject: t`Reject`, suspend: t`Suspend`, reinstate: t`Reinstate` };
  return (
    <section className="console-card" aria-labelledby="actions-title">
      <h2 id="actions-title">
        <Trans>Decision</Trans>
      </h2>
      <FormError title={t`The change was refused:`} messages={refused} />
      {actions.length === 0 ? (
        <p className="muted">
          <Trans>Nothing to decide now: the teacher has to resubmit first.</Trans>
        </p>
      ) : (
        <div className="console-actions">
          {actions.map((action) =>
            action === 'reject' || action === 'suspend' ? (
              <Button
                key={action}
                variant={open === action ? 'primary' : 'danger'}
                aria-expanded={open === action}
                onClick={() => setOpen(open === action ? null : action)}
              >
                {labels[action]}
              </Button>
            ) : (
              <Button key={action} disabled={act.isPending} onClick={() => act.mutate({ action, reason: null })}>
                {labels[action]}
              </Button>
            ),
          )}
        </div>
      )}
      {open ? (
        <form ref={formRef} className="form console-form" noValidate onSubmit={submitWith(form)} aria-label={labels[open]}>
          {open === 'reject' ? (
            <div className="console-templates" role="group" aria-label={t`Reason templates`}>
              {REASON_TEMPLATES.map((template) => (
                <Button
                  key={template.id}
                  variant="ghost"
                  className="button-small"
                  onClick={() => form.setFieldValue('reason', templateReason(template))}
                >
                  {i18n._(template.label)}
                </Button>
              ))}
            </div>
          ) : null}
          <form.Field
            name="reason"
            validators={{
              onChange: ({ value }) =>
                open === 'reject' && value.trim() === ''
                  ? t`Write what the teacher must correct.`
                  : value.length > REVIEW_REASON_MAX
                    ? t`The reason is too long.`
                    : undefined,
            }}
          >
            {(field) => (
              <Field
                label={open === 'reject' ? t`Reason the teacher will read` : t`Reason (optional)`}
                required={open === 'reject'}
                errors={visibleErrors(field, i18n)}
              >
                {(control) => <TextArea {...control} {...textBinding(field)} rows={4} maxLength={REVIEW_REASON_MAX} />}
              </Field>
            )}
          </form.Field>
          <div className="console-actions">
            <Button type="submit" variant="danger" disabled={act.isPending}>
              {open === 'reject' ? t`Reject the application` : t`Suspend the teacher`}
            </Button>
            <Button variant="ghost" onClick={() => setOpen(null)}>
              <Trans context="console">Cancel</Trans>
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
