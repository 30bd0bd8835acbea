// How a model path makes one request of the real UI fail: the next matching request is dropped on the
// network or answered with the server's own error shape (the bodies below are the ones the server's
// auth routes send, server/modules/auth/answers.ts, and the sessions routes' `{ message }`), through
// Playwright's request routing. Used only where the real server cannot be driven into the failure on
// demand (a network drop, a rate limit whose window the e2e server widens for its many sign-ins, a
// code five minutes old, a session end that races the server's clock).
import type { Page } from '@playwright/test';

export interface ServerAnswer {
  status: number;
  body: object;
  headers?: Record<string, string>;
}
export type Fault = 'network' | ServerAnswer;

/** The auth routes' 429: `{ message, errors: { retry_after } }` with Retry-After. */
export const RATE_LIMITED: ServerAnswer = {
  status: 429,
  body: { message: 'Too many attempts. Please wait a minute and try again.', errors: { retry_after: ['60'] } },
  headers: { 'Retry-After': '60' },
};

/** verify-otp's refusal of a code: the reason as the answer's `code`. */
export const codeRefused = (reason: 'expired' | 'too_many_attempts'): ServerAnswer => ({
  status: 422,
  body: { message: 'The code cannot be used.', code: reason },
});

/** The end of a session the server still thinks is running (its 409 `session_not_over_yet`). */
export const NOT_OVER_YET: ServerAnswer = { status: 409, body: { message: 'The session time is not over yet' } };

/** The next `times` `method` requests to `/api/v1/<path>` fail as `fault`; later ones reach the server. */
export async function failNext(page: Page, path: string, fault: Fault, method = 'POST', times = 1): Promise<void> {
  let armed = times;
  await page.route(`**/api/v1/${path}`, async (route) => {
    if (armed <= 0 || route.request().method() !== method) return route.fallback();
    armed -= 1;
    if (fault === 'network') return route.abort('internetdisconnected');
    return route.fulfill({ status: fault.status, json: fault.body, ...(fault.headers ? { headers: fault.headers } : {}) });
  });
}

/** A step's action with its request failing as `fault` (see `failNext`). */
export const failing =
  <W extends { page: Page }>(path: string, fault: Fault, act: (world: W) => Promise<void>) =>
  async (world: W): Promise<void> => {
    await failNext(world.page, path, fault);
    await act(world);
  };
