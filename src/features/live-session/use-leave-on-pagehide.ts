// Closing the tab during a call records a `left` event, so attendance stays true: the
// page's `pagehide` (fired on close, reload and navigation away, and where `unload` is unreliable on
// phones) sends it with a keepalive request. Only while the user is in the call; a tab restored from
// the back-forward cache then rejoins through the screen as usual.
import { useEffect } from 'react';
import type { SessionApi } from '../../api/sessions';

export function useLeaveOnPagehide(api: Pick<SessionApi, 'leaveOnUnload'>, channelName: string, inCall: boolean): void {
  useEffect(() => {
    if (!inCall) return;
    const onPagehide = () => api.leaveOnUnload(channelName, new Date());
    window.addEventListener('pagehide', onPagehide);
    return () => window.removeEventListener('pagehide', onPagehide);
  }, [api, channelName, inCall]);
}
