// The order being put together: the chosen package, a promo code checked by the server (its
// discounted price shown before paying, or the code's own refusal), and the step to the payment page.
// Chosen by hand, the panel scrolls into view and takes focus, so the next step is where the eyes are.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { PROMO_REJECTIONS, REFUND_WINDOW_DAYS, type PromoRejection } from '../../../contract/packages';
import { CANCEL_CUTOFF_MS } from '../../../contract/request-values';
import { toFailure } from '../../../contract/failure';
import { isApiError } from '../../api/api-error';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { TextInput } from '../../ui/text-input';
import { formatMoney } from './format';
import { checkPromoCode, createOrder, refreshOrders, type PromoQuote, type TimePackage } from '../../api/packages';
import { promoCheckFailed, promoRejectionTexts } from './texts';
import { Fact } from '../../ui/fact';

export interface CheckoutPanelProps {
  pkg: TimePackage;
  /** Sends the browser to the gateway's checkout (the app leaves for the payment page). */
  goToCheckout: (url: string) => void;
  /** A code to start with (the one of a payment that did not go through); it is checked at once. */
  initialCode?: string | undefined;
  /** Scroll the panel into view and move focus to its heading when it appears. */
  bringIntoView?: boolean;
}

function rejectionOf(error: unknown): PromoRejection | null {
  const { status, code } = toFailure(error);
  if (status !== 422) return null;
  return (PROMO_REJECTIONS as readonly string[]).includes(code ?? '') ? (code as PromoRejection) : null;
}

export function CheckoutPanel({ pkg, goToCheckout, initialCode, bringIntoView = false }: CheckoutPanelProps) {
  const { t, i18n } = useLingui();
  const [code, setCode] = useState(initialCode ?? '');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [quote, setQuote] = useState<PromoQuote | null>(null);
  const [promoError, setPromoError] = useState<string | null>(null);

  // Refusals are shown next to the field, so the global error toast stays out of it.
  const check = useMutation({ mutationFn: (input: { code: string; package_id: number }) => checkPromoCode(input), meta: { silent: true } });
  const queryClient = useQueryClient();
  const buy = useMutation({
    mutationFn: (input: { package_id: number; promo_code?: string }) => createOrder(input),
    // A checkout that could not open leaves its order failed on the server: the history shows it at once.
    onError: () => void refreshOrders(queryClient),
  });

  // A quote belongs to one package and one code; changing either drops it.
  const activeQuote = quote && quote.package_id === pkg.id ? quote : null;
  const money = (amount: number) => formatMoney(amount, pkg.currency, i18n.locale);

  const apply = async (e?: FormEvent) => {
    e?.preventDefault();
    setQuote(null);
    setPromoError(null);
    const typed = code.trim();
    if (!typed) {
      setPromoError(t`Enter a promo code first.`);
      return;
    }
    try {
      setQuote(await check.mutateAsync({ code: typed, package_id: pkg.id }));
    } catch (error) {
      const rejection = rejectionOf(error);
      if (rejection) setPromoError(i18n._(promoRejectionTexts[rejection]));
      else if (isApiError(error) && error.status === 400 && error.fieldMessages.length) setPromoError(error.fieldMessages.join('\n'));
      else setPromoError(i18n._(promoCheckFailed));
    }
  };

  useEffect(() => {
    if (!bringIntoView) return;
    const heading = headingRef.current;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    heading?.closest('section')?.scrollIntoView?.({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
    heading?.focus({ preventScroll: true });
  }, [bringIntoView]);

  // A restored code is priced again by the server (it may have expired meanwhile).
  const checkedInitial = useRef(false);
  useEffect(() => {
    if (!initialCode || checkedInitial.current) return;
    checkedInitial.current = true;
    void apply();
    // Once, on arrival: `apply` reads the code state set from `initialCode`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialCode]);

  const pay = async () => {
    try {
      const order = await buy.mutateAsync({ package_id: pkg.id, ...(activeQuote ? { promo_code: activeQuote.code } : {}) });
      goToCheckout(order.checkout_url);
    } catch (error) {
      // Other failures get the catalogue toast; a code refused at the last moment is also shown here.
      const rejection = rejectionOf(error);
      if (rejection) {
        setQuote(null);
        setPromoError(i18n._(promoRejectionTexts[rejection]));
      }
    }
  };

  const { hours } = pkg;
  const promo = activeQuote?.code ?? '';
  const total = activeQuote ? activeQuote.amount : pkg.price;
  return (
    <section className="checkout-panel" aria-labelledby="checkout-title">
      <h2 id="checkout-title" ref={headingRef} tabIndex={-1}>
        <Trans>Your order</Trans>
      </h2>
      <p className="checkout-package">
        <strong>{pkg.name}</strong>{' '}
        <span className="muted">
          (<Plural value={hours} one="# hour" other="# hours" />)
        </span>
      </p>

      <form className="promo-form" noValidate onSubmit={(e) => void apply(e)}>
        <Field label={t`Promo code`} errors={promoError ? [promoError] : []}>
          {(control) => (
            <div className="promo-row">
              <TextInput
                {...control}
                value={code}
                onChange={(e) => {
                  setCode(e.target.value);
                  setQuote(null);
                  setPromoError(null);
                }}
                dir="ltr"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={40}
              />
              <Button type="submit" variant="secondary" disabled={check.isPending} aria-busy={check.isPending || undefined}>
                <Trans>Apply</Trans>
              </Button>
            </div>
          )}
        </Field>
      </form>

      <dl className="checkout-summary" aria-live="polite">
        <Fact term={<Trans>Price</Trans>}>{money(activeQuote ? activeQuote.list_price : pkg.price)}</Fact>
        {activeQuote ? (
          <Fact term={<Trans>Discount ({promo})</Trans>} className="checkout-discount">
            −{money(activeQuote.discount)}
          </Fact>
        ) : null}
        <Fact term={<Trans>Total to pay</Trans>} className="checkout-total" valueTestId="checkout-total">
          {money(total)}
        </Fact>
      </dl>

      <Button className="button-large" onClick={() => void pay()} disabled={buy.isPending} aria-busy={buy.isPending || undefined}>
        <Trans>Continue to payment</Trans>
      </Button>
      <p className="muted small">
        <Trans>You will be taken to a secure payment page and brought back here afterwards.</Trans>
      </p>
      <p className="small checkout-refund-rule" data-testid="checkout-refund-rule">
        <Plural
          value={REFUND_WINDOW_DAYS}
          one="Refunds: a package with none of its hours used can be refunded in full from your purchase history within # day of paying; once hours are used it is not refunded, and the hours left stay valid until they expire."
          other="Refunds: a package with none of its hours used can be refunded in full from your purchase history within # days of paying; once hours are used it is not refunded, and the hours left stay valid until they expire."
        />{' '}
        <Plural
          value={CANCEL_CUTOFF_MS / 3_600_000}
          one="A booked session can be cancelled up to # hour before it starts, with its hours returned."
          other="A booked session can be cancelled up to # hours before it starts, with its hours returned."
        />
      </p>
    </section>
  );
}
