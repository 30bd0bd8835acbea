import { createFileRoute } from '@tanstack/react-router';
import { ReceiptPage } from '../features/packages/receipt-page';
import { guardedPage } from '../app/route-options';

export const Route = createFileRoute('/receipts/$orderId')({
  ...guardedPage('receipt'),
  component: ReceiptRoute,
});

function ReceiptRoute() {
  const { orderId } = Route.useParams();
  const id = /^\d{1,9}$/.test(orderId) ? Number(orderId) : 0;
  return <ReceiptPage key={id} orderId={id} />;
}
