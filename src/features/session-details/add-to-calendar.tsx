// "Add to calendar" on a pending or approved session: the session's .ics is fetched with the user's
// token (a plain link could not carry it) and handed to the browser as a file, which the device's
// calendar opens. The same event (UID) later updates in place from the subscription feed.
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RequestAction } from '../../../contract/requests';
import type { RequestDetail } from '../../api/requests';
import { sessionCalendarFile } from '../../api/calendar';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast-store';

/** Whether the viewer is a party who may add the session: its family, or its teacher (an open offer while pending). */
export function canAddToCalendar(detail: RequestDetail, role: 'student' | 'teacher', actions: readonly RequestAction[]): boolean {
  if (detail.taken_by_other) return false;
  if (detail.status === 'approved') return detail.channel_name !== null;
  if (detail.status === 'pending') return role === 'student' || actions.includes('approve');
  return false;
}

function saveFile(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // After the click has handed the file over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function AddToCalendar({ requestId }: { requestId: number }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const add = async () => {
    setBusy(true);
    setProblem(null);
    try {
      saveFile(await sessionCalendarFile(requestId), `noor-session-${requestId}.ics`);
      toast.show({ severity: 'success', summary: t`The calendar file was downloaded: open it to add the session to your calendar.` });
    } catch {
      setProblem(t`The calendar file could not be downloaded. Please try again.`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="session-calendar">
      <Button
        variant="ghost"
        disabled={busy}
        aria-describedby="session-calendar-error"
        onClick={() => void add()}
        data-testid="add-to-calendar"
      >
        <Trans>Add to calendar</Trans>
      </Button>
      <p id="session-calendar-error" className="field-error" role={problem ? 'alert' : undefined}>
        {problem}
      </p>
    </div>
  );
}
