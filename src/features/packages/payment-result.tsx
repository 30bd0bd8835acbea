// The message shown on return from the checkout (spec §8): success as a status, failure as an alert
// with the next step, chosen by why the payment did not go through (the order's failure, when known).
import { useLingui } from '@lingui/react';
import type { Order } from '../../../contract/packages';
import type { PaymentResult as Result } from '../../../contract/payment-results';
import { paymentNextStepTexts, paymentResultTexts } from './texts';

export interface PaymentResultProps {
  result: Result;
  failure?: Order['failure'] | undefined;
}

export function PaymentResult({ result, failure = null }: PaymentResultProps) {
  const { _ } = useLingui();
  const success = result === 'success';
  return (
    <div className={`payment-result payment-result-${result}`} role={success ? 'status' : 'alert'}>
      <p data-testid="payment-result">{_(paymentResultTexts[result])}</p>
      {success ? null : (
        <p className="payment-next-step" data-testid="payment-next-step">
          {_(paymentNextStepTexts[failure ?? 'unknown'])}
        </p>
      )}
    </div>
  );
}
