// Joining failed or the connection did not come back: why, and joining again.
import { useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { selectFailReason, selectFailure } from '../../../machines/live-session.machine';
import type { LiveSessionActor } from '../../bindings/live-session';
import { Button } from '../../ui/button';
import { Notice } from './notice';

export function FailedNotice({ actor }: { actor: LiveSessionActor }) {
  const failure = useSelector(actor, selectFailure);
  const lost = useSelector(actor, selectFailReason) === 'reconnectTimeout';
  return (
    <Notice role="alert" heading={lost ? <Trans>The connection was lost</Trans> : <Trans>Could not join the session</Trans>}>
      {failure?.message && !lost ? <p>{failure.message}</p> : null}
      <div className="live-session-actions">
        <Button onClick={() => actor.send({ type: 'session.retry' })}>
          <Trans>Join again</Trans>
        </Button>
      </div>
    </Notice>
  );
}
