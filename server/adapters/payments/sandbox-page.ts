// The sandbox checkout page, as a payment gateway's hosted page would be: plain HTML in Arabic or
// English, no script (the server's CSP allows none inline), its style inline (the CSP allows inline
// styles), a card form with labelled fields and errors tied to them, and the test cards listed.
// Its texts are the gateway's own, so they live here and not in the API's message table.
import { SANDBOX_CARDS } from './sandbox';
import { escapeHtml as escape } from '../../http/html';

export type SandboxLocale = 'ar' | 'en';

const texts = {
  ar: {
    title: 'صفحة الدفع التجريبية',
    notice: 'هذه صفحة دفع تجريبية، ولن يُخصم أي مبلغ من بطاقة حقيقية.',
    order: 'الطلب رقم',
    package: 'الباقة',
    amount: 'المبلغ المستحق',
    card: 'بيانات البطاقة',
    cardNumber: 'رقم البطاقة',
    expiry: 'تاريخ الانتهاء (شهر/سنة)',
    cvc: 'رمز التحقق (CVC)',
    name: 'الاسم على البطاقة',
    pay: 'ادفع',
    cancel: 'إلغاء الدفع',
    testCards: 'بطاقات الاختبار',
    approves: 'يُقبل الدفع',
    declines: 'يُرفض الدفع',
    anyExpiry: 'استخدم أي تاريخ انتهاء مستقبلي وأي رمز تحقق من 3 أرقام.',
    errorsTitle: 'يرجى تصحيح ما يلي:',
    cardNumberInvalid: 'أدخل رقم بطاقة من 16 رقماً',
    cardUnknown: 'استخدم إحدى بطاقات الاختبار المذكورة أدناه',
    expiryInvalid: 'أدخل تاريخ انتهاء مستقبلياً بالصيغة شهر/سنة، مثل 12/30',
    cvcInvalid: 'أدخل رمز التحقق المكوّن من 3 أو 4 أرقام',
    closedTitle: 'صفحة الدفع هذه مغلقة',
    closedBody: 'تمت معالجة هذا الطلب أو انتهت مهلته، ولا يمكن الدفع من هذه الصفحة.',
    notFoundTitle: 'صفحة الدفع غير موجودة',
    back: 'العودة إلى الباقات',
  },
  en: {
    title: 'Sandbox checkout',
    notice: 'This is a test payment page. No real card is charged.',
    order: 'Order number',
    package: 'Package',
    amount: 'Amount due',
    card: 'Card details',
    cardNumber: 'Card number',
    expiry: 'Expiry date (MM/YY)',
    cvc: 'Security code (CVC)',
    name: 'Name on card',
    pay: 'Pay',
    cancel: 'Cancel payment',
    testCards: 'Test cards',
    approves: 'payment is approved',
    declines: 'payment is declined',
    anyExpiry: 'Use any future expiry date and any 3-digit security code.',
    errorsTitle: 'Please correct the following:',
    cardNumberInvalid: 'Enter a 16-digit card number',
    cardUnknown: 'Use one of the test cards listed below',
    expiryInvalid: 'Enter a future expiry date as MM/YY, for example 12/30',
    cvcInvalid: 'Enter the 3 or 4 digit security code',
    closedTitle: 'This checkout is closed',
    closedBody: 'This order has already been processed or has run out of time, so it cannot be paid here.',
    notFoundTitle: 'Checkout not found',
    back: 'Back to packages',
  },
} as const;

export type SandboxText = keyof (typeof texts)['en'];

export function sandboxText(locale: SandboxLocale, key: SandboxText): string {
  return texts[locale][key];
}

export function formatMoney(minor: number, currency: string, locale: SandboxLocale): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100);
}

const STYLE = `
  *,*::before,*::after{box-sizing:border-box}
  body{margin:0;font-family:system-ui,'Segoe UI',Tahoma,sans-serif;background:#f3f4f6;color:#111827;line-height:1.6}
  main{max-inline-size:34rem;margin-block:2rem;margin-inline:auto;padding:1.5rem;background:#fff;border:1px solid #d1d5db;border-radius:12px}
  h1{font-size:1.5rem;margin-block:0 .5rem}
  h2{font-size:1.1rem;margin-block:1.25rem .5rem}
  .notice{background:#fef3c7;color:#78350f;padding:.5rem .75rem;border-radius:8px}
  dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0}
  dt{color:#4b5563} dd{margin:0;font-weight:700}
  fieldset{border:1px solid #d1d5db;border-radius:8px;padding:1rem;margin-block:1rem}
  legend{font-weight:700;padding-inline:.25rem}
  label{display:block;font-weight:600;margin-block-start:.75rem}
  input{display:block;inline-size:100%;font:inherit;padding:.5rem .75rem;border:1px solid #6b7280;border-radius:8px;background:#fff;color:#111827}
  input[aria-invalid=true]{border-color:#b91c1c;border-width:2px}
  .error{color:#b91c1c;margin:.25rem 0 0;font-size:.95rem}
  .errors{border:2px solid #b91c1c;border-radius:8px;padding:.5rem 1rem;color:#7f1d1d;background:#fef2f2}
  .actions{display:flex;gap:.75rem;flex-wrap:wrap;margin-block-start:1rem}
  button,.link-button{font:inherit;font-weight:700;min-block-size:44px;padding-block:.5rem;padding-inline:1.25rem;border-radius:999px;cursor:pointer;text-decoration:none;display:inline-flex;align-items:center;gap:.4em}
  .pay{background:#1d4ed8;color:#fff;border:2px solid #1d4ed8}
  .cancel,.link-button{background:#fff;color:#1f2937;border:2px solid #6b7280}
  :focus-visible{outline:3px solid #b45309;outline-offset:2px}
  table{border-collapse:collapse;inline-size:100%} th,td{text-align:start;padding:.25rem .5rem;border-block-end:1px solid #e5e7eb}
  .ltr{direction:ltr;unicode-bidi:isolate}
`;

