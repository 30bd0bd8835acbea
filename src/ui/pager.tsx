// Paging under a list the server sends page by page: previous, "Page n of m" (announced when it
// changes), next. Nothing when everything fits on one page. Styles: .pager in forms.css.
import { Trans } from '@lingui/react/macro';
import { Button } from './button';

export function Pager({ label, page, pages, onPage }: { label: string; page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <Trans>Previous page</Trans>
      </Button>
      <span aria-live="polite">
        <Trans>
          Page {page} of {pages}
        </Trans>
      </span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <Trans>Next page</Trans>
      </Button>
    </nav>
  );
}
