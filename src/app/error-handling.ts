// Wires the error catalogue to the running app: the presenter's toast goes to the toast store, and a
// 401 ends the session (auth actor → clears the token) and goes to /login, where the guards take over.
import { i18n } from '../i18n/i18n';
import { presentError } from '../api/present-error';
import { toast } from '../ui/toast-store';
import type { RouterContext } from './router-context';

export interface ErrorHandlerDeps {
  /** Read lazily: the query client (and so this handler) exists before the actor and router do. */
  auth: () => RouterContext['auth'] | undefined;
  navigateToLogin: () => void;
}

export function createErrorHandler(deps: ErrorHandlerDeps): (error: unknown) => void {
  return (error) => {
    presentError(error, {
      i18n,
      showToast: (t) => toast.show(t),
      onSessionExpired: () => {
        deps.auth()?.send({ type: 'session.expired' });
        deps.navigateToLogin();
      },
    });
  };
}
