// Left or time up: the link to the session details, and joining again while the window is open.
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { selectCanRejoin, selectEndReason, selectRequestId } from '../../../machines/live-session.machine';
import type { LiveSessionActor } from '../../app/live-session';
import { Button } from '../../ui/button';
import { Notice } from './notice';

export function EndedNotice({ actor }: { actor: LiveSessionActor }) {
  const timeUp = useSelector(actor, selectEndReason) === 'timeUp';
  const requestId = useSelector(actor, selectRequestId);
  const canRejoin = useSelector(actor, selectCanRejoin);
  return (
    <Notice testId="session-ended" heading={timeUp ? <Trans>The session has ended</Trans> : <Trans>You left the session</Trans>}>
      <div className="live-session-actions">
        {requestId !== null ? (
          <Link to="/session-details/$requestId" params={{ requestId: String(requestId) }} data-testid="session-details-link">
            <Trans>Session details</Trans>
          </Link>
        ) : null}
        {canRejoin ? (
          <Button variant="secondary" onClick={() => actor.send({ type: 'session.rejoin' })}>
            <Trans>Join again</Trans>
          </Button>
        ) : null}
      </div>
    </Notice>
  );
}
