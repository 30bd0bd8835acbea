// Leaving the call asks first (Radix Dialog): the booked time keeps running and joining again works
// until it ends. Open and closed follow the machine's leave:confirming tag.
import * as Dialog from '@radix-ui/react-dialog';
import { Trans } from '@lingui/react/macro';
import { Button } from '../../ui/button';
import type { LiveSessionActor } from './wiring';

export function LeaveDialog({ actor, disabled, confirming }: { actor: LiveSessionActor; disabled: boolean; confirming: boolean }) {
  return (
    <Dialog.Root
      open={confirming}
      onOpenChange={(open) => actor.send(open ? { type: 'leave.request' } : { type: 'leave.cancel' })}
    >
      <Dialog.Trigger asChild>
        <Button className="live-leave" disabled={disabled} data-testid="leave">
          <Trans>Leave the session</Trans>
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="live-dialog-overlay" />
        <Dialog.Content className="live-dialog">
          <Dialog.Title className="live-dialog-title">
            <Trans>Leave the session?</Trans>
          </Dialog.Title>
          <Dialog.Description>
            <Trans>The session time keeps running. You can join again until it ends.</Trans>
          </Dialog.Description>
          <div className="live-session-actions">
            <Dialog.Close asChild>
              <Button variant="ghost">
                <Trans>Stay</Trans>
              </Button>
            </Dialog.Close>
            <Button onClick={() => actor.send({ type: 'leave.confirm' })} data-testid="confirm-leave">
              <Trans>Leave</Trans>
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
