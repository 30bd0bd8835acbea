// The teacher's "End for both": asks first (it cannot be taken back), then the server finishes the
// lesson and gives the family back the whole half-hours not taught; the family's screen ends with it.
// Open and closed follow the machine's end:confirming tag; the button waits while the server answers.
import { Trans } from '@lingui/react/macro';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import type { LiveSessionActor } from '../../bindings/live-session';

export function EndForBothDialog({
  actor,
  disabled,
  confirming,
  ending,
}: {
  actor: LiveSessionActor;
  disabled: boolean;
  confirming: boolean;
  ending: boolean;
}) {
  return (
    <ConfirmDialog
      open={confirming}
      onOpenChange={(open) => actor.send(open ? { type: 'end.request' } : { type: 'end.cancel' })}
      trigger={
        <Button variant="danger" className="live-end-both" disabled={disabled} aria-busy={ending || undefined} data-testid="end-for-both">
          {ending ? <Trans>Ending the lesson…</Trans> : <Trans>End for both</Trans>}
        </Button>
      }
      title={<Trans>End the lesson for both?</Trans>}
      description={
        <p>
          <Trans>
            The call ends for you and the student, and nobody can join again. The whole half-hours not taught go back to the family's
            balance.
          </Trans>
        </p>
      }
      keepLabel={<Trans>Keep teaching</Trans>}
      confirmLabel={<Trans>End the lesson</Trans>}
      onConfirm={() => actor.send({ type: 'end.confirm' })}
      confirmProps={{ 'data-testid': 'confirm-end-for-both' }}
    />
  );
}
