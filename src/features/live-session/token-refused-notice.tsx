// No token: the server's reason (not a participant, outside the window) or no connection.
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { selectFailure } from '../../../machines/live-session.machine';
import type { LiveSessionActor } from '../../app/live-session';
import { Button } from '../../ui/button';
import { Notice } from './notice';

export function TokenRefusedNotice({ actor }: { actor: LiveSessionActor }) {
  const failure = useSelector(actor, selectFailure);
  return (
    <Notice role="alert" heading={<Trans>You cannot join this session now</Trans>}>
      <p data-testid="session-refusal">{failure?.message ?? <Trans>Could not reach the server. Check your connection.</Trans>}</p>
      <div className="live-session-actions">
        <Button onClick={() => actor.send({ type: 'session.retry' })}>
          <Trans>Try again</Trans>
        </Button>
        <Link to="/requests/{-$studentId}/{-$teacherId}/{-$requestId}" params={{}}>
          <Trans>Back to requests</Trans>
        </Link>
      </div>
    </Notice>
  );
}
