// The catalogue wired into the app: toasts land in the toast store; a 401 ends the session through
// the auth actor and goes to /login.
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { ApiError } from '../../../src/api/api-error';
import { createErrorHandler } from '../../../src/app/error-handling';
import type { RouterContext } from '../../../src/app/router-context';
import { toast } from '../../../src/ui/toast-store';
import { messages } from '../../../locales/en/messages.po';

i18n.loadAndActivate({ locale: 'en', messages });

function setup() {
  const send = vi.fn();
  const navigateToLogin = vi.fn();
  const auth = { send } as unknown as RouterContext['auth'];
  toast.clear();
  return { handle: createErrorHandler({ auth: () => auth, navigateToLogin }), send, navigateToLogin };
}

describe('createErrorHandler', () => {
  it('401: warn toast, session.expired to the auth actor, then /login', () => {
    const { handle, send, navigateToLogin } = setup();
    handle(new ApiError({ status: 401, message: 'Session over' }));
    expect(toast.getSnapshot()).toEqual([
      expect.objectContaining({ severity: 'warn', summary: 'Unauthorized', detail: 'Session over', life: 5000, closable: true }),
    ]);
    expect(send).toHaveBeenCalledWith({ type: 'session.expired' });
    expect(navigateToLogin).toHaveBeenCalledTimes(1);
  });

  it('other failures: the toast only, the session stays', () => {
    const { handle, send, navigateToLogin } = setup();
    handle(new ApiError({ status: 500, message: null }));
    expect(toast.getSnapshot()).toEqual([
      expect.objectContaining({ severity: 'error', summary: 'Server error', detail: 'An unexpected error occurred. Please try again.' }),
    ]);
    expect(send).not.toHaveBeenCalled();
    expect(navigateToLogin).not.toHaveBeenCalled();
  });
});
