// What the teachers list and a teacher's page show when their query failed: why, and a retry.
import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Button } from '../../ui/button';

export function LoadFailure({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <div className="teachers-error" role="alert">
      <p>{children}</p>
      <Button variant="secondary" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}
