// What the children section says when the server refuses a change: the server's own (localized)
// message when it sent one, otherwise the client's wording of the refusal's code (contract/children.ts).
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { MAX_CHILDREN } from '../../../contract/children';
import type { ApiError } from '../../api/api-error';

const codeTexts: Record<string, MessageDescriptor> = {
  children_limit: msg`A family can have at most ${MAX_CHILDREN} children.`,
  last_child: msg`A family always keeps at least one child.`,
};

export function refusalText(error: ApiError, i18n: I18n): string {
  if (error.serverMessage) return error.serverMessage;
  const code = error.failure.code;
  const text = code ? codeTexts[code] : undefined;
  return text ? i18n._(text) : i18n._(msg`The change could not be saved. Please try again.`);
}
