// A lesson of a weekly series on its details: "Week 2 of 4", and for the family, while the lesson is
// still ahead, "Cancel the rest of the series" (POST v1/series/{id}/cancel) behind a confirm dialog that
// says what comes back and what stays (a lesson inside the 6-hour cut-off is kept).
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, type ApiClient } from '../../api/client';
import { refreshAfterRequestChange, type RequestDetail } from '../../api/requests';
import { cancelSeries } from '../../api/series';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Fact } from '../../ui/fact';
import { toast } from '../../ui/toast-store';

export function SeriesFact({ detail }: { detail: RequestDetail }) {
  if (!detail.series) return null;
  const { week, weeks } = detail.series;
  return (
    <Fact term={<Trans>Weekly series</Trans>} valueTestId="series-week">
      <Trans>
        Week {week} of {weeks}
      </Trans>
    </Fact>
  );
}

export function CancelSeries({ detail, now, client = api }: { detail: RequestDetail; now: number; client?: ApiClient }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const cancel = useMutation({
    mutationFn: (id: number) => cancelSeries(id, client),
    onSuccess: (result) => {
      const summary = result.kept.length
        ? t`The rest of the series was canceled; lessons starting within 6 hours stay booked.`
        : t`The rest of the series was canceled.`;
      toast.show({ severity: 'success', summary });
    },
    onSettled: () => refreshAfterRequestChange(queryClient),
  });
  const ahead = (detail.status === 'pending' || detail.status === 'approved') && Date.parse(detail.starts_at) > now;
  if (!detail.series || !ahead) return null;
  const seriesId = detail.series.id;
  return (
    <div className="request-actions">
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        trigger={
          <Button variant="danger" disabled={cancel.isPending} data-action="cancel-series">
            <Trans>Cancel the rest of the series</Trans>
          </Button>
        }
        title={<Trans>Cancel the rest of the series?</Trans>}
        description={
          <p>
            <Trans>
              Every lesson of this series that is still ahead is canceled and its hours (or the free trial) come back, by the same rule as
              one cancellation: a lesson the teacher accepted that starts within 6 hours stays booked.
            </Trans>
          </p>
        }
        keepLabel={<Trans>Keep the series</Trans>}
        confirmLabel={<Trans>Yes, cancel the rest</Trans>}
        confirmProps={{ 'data-action': 'confirm-cancel-series' }}
        onConfirm={() => {
          setOpen(false);
          cancel.mutate(seriesId);
        }}
      />
    </div>
  );
}
