// The message shown on return from the checkout (spec §8): success as a status, failure as an alert
// with the next step, a payment the bank has not confirmed yet as a status that says so, chosen by why the payment did not go through (the order's failure, when known);
// after a success bought from the booking's detour, "continue your booking" goes back to its review.
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { bookingReturnTeacher } from '../../bindings/booking';
import type { Order } from '../../../contract/packages';
import type { PaymentResult as Result } from '../../../contract/payment-results';
import { paymentNextStepTexts, paymentPendingHint, paymentResultTexts } from './texts';

export interface PaymentResultProps {
  result: Result;
  failure?: Order['failure'] | undefined;
}

export function PaymentResult({ result, failure = null }: PaymentResultProps) {
  const { _ } = useLingui();
  const success = result === 'success';
  // Failure interrupts (alert); success and "being confirmed" are statuses, one live region, so the
  // change from confirming to confirmed is announced.
  // Bought from the booking's detour: straight back to that booking's review, kept as it was.
  const [bookingTeacher] = useState(bookingReturnTeacher);
  return (
    <div className={`payment-result payment-result-${result}`} role={result === 'failed' ? 'alert' : 'status'}>
      <p data-testid="payment-result">{_(paymentResultTexts[result])}</p>
      {success && bookingTeacher !== null ? (
        <Link className="button button-primary" to="/teachers/$id" params={{ id: String(bookingTeacher) }} hash="book">
          <Trans>Continue your booking</Trans>
        </Link>
      ) : null}
      {result === 'pending' ? (
        <p className="payment-next-step" data-testid="payment-pending-hint">
          {_(paymentPendingHint)}
        </p>
      ) : null}
      {result !== 'failed' ? null : (
        <p className="payment-next-step" data-testid="payment-next-step">
          {_(paymentNextStepTexts[failure ?? 'unknown'])}
        </p>
      )}
    </div>
  );
}
