// Internal notes on an application: what reviewers tell each other; the teacher never sees them.
import { useAppForm } from '../../domain/app-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { teacherNoteSchema } from '../../../contract/staff';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { submitWith, textBinding, useValidateAllOnSubmit, visibleErrors } from '../../ui/form-helpers';
import { LoadState } from '../../ui/load-state';
import { TextArea } from '../../ui/text-area';
import { addNote, refreshConsole, notesQuery } from './admin-api';
import { consoleMeta } from './console-errors';
import { dateTime } from './format';

export function NotesSection({ id }: { id: string }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const notes = useQuery(notesQuery(id));
  const add = useMutation({
    mutationFn: (body: string) => addNote(id, body),
    meta: consoleMeta(),
    onSuccess: () => refreshConsole.teacher(queryClient, id),
  });
  const { formRef, validateAll } = useValidateAllOnSubmit();
  const form = useAppForm({
    defaultValues: { body: '' },
    onSubmit: async ({ value, formApi }) => {
      await add.mutateAsync(value.body.trim()).then(
        () => formApi.reset(),
        () => undefined,
      );
    },
    ...validateAll,
  });
  return (
    <section className="console-card" aria-labelledby="notes-title">
      <h2 id="notes-title">
        <Trans>Internal notes</Trans>
      </h2>
      <p className="muted">
        <Trans>Only staff read these; the teacher never sees them.</Trans>
      </p>
      {!notes.data ? (
        <LoadState failed={notes.isError} failedText={<Trans>The notes could not be loaded.</Trans>} />
      ) : (
        <ul className="console-notes">
          {notes.data.map((n) => (
            <li key={n.id}>
              <p className="console-pre">{n.body}</p>
              <span className="muted">
                {n.staff} · <time dateTime={n.created_at}>{dateTime(n.created_at, i18n.locale)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
      <form ref={formRef} className="form console-form" noValidate onSubmit={submitWith(form)} aria-label={t`Add a note`}>
        <form.Field name="body" validators={{ onChange: teacherNoteSchema.shape.body }}>
          {(field) => (
            <Field label={t`New note`} required errors={visibleErrors(field, i18n)}>
              {(control) => <TextArea {...control} {...textBinding(field)} rows={3} maxLength={2000} />}
            </Field>
          )}
        </form.Field>
        <Button type="submit" variant="secondary" disabled={add.isPending}>
          <Trans>Add note</Trans>
        </Button>
      </form>
    </section>
  );
}
