// @vitest-environment jsdom
// The status badge: its word in the reader's language and a drawn icon per status (shape as well as
// colour), never a character such as ⏳ or ★ that some desktops' fonts cannot show.
import { cleanup, render } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { afterEach, describe, expect, it } from 'vitest';
import { REQUEST_STATUSES } from '../../../contract/requests';
import { RequestStatusBadge } from '../../../src/domain/request-status';
import { makeI18n } from '../helpers';

afterEach(cleanup);

describe('RequestStatusBadge', () => {
  it.each(['en', 'ar'] as const)('shows the word and a distinct drawn icon for every status (%s)', (locale) => {
    const icons = new Set<string>();
    for (const status of REQUEST_STATUSES) {
      const { container, unmount } = render(
        <I18nProvider i18n={makeI18n(locale)}>
          <RequestStatusBadge status={status} />
        </I18nProvider>,
      );
      const badge = container.querySelector(`[data-status="${status}"]`)!;
      const svg = badge.querySelector('svg');
      expect(svg?.getAttribute('aria-hidden'), status).toBe('true');
      icons.add(svg!.querySelector('path')!.getAttribute('d')!);
      // Only letters and spaces: the word, no symbol character.
      expect(badge.textContent!.trim(), status).toMatch(/^[\p{L}\p{M} ]+$/u);
      unmount();
    }
    expect(icons.size).toBe(REQUEST_STATUSES.length);
  });
});
