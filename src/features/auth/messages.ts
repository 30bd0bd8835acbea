// How a failed auth request is told (the error catalogue), and the form messages the auth screens use.
import type { I18n } from '@lingui/core';
import type { RequestFailure } from '../../../machines/auth.machine';
import { ApiError } from '../../api/api-error';
import { describeError } from '../../api/present-error';

// The auth forms' messages are the app's form messages (src/domain/form-messages.ts).
export { fieldErrors, formMessage as authMessage } from '../../domain/form-messages';

/** The machine keeps failures as plain data; the catalogue reads ApiErrors. */
export function apiErrorOf(failure: RequestFailure): ApiError {
  return new ApiError({ status: failure.status, message: failure.message, fieldErrors: failure.fieldErrors });
}

/** The error-catalogue presentation (spec §8) of a failure kept by the auth machine. */
export function describeFailure(failure: RequestFailure, i18n: I18n) {
  return describeError(apiErrorOf(failure), i18n);
}
