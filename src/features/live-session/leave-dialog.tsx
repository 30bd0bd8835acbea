// Leaving the call asks first: the booked time keeps running and joining again works until it ends.
// Open and closed follow the machine's leave:confirming tag.
import { Trans } from '@lingui/react/macro';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import type { LiveSessionActor } from '../../bindings/live-session';

export function LeaveDialog({ actor, disabled, confirming }: { actor: LiveSessionActor; disabled: boolean; confirming: boolean }) {
  return (
    <ConfirmDialog
      open={confirming}
      onOpenChange={(open) => actor.send(open ? { type: 'leave.request' } : { type: 'leave.cancel' })}
      trigger={
        <Button variant="danger" className="live-leave" disabled={disabled} data-testid="leave">
          <Trans>Leave the session</Trans>
        </Button>
      }
      title={<Trans>Leave the session?</Trans>}
      description={
        <p>
          <Trans>The session time keeps running. You can join again until it ends.</Trans>
        </p>
      }
      keepLabel={<Trans>Stay</Trans>}
      confirmLabel={<Trans>Leave</Trans>}
      onConfirm={() => actor.send({ type: 'leave.confirm' })}
      confirmProps={{ 'data-testid': 'confirm-leave' }}
    />
  );
}
