// The error catalogue of spec §8 in one place: maps an ApiError to the toast the user sees, and runs
// the one side effect the catalogue asks for (401 → the session is over). Everything that shows an
// API failure goes through here, so the catalogue is implemented exactly once.
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { isApiError } from './api-error';

export type ErrorSeverity = 'error' | 'warn';

/** What the presenter asks the toaster to show (the shape of ToastInput, minus life/group). */
export interface ErrorToast {
  severity: ErrorSeverity;
  summary: string;
  detail: string;
}

export type CatalogueRow = 'validation' | 'unauthorized' | 'forbidden' | 'server-error' | 'generic' | 'network';

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
  unexpected: msg`An unexpected error occurred. Please try again.`,
} satisfies Record<string, MessageDescriptor>;

/**
 * Pure: which catalogue row an error falls in and the toast text for it, in the active locale.
 * Something that is not an ApiError (a bug in a query function, a schema mismatch) never reached the
 * catalogue's HTTP rows, so it gets the generic toast with the unexpected-error text.
 */
export function describeError(error: unknown, i18n: I18n): ErrorPresentation {
  if (!isApiError(error)) {
    return {
      row: 'generic',
      toast: { severity: 'error', summary: i18n._(errorTexts.genericError), detail: i18n._(errorTexts.unexpected) },
      sessionExpired: false,
    };
  }
  const serverOr = (fallback: MessageDescriptor) => error.serverMessage ?? i18n._(fallback);
  const unexpected = () => serverOr(errorTexts.unexpected);
  const messages = error.fieldMessages;

  if (error.status === 0) {
    return {
      row: 'network',
      toast: { severity: 'error', summary: i18n._(errorTexts.networkError), detail: i18n._(errorTexts.checkConnection) },
      sessionExpired: false,
    };
  }
  if (error.status === 400 && messages.length > 0) {
    return {
      row: 'validation',
      toast: { severity: 'error', summary: i18n._(errorTexts.validationSummary), detail: messages.join('\n') },
      sessionExpired: false,
    };
  }
  if (error.status === 401) {
    return {
      row: 'unauthorized',
      toast: { severity: 'warn', summary: i18n._(errorTexts.unauthorized), detail: unexpected() },
      sessionExpired: true,
    };
  }
  if (error.status === 403) {
    return {
      row: 'forbidden',
      toast: { severity: 'error', summary: i18n._(errorTexts.forbidden), detail: unexpected() },
      sessionExpired: false,
    };
  }
  if (error.status === 500) {
    return {
      row: 'server-error',
      toast: { severity: 'error', summary: i18n._(errorTexts.serverError), detail: unexpected() },
      sessionExpired: false,
    };
  }
  return {
    row: 'generic',
    toast: { severity: 'error', summary: i18n._(errorTexts.genericError), detail: unexpected() },
    sessionExpired: false,
  };
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
