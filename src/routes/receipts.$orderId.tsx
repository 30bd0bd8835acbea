import { createFileRoute } from '@tanstack/react-router';
import { ReceiptPage } from '../features/packages/receipt-page';
import { guardedPage } from '../app/route-options';
import { receiptQuery } from '../api/packages';
import { apiOf, read } from '../api/client';
import { NotFoundPage } from '../features/pages/not-found';
import { parseId } from '../../contract/ids';

export const Route = createFileRoute('/receipts/$orderId')({
  ...guardedPage('receipt'),
  // `?kind=refund` opens the order's refund receipt; anything else is its payment receipt.
  validateSearch: (search: Record<string, unknown>): { kind?: 'refund' } => (search.kind === 'refund' ? { kind: 'refund' } : {}),
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps }) => {
    const id = parseId(params.orderId);
    return id !== null ? read(context, receiptQuery(id, context.locale(), deps.kind ?? 'payment', apiOf(context))) : undefined;
  },
  component: ReceiptRoute,
});

function ReceiptRoute() {
  const { orderId } = Route.useParams();
  const { kind } = Route.useSearch();
  const id = parseId(orderId);
  if (id === null) return <NotFoundPage />;
  return <ReceiptPage key={`${id}-${kind ?? 'payment'}`} orderId={id} kind={kind ?? 'payment'} />;
}
