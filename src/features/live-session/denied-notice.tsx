// The device check was refused or found nothing: how to allow it, try again, or join with sound only.
import { Trans } from '@lingui/react/macro';
import type { LiveSessionActor } from '../../bindings/live-session';
import { Button } from '../../ui/button';
import { Notice } from './notice';

export function DeniedNotice({ actor }: { actor: LiveSessionActor }) {
  return (
    <Notice role="alert" heading={<Trans>Camera or microphone not available</Trans>}>
      <p>
        <Trans>
          Your browser did not allow the camera or the microphone, or none was found. Allow them from the icon next to the address bar (or
          in your browser settings), then try again. You can also join with sound only.
        </Trans>
      </p>
      <div className="live-session-actions">
        <Button onClick={() => actor.send({ type: 'permission.retry' })}>
          <Trans>Try again</Trans>
        </Button>
        <Button variant="secondary" onClick={() => actor.send({ type: 'session.continueAudioOnly' })}>
          <Trans>Continue without camera</Trans>
        </Button>
      </div>
    </Notice>
  );
}
