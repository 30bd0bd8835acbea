// The live alert for a new urgent request: when a request is offered to this teacher over
// their private channel and it is urgent and still waiting, a toast says so (kept until closed, since
// it expires soon), naming the child and school phase, with a sound the teacher can turn off. The requests list refreshes itself
// (src/realtime/use-request-updates.ts); this only alerts. Loaded with the bell's live chunk.
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { REQUEST_EVENTS } from '../../../contract/request-values';
import { offeredRequest } from '../../api/offered-request';
import { playUrgentTone } from '../../domain/urgent-sound';
import { connectRealtime } from '../../realtime/client';
import { userChannel } from '../../../contract/realtime-names';
import { watchChannels, type Connect } from '../../realtime/watch';
import { toast } from '../../ui/toast-store';

async function alertIfUrgent(id: number, i18n: I18n): Promise<void> {
  const r = await offeredRequest(id, i18n.locale);
  if (r.type !== 'urgent' || r.status !== 'pending') return;
  const { subject } = r;
  const child = r.child?.firstName;
  const phase = r.child?.phase ?? '';
  toast.show({
    severity: 'warn',
    summary: i18n._(msg`New urgent request`),
    detail: child
      ? i18n._(msg`${subject}: ${child} (${phase}) needs a session now. Open your requests to answer it.`)
      : i18n._(msg`${subject}: a student needs a session now. Open your requests to answer it.`),
    life: Infinity,
  });
  playUrgentTone();
}

export function watchUrgentOffers(userId: number, i18n: I18n, connect: Connect = connectRealtime): () => void {
  return watchChannels(
    (c) => [
      c.subscribe(userChannel(userId), REQUEST_EVENTS.offered, (data: unknown) => {
        const id = (data as { id?: unknown } | null)?.id;
        // A failed read is no alert: the list still shows the request.
        if (typeof id === 'number') void alertIfUrgent(id, i18n).catch(() => undefined);
      }),
    ],
    connect,
  );
}
