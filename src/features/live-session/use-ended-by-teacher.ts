// The other side of End for both: while the session screen is open, the signed-in user's channel
// carries the request's `request.updated`; one for this session with `ended_early` tells the machine
// the teacher ended it. Pusher does not promise delivery, so when the subscription is in place and
// after a reconnect the request is read again, and a `finished` row by its teacher says the same. On
// the teacher's own screen, the notice of their own End for both is left to the request's answer.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { REQUEST_EVENTS } from '../../../contract/request-values';
import { requestUpdatedNoticeSchema } from '../../../contract/requests';
import { selectRequestId } from '../../../machines/live-session.machine';
import { requestQuery } from '../../api/requests';
import type { LiveSessionActor } from '../../bindings/live-session';
import { watchUserChannel, type Connect } from '../../realtime/watch';
import { endedEarlyEntry } from './ended-early';

export function useEndedByTeacher(actor: LiveSessionActor, viewerId: number | null, connect?: Connect): void {
  const requestId = useSelector(actor, selectRequestId);
  const queryClient = useQueryClient();
  const { i18n } = useLingui();
  const locale = i18n.locale;
  useEffect(() => {
    if (!viewerId || requestId === null) return;
    // The teacher's own End for both, while its answer is awaited, is told by that answer: the notice
    // of the same end (it often arrives first) must not cut the request short.
    const ended = () => {
      if (!actor.getSnapshot().hasTag('end:requesting')) actor.send({ type: 'session.endedByTeacher' });
    };
    const onUpdate = (data: unknown) => {
      const notice = requestUpdatedNoticeSchema.safeParse(data);
      if (notice.success && notice.data.id === requestId && notice.data.ended_early) ended();
    };
    const resync = () => {
      void queryClient
        .fetchQuery(requestQuery(requestId, locale))
        .then((detail) => {
          if (endedEarlyEntry(detail)) ended();
        })
        // A failed read changes nothing: the call goes on, and the next notice or resync tells.
        .catch(() => undefined);
    };
    return watchUserChannel(viewerId, { [REQUEST_EVENTS.updated]: onUpdate }, resync, connect);
  }, [actor, viewerId, requestId, queryClient, locale, connect]);
}
