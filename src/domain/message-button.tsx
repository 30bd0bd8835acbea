// "Message the teacher" / "Message the family" on a session's details: opens (or finds) the conversation
// with the other party of the lesson and goes to it. Offered only where the server would open one: a
// teacher sees it for their own lessons, not for an offer they have not taken or a broadcast another
// teacher won.
import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from '../api/api-error';
import { openConversation } from '../api/messages';
import type { RequestDetail } from '../api/requests';
import { Button } from '../ui/button';
import { toast } from '../ui/toast-store';

export function MessageOtherParty({ detail, role }: { detail: RequestDetail; role: 'student' | 'teacher' }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (role === 'teacher' && (detail.offered || detail.taken_by_other || detail.student.id === 0)) return null;
  const open = async () => {
    setBusy(true);
    try {
      const conversation = await openConversation(
        role === 'student' ? { teacher_id: detail.teacher.id } : { family_id: detail.student.id },
      );
      await navigate({ to: '/messages/$conversationId', params: { conversationId: String(conversation.id) } });
    } catch (error) {
      toast.show({ severity: 'error', summary: isApiError(error) ? error.message : t`Something went wrong. Try again.` });
      setBusy(false);
    }
  };
  return (
    <Button variant="ghost" onClick={() => void open()} disabled={busy} data-testid="message-other-party">
      {role === 'student' ? <Trans>Message the teacher</Trans> : <Trans>Message the family</Trans>}
    </Button>
  );
}
