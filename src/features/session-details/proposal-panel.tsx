// An approved session's open proposal of a new time, on its details: to the side that answers it,
// the proposed time with Accept and Decline (POST v1/requests/{id}/reschedule/accept | /decline); to
// the side that proposed it, "waiting for the teacher / the family". Either way the session keeps its
// current time until an answer, and the proposal lapses unanswered at `lapses_at`. Whether the viewer
// may answer is the request machine's word (the `reschedule_accept` action), never a guess here.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RequestAction } from '../../../contract/requests';
import { answerProposal, putRequest, refreshAfterRequestChange, type RequestDetail } from '../../api/requests';
import { requestActionTexts } from '../../domain/request-status';
import { ZonedTime } from '../../domain/zoned-time';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast-store';

export interface ProposalPanelProps {
  detail: RequestDetail;
  role: 'student' | 'teacher';
  actions: readonly RequestAction[];
  timeZone?: string | undefined;
}

export function ProposalPanel({ detail, role, actions, timeZone }: ProposalPanelProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const reply = useMutation({
    mutationFn: (to: 'accept' | 'decline') => answerProposal(detail.id, to),
    onSuccess: (next, to) => {
      putRequest(queryClient, next, i18n.locale);
      toast.show({
        severity: 'success',
        summary: to === 'accept' ? t`The session was moved to the new time.` : t`The session keeps its current time.`,
      });
    },
    // A refusal (it lapsed, the other side withdrew, the time was just taken) means our copy is old.
    onSettled: () => refreshAfterRequestChange(queryClient),
  });
  const proposal = detail.proposal;
  if (!proposal || detail.status !== 'approved') return null;
  const mayAnswer = actions.includes('reschedule_accept');
  const mine = proposal.by === role;
  const proposed = <ZonedTime iso={proposal.starts_at} zone={timeZone} />;
  const until = <ZonedTime iso={proposal.lapses_at} zone={timeZone} />;
  if (!mayAnswer && !mine) return null;

  return (
    <section className="session-proposal" aria-labelledby="proposal-title" data-testid="proposal-panel">
      <h2 id="proposal-title">{mine ? <Trans>Your proposed time</Trans> : <Trans>A new time is proposed</Trans>}</h2>
      <p data-testid="proposal-time">
        {mine ? (
          <Trans>You proposed {proposed}.</Trans>
        ) : proposal.by === 'teacher' ? (
          <Trans>The teacher proposes {proposed}.</Trans>
        ) : (
          <Trans>The family proposes {proposed}.</Trans>
        )}
      </p>
      <p className="muted">
        {mine ? (
          role === 'student' ? (
            <Trans>Waiting for the teacher to answer, until {until}. The session keeps its current time until then.</Trans>
          ) : (
            <Trans>Waiting for the family to answer, until {until}. The session keeps its current time until then.</Trans>
          )
        ) : (
          <Trans>The session keeps its current time unless you accept, until {until}.</Trans>
        )}
      </p>
      {mayAnswer ? (
        <div className="request-actions">
          <Button onClick={() => reply.mutate('accept')} disabled={reply.isPending} data-action="reschedule-accept">
            {i18n._(requestActionTexts.reschedule_accept)}
          </Button>
          <Button variant="secondary" onClick={() => reply.mutate('decline')} disabled={reply.isPending} data-action="reschedule-decline">
            {i18n._(requestActionTexts.reschedule_decline)}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
