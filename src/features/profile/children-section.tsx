// The family's children on the profile: each child's name and school phase, with "edit" and "archive"
// (asked first in a dialog), and "add a child" up to the contract's limit. A child with lessons is
// archived — hidden from booking, kept in the history, listed here as archived — and one without is
// deleted; the server decides which and says so. The last active child cannot be archived (the button
// is not offered, and the server's refusal is shown should it come anyway). Each child, archived ones too,
// links to its progress page.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { MAX_CHILDREN } from '../../../contract/children';
import { refreshChildren, childrenQuery, removeChild, type Child } from '../../api/children';
import { isApiError } from '../../api/api-error';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { ChildUsage, ProgressLink } from '../../domain/child-label';
import { ChildForm } from './child-form';
import { refusalText } from './children-texts';

/** What is open: nothing, the add form, or one child's edit form. */
type Editing = null | 'new' | number;

export function ChildrenSection() {
  const { i18n } = useLingui();
  const children = useQuery(childrenQuery(i18n.locale, { includeArchived: true }));
  const [editing, setEditing] = useState<Editing>(null);
  const list = children.data ?? [];
  const active = list.filter((c) => !c.archived);

  return (
    <section className="profile-card children-section" aria-labelledby="children-title">
      <h2 id="children-title">
        <Trans>Children</Trans>
      </h2>
      <p className="muted">
        <Trans>Each child books their own lessons; the hours and the free trial are the family's.</Trans>
      </p>
      {children.isPending ? (
        <Spinner />
      ) : children.isError ? (
        <p className="muted" role="alert">
          <Trans>The children could not be loaded. Please reload the page.</Trans>
        </p>
      ) : (
        <ul className="children-list">
          {list.map((child) =>
            editing === child.id ? (
              <li key={child.id} className="child-row child-row-editing">
                <ChildForm child={child} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <ChildRow
                key={child.id}
                child={child}
                canArchive={!child.archived && active.length > 1}
                onEdit={() => setEditing(child.id)}
              />
            ),
          )}
        </ul>
      )}
      {editing === 'new' ? (
        <ChildForm child={null} onDone={() => setEditing(null)} />
      ) : children.isSuccess && active.length < MAX_CHILDREN ? (
        <Button variant="secondary" className="children-add" onClick={() => setEditing('new')}>
          <Trans>Add a child</Trans>
        </Button>
      ) : children.isSuccess ? (
        <p className="muted">
          <Trans>A family can have at most {MAX_CHILDREN} children.</Trans>
        </p>
      ) : null}
    </section>
  );
}

function ChildRow({ child, canArchive, onEdit }: { child: Child; canArchive: boolean; onEdit: () => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: () => removeChild(child.id),
    meta: { handledStatuses: [404, 409] },
  });
  const name = `${child.first_name} ${child.last_name}`;

  const archive = async () => {
    setRefusal(null);
    try {
      const { message } = await remove.mutateAsync();
      setOpen(false);
      toast.show({ severity: 'success', summary: t`${child.first_name} removed`, detail: message });
    } catch (error) {
      setOpen(false);
      if (isApiError(error) && (error.status === 409 || error.status === 404)) setRefusal(refusalText(error, i18n));
    } finally {
      void refreshChildren(queryClient);
    }
  };

  return (
    <li className="child-row" data-testid="child-row">
      <div className="child-facts">
        <strong lang="ar" dir="auto">
          {name}
        </strong>
        <span className="muted">{child.phase.name}</span>
        <span className="muted">
          <ChildUsage child={child} testId={`child-${child.id}-usage`} />
        </span>
        {child.archived ? (
          <span className="status-badge">
            <Trans>Archived</Trans>
          </span>
        ) : null}
      </div>
      <div className="child-actions">
        <ProgressLink childId={child.id} name={name} className="button button-ghost button-small">
          <Trans>Progress</Trans>
        </ProgressLink>
        {child.archived ? null : (
          <>
            <Button variant="secondary" onClick={onEdit} aria-label={t`Edit ${name}`}>
              <Trans>Edit</Trans>
            </Button>
            {canArchive ? (
              <ConfirmDialog
                open={open}
                onOpenChange={setOpen}
                trigger={
                  <Button variant="ghost" aria-label={t`Remove ${name}`}>
                    <Trans>Remove</Trans>
                  </Button>
                }
                title={<Trans>Remove {name}?</Trans>}
                description={
                  <p>
                    <Trans>
                      {child.first_name} will no longer be offered when you book. Lessons already booked or taken stay in your history.
                    </Trans>
                  </p>
                }
                keepLabel={<Trans>Keep</Trans>}
                confirmLabel={remove.isPending ? <Trans>Removing…</Trans> : <Trans>Yes, remove</Trans>}
                onConfirm={() => void archive()}
                confirmProps={{ disabled: remove.isPending }}
              />
            ) : null}
          </>
        )}
      </div>
      {refusal ? (
        <p className="field-error" role="alert">
          {refusal}
        </p>
      ) : null}
    </li>
  );
}
