// Support's review of reported messages: the open reports (or the closed ones), each with the family and
// the teacher of the conversation, who sent it, the reason given, and the messages just around it, so
// an operator reads it in context; then closes it as reviewed (acted on) or dismissed (nothing wrong).
// Each close is one audit row on the server.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReportedMessage } from '../../../contract/staff';
import { Button } from '../../ui/button';
import { LoadState } from '../../ui/load-state';
import { toast } from '../../ui/toast-store';
import { refreshConsole, reportedMessagesQuery, reviewReportedMessage } from './admin-api';
import { consoleMeta } from './console-errors';
import { dateTime } from './format';
import { NotAllowed } from './not-allowed';
import { mayUse } from './roles';
import { useStaffSession } from './staff-session';

type ListState = 'open' | 'closed';

export function ReportedMessagesPage() {
  const { t } = useLingui();
  const role = useStaffSession()?.staff.role;
  const [state, setState] = useState<ListState>('open');
  const list = useQuery({ ...reportedMessagesQuery(state), enabled: !role || mayUse(role, 'support') });
  if (role && !mayUse(role, 'support')) return <NotAllowed />;
  return (
    <section className="console-page">
      <h1>
        <Trans>Reported messages</Trans>
      </h1>
      <div className="console-actions console-report-states" role="group" aria-label={t`Which reports`}>
        <Button variant={state === 'open' ? 'primary' : 'secondary'} aria-pressed={state === 'open'} onClick={() => setState('open')}>
          <Trans>To review</Trans>
        </Button>
        <Button variant={state === 'closed' ? 'primary' : 'secondary'} aria-pressed={state === 'closed'} onClick={() => setState('closed')}>
          <Trans>Closed</Trans>
        </Button>
      </div>
      {!list.data ? (
        <LoadState failed={list.isError} failedText={<Trans>The reported messages could not be loaded.</Trans>} />
      ) : list.data.length === 0 ? (
        <p className="muted" role="status">
          {state === 'open' ? <Trans>No reported message waits for review.</Trans> : <Trans>No report has been closed yet.</Trans>}
        </p>
      ) : (
        <ul className="console-list console-reports">
          {list.data.map((m) => (
            <li key={m.id}>
              <ReportCard message={m} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ReportCard({ message: m }: { message: ReportedMessage }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const close = useMutation({
    mutationFn: (outcome: 'reviewed' | 'dismissed') => reviewReportedMessage(m.id, outcome),
    meta: consoleMeta(),
    onSuccess: (_, outcome) =>
      toast.show({ severity: 'success', summary: outcome === 'reviewed' ? t`Marked as reviewed.` : t`Report dismissed.` }),
    onSettled: () => refreshConsole.reported(queryClient),
  });
  const headingId = `report-${m.id}`;
  const family = m.family_name;
  const teacher = m.teacher_name;
  const name = (side: 'family' | 'teacher') => (side === 'family' ? family : teacher);
  return (
    <article className="console-card" aria-labelledby={headingId} data-testid="reported-message">
      <h2 id={headingId}>
        <Trans>
          Between the family <bdi>{family}</bdi> and the teacher <bdi>{teacher}</bdi>
        </Trans>
      </h2>
      <dl className="console-facts">
        <dt>
          <Trans>Reported on</Trans>
        </dt>
        <dd>{dateTime(m.reported_at, i18n.locale)}</dd>
        <dt>
          <Trans>Reason given</Trans>
        </dt>
        <dd>{m.report_reason ?? <Trans>No reason given</Trans>}</dd>
        {m.outcome ? (
          <>
            <dt>
              <Trans>Outcome</Trans>
            </dt>
            <dd>
              {m.outcome === 'reviewed' ? <Trans>Reviewed</Trans> : <Trans>Dismissed</Trans>}
              {' · '}
              {dateTime(m.reviewed_at, i18n.locale)}
              {m.reviewed_by ? (
                <>
                  {' · '}
                  <bdi dir="ltr">{m.reviewed_by}</bdi>
                </>
              ) : null}
            </dd>
          </>
        ) : null}
      </dl>
      <h3 className="console-subtitle">
        <Trans>The conversation around it</Trans>
      </h3>
      <ol className="console-thread">
        {m.context.map((c) => {
          const who = name(c.sender);
          return (
            <li
              key={c.id}
              className={c.id === m.id ? 'console-thread-reported' : undefined}
              aria-current={c.id === m.id ? 'true' : undefined}
            >
              <span className="console-thread-who">
                {c.sender === 'family' ? (
                  <Trans>
                    <bdi>{who}</bdi> (family)
                  </Trans>
                ) : (
                  <Trans>
                    <bdi>{who}</bdi> (teacher)
                  </Trans>
                )}
                {c.id === m.id ? (
                  <strong>
                    {' · '}
                    <Trans>the reported message</Trans>
                  </strong>
                ) : null}
                {' · '}
                <time dateTime={c.created_at}>{dateTime(c.created_at, i18n.locale)}</time>
              </span>
              <p dir="auto">{c.body}</p>
            </li>
          );
        })}
      </ol>
      {m.outcome ? null : (
        <div className="console-actions">
          <Button disabled={close.isPending} onClick={() => close.mutate('reviewed')}>
            <Trans>Mark as reviewed</Trans>
          </Button>
          <Button variant="secondary" disabled={close.isPending} onClick={() => close.mutate('dismissed')}>
            <Trans>Dismiss</Trans>
          </Button>
        </div>
      )}
    </article>
  );
}