function layout(locale: SandboxLocale, title: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export interface CheckoutView {
  session: string;
  orderId: number;
  packageName: string;
  hours: number;
  amountMinor: number;
  currency: string;
}

export interface CardInput {
  card_number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardErrors = Partial<Record<'card_number' | 'expiry' | 'cvc', SandboxText>>;

function field(
  locale: SandboxLocale,
  name: keyof CardInput,
  label: SandboxText,
  value: string,
  error: SandboxText | undefined,
  attrs: string,
): string {
  const id = `f-${name}`;
  const errorId = `${id}-error`;
  return `<label for="${id}">${escape(sandboxText(locale, label))}</label>
<input id="${id}" name="${name}" value="${escape(value)}" ${attrs}${error ? ` aria-invalid="true" aria-describedby="${errorId}"` : ''}>
${error ? `<p class="error" id="${errorId}">${escape(sandboxText(locale, error))}</p>` : ''}`;
}

export function renderCheckoutPage(
  locale: SandboxLocale,
  view: CheckoutView,
  input: CardInput = { card_number: '', expiry: '', cvc: '', name: '' },
  errors: CardErrors = {},
): string {
  const t = (key: SandboxText) => escape(sandboxText(locale, key));
  const amount = escape(formatMoney(view.amountMinor, view.currency, locale));
  const errorList = Object.values(errors);
  const summary = errorList.length
    ? `<div class="errors" role="alert"><p>${t('errorsTitle')}</p><ul>${errorList.map((e) => `<li>${escape(sandboxText(locale, e))}</li>`).join('')}</ul></div>`
    : '';
  const body = `<h1>${t('title')}</h1>
<p class="notice">${t('notice')}</p>
<dl>
  <dt>${t('order')}</dt><dd>${view.orderId}</dd>
  <dt>${t('package')}</dt><dd>${escape(view.packageName)}</dd>
  <dt>${t('amount')}</dt><dd>${amount}</dd>
</dl>
${summary}
<form method="post" action="/api/v1/sandbox/checkout/${encodeURIComponent(view.session)}" novalidate>
<input type="hidden" name="lang" value="${locale}">
<fieldset>
<legend>${t('card')}</legend>
${field(locale, 'card_number', 'cardNumber', input.card_number, errors.card_number, 'class="ltr" inputmode="numeric" autocomplete="cc-number" required')}
${field(locale, 'expiry', 'expiry', input.expiry, errors.expiry, 'class="ltr" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" required')}
${field(locale, 'cvc', 'cvc', input.cvc, errors.cvc, 'class="ltr" inputmode="numeric" autocomplete="cc-csc" required')}
${field(locale, 'name', 'name', input.name, undefined, 'autocomplete="cc-name"')}
</fieldset>
<div class="actions">
<button type="submit" name="action" value="pay" class="pay">${t('pay')} <span class="ltr">${amount}</span></button>
<button type="submit" name="action" value="cancel" class="cancel" formnovalidate>${t('cancel')}</button>
</div>
</form>
<h2>${t('testCards')}</h2>
<table>
<tr><td class="ltr">4242 4242 4242 4242</td><td>${t('approves')}</td></tr>
<tr><td class="ltr">4000 0000 0000 0002</td><td>${t('declines')}</td></tr>
</table>
<p>${t('anyExpiry')}</p>`;
  return layout(locale, sandboxText(locale, 'title'), body);
}

export function renderClosedPage(locale: SandboxLocale, found: boolean): string {
  const title = sandboxText(locale, found ? 'closedTitle' : 'notFoundTitle');
  const body = `<h1>${escape(title)}</h1>
${found ? `<p>${escape(sandboxText(locale, 'closedBody'))}</p>` : ''}
<p><a class="link-button" href="/packages">${escape(sandboxText(locale, 'back'))}</a></p>`;
  return layout(locale, title, body);
}

/** Checks the card form; the outcome of a valid form is decided by which test card it names. */
export function readCard(input: CardInput, now: Date): { errors: CardErrors; outcome: 'approved' | 'declined' | null } {
  const errors: CardErrors = {};
  const digits = input.card_number.replace(/[\s-]/g, '');
  if (!/^\d{16}$/.test(digits)) errors.card_number = 'cardNumberInvalid';
  else if (digits !== SANDBOX_CARDS.approve && digits !== SANDBOX_CARDS.decline) errors.card_number = 'cardUnknown';
  const expiry = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(input.expiry);
  const month = expiry ? Number(expiry[1]) : 0;
  const year = expiry ? 2000 + Number(expiry[2]) : 0;
  // A card is good through the last day of its expiry month.
  const endOfMonth = Date.UTC(year, month, 1);
  if (!expiry || month < 1 || month > 12 || endOfMonth <= now.getTime()) errors.expiry = 'expiryInvalid';
  if (!/^\d{3,4}$/.test(input.cvc.trim())) errors.cvc = 'cvcInvalid';
  if (Object.keys(errors).length) return { errors, outcome: null };
  return { errors, outcome: digits === SANDBOX_CARDS.approve ? 'approved' : 'declined' };
}
