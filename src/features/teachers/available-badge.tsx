// "Available now" beside a teacher's name, on the list's card and the teacher's page alike: the
// teacher can take an urgent request at once.
import { Trans } from '@lingui/react/macro';

export function AvailableNowBadge({ available }: { available: boolean }) {
  return available ? (
    <span className="teacher-badge">
      <Trans>Available now</Trans>
    </span>
  ) : null;
}
