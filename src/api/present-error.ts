// The error catalogue of spec §8 in one place: maps a Failure (contract/failure.ts) to the toast the user sees, and runs
// the one side effect the catalogue asks for (401 → the session is over). Everything that shows an
// API failure goes through here, so the catalogue is implemented exactly once.
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { fieldMessagesOf, toFailure, UNEXPECTED_CODE, type Failure } from '../../contract/failure';

export type ErrorSeverity = 'error' | 'warn';

/** What the presenter asks the toaster to show (the shape of ToastInput, minus life/group). */
export interface ErrorToast {
  severity: ErrorSeverity;
  summary: string;
  detail: string;
}

export type CatalogueRow = 'validation' | 'unauthorized' | 'forbidden' | 'server-error' | 'generic' | 'network' | 'offline';

export interface ErrorPresentation {
  row: CatalogueRow;
  toast: ErrorToast;
  /** True for 401: the caller clears the token and goes to /login. */
  sessionExpired: boolean;
}

export const errorTexts = {
  validationSummary: msg`Please check the entered data`,
  unauthorized: msg`Unauthorized`,
  forbidden: msg`Forbidden`,
  serverError: msg`Server error`,
  genericError: msg`Error`,
  networkError: msg`Network error`,
  checkConnection: msg`Could not reach the server. Check your internet connection and try again.`,
  offline: msg`You are offline: nothing was sent`,
  unexpected: msg`An unexpected error occurred. Please try again.`,
} satisfies Record<string, MessageDescriptor>;

/**
 * Pure: which catalogue row a failure falls in and the toast text for it, in the active locale. A
 * failure that is not an HTTP answer at all (code `unexpected`: a bug in a query function, a schema
 * mismatch) never reached the catalogue's HTTP rows, so it gets the generic toast with the
 * unexpected-error text. No response while the browser is offline says so: nothing was sent (forms keep
 * what was typed on a failed submit), check the connection and try again.
 */
export function describeFailure(failure: Failure, i18n: I18n): ErrorPresentation {
  const present = (row: CatalogueRow, severity: ErrorSeverity, summary: MessageDescriptor, detail: string, sessionExpired = false) => ({
    row,
    toast: { severity, summary: i18n._(summary), detail },
    sessionExpired,
  });
  const unexpected = failure.message ?? i18n._(errorTexts.unexpected);
  const messages = fieldMessagesOf(failure);

  if (failure.code === UNEXPECTED_CODE && failure.status === 0) {
    return present('generic', 'error', errorTexts.genericError, i18n._(errorTexts.unexpected));
  }
  if (failure.status === 0)
    // No response and no network (the browser says so as the failure is told): the request never left.
    return globalThis.navigator?.onLine === false
      ? present('offline', 'warn', errorTexts.offline, i18n._(errorTexts.checkConnection))
      : present('network', 'error', errorTexts.networkError, i18n._(errorTexts.checkConnection));
  if (failure.status === 400 && messages.length > 0) {
    return present('validation', 'error', errorTexts.validationSummary, messages.join('\n'));
  }
  if (failure.status === 401) return present('unauthorized', 'warn', errorTexts.unauthorized, unexpected, true);
  if (failure.status === 403) return present('forbidden', 'error', errorTexts.forbidden, unexpected);
  if (failure.status === 500) return present('server-error', 'error', errorTexts.serverError, unexpected);
  return present('generic', 'error', errorTexts.genericError, unexpected);
}

/** The presentation of anything thrown: its Failure (contract/failure.ts `toFailure`), described. */
export function describeError(error: unknown, i18n: I18n): ErrorPresentation {
  return describeFailure(toFailure(error), i18n);
}

export interface PresenterEffects {
  i18n: I18n;
  showToast: (toast: ErrorToast) => void;
  /** 401: clear the token and go to /login. The app sends `session.expired` to the auth actor. */
  onSessionExpired: () => void;
}

/** Shows the catalogue toast for any thrown value and runs the 401 effect. Returns what it showed. */
export function presentError(error: unknown, effects: PresenterEffects): ErrorPresentation {
  const presentation = describeError(error, effects.i18n);
  effects.showToast(presentation.toast);
  if (presentation.sessionExpired) effects.onSessionExpired();
  return presentation;
}
