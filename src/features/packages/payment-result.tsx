// The message shown on return from the checkout (spec §8): success as a status, failure as an alert.
import { useLingui } from '@lingui/react';
import type { PaymentResult as Result } from '../../../contract/packages';
import { paymentResultTexts } from './texts';

export function PaymentResult({ result }: { result: Result }) {
  const { _ } = useLingui();
  const success = result === 'success';
  return (
    <div className={`payment-result payment-result-${result}`} role={success ? 'status' : 'alert'} data-testid="payment-result">
      <p>{_(paymentResultTexts[result])}</p>
    </div>
  );
}
