// The console's one error path, on the app's server cache: its queries and mutations are marked
// (`consoleMeta`) so the app's handler leaves them alone (its 401 would end a family's session), and
// the console's layout presents their failures itself: the catalogue toast, and a 401 ends the staff
// session. (A query client of the console's own pulled TanStack Query modules out of the public pages'
// entry bundle into a shared chunk every public page then loaded.)
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { I18n } from '@lingui/core';
import { ApiError } from '../../api/api-error';
import { presentError } from '../../api/present-error';
import { toast } from '../../ui/toast-store';

interface ConsoleMeta extends Record<string, unknown> {
  silent: true;
  console: true;
  /** Statuses the screen answers itself: no toast for them. */
  consoleHandled: readonly number[];
}

export function consoleMeta(handled: readonly number[] = []): ConsoleMeta {
  return { silent: true, console: true, consoleHandled: handled };
}

function report(error: unknown, meta: Record<string, unknown> | undefined, i18n: I18n, onSessionExpired: () => void): void {
  if (!meta?.console) return;
  const handled = (meta.consoleHandled ?? []) as readonly number[];
  if (error instanceof ApiError && handled.includes(error.status)) return;
  presentError(error, { i18n, showToast: (t) => toast.show(t), onSessionExpired });
}

/** While mounted, presents the failures of the console's queries and mutations. */
export function useConsoleErrors(i18n: I18n, onSessionExpired: () => void): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const queries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') report(event.action.error, event.query.meta, i18n, onSessionExpired);
    });
    const mutations = queryClient.getMutationCache().subscribe((event) => {
      if (event?.type === 'updated' && event.action.type === 'error')
        report(event.action.error, event.mutation.meta, i18n, onSessionExpired);
    });
    return () => {
      queries();
      mutations();
    };
  }, [queryClient, i18n, onSessionExpired]);
}
