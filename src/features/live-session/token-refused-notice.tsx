// No token: the server's reason (not a participant, outside the window) or no connection. "Try again"
// only where trying again can help: no answer, a server fault, or a session not open yet; a session
// that is over (or not the viewer's) stays so, and only the way back is offered.
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { selectCanRetry, selectFailure } from '../../../machines/live-session.machine';
import type { LiveSessionActor } from '../../bindings/live-session';
import { Button } from '../../ui/button';
import { Notice } from './notice';

export function TokenRefusedNotice({ actor }: { actor: LiveSessionActor }) {
  const failure = useSelector(actor, selectFailure);
  const retry = useSelector(actor, selectCanRetry);
  return (
    <Notice role="alert" heading={<Trans>You cannot join this session now</Trans>}>
      <p data-testid="session-refusal">{failure?.message ?? <Trans>Could not reach the server. Check your connection.</Trans>}</p>
      <div className="live-session-actions">
        {retry ? (
          <Button onClick={() => actor.send({ type: 'session.retry' })}>
            <Trans>Try again</Trans>
          </Button>
        ) : null}
        <Link to="/requests/{-$studentId}/{-$teacherId}/{-$requestId}" params={{}}>
          <Trans>Back to requests</Trans>
        </Link>
      </div>
    </Notice>
  );
}
