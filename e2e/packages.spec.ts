// Packages and payments end to end, in Arabic and English, against the real server and its
// sandbox checkout: the demo student buys with a valid promo code and the approving test card (success
// message, balance up by the package's hours), pays with the declining card (failure message, balance
// unchanged), meets an expired code's own message; a teacher cannot open /packages.
//
// Sign-in goes through the API (code from the development outbox), then the token cookie is set, as
// the app itself keeps it. The tests share the demo student's balance, so they run one after another.
//
// Money people can trust (Arabic on a phone in `npm test`, English on a desktop in the full run): the
// booking review's price line says what the server then does, with the free trial unused or used and
// with no hours, enough or too few; a paid order's receipt; an unused package refunded, with the balance and history after it;
// a teacher's statement of this month with a session taught.
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { LOCALES, tr, type Locale } from './support/catalog';
import { open, preferences } from './support/app';
import { bearer, buyHours, json, newStudent } from './support/api';
import { FULL } from './support/matrix';
import { balanceOf, changeDuration, moneyTeacher, priceLine, send, toReview, type MoneyTeacher } from './support/money';

test.describe.configure({ mode: 'serial' });

const DEMO_STUDENT = '+97455000001';
const DEMO_TEACHER = { login: 'fatima.alkaabi@noor.qa', password: 'Noor1234' };

async function studentToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/v1/auth/login', { data: { country_code: 'QA', phone: DEMO_STUDENT } });
  expect(login.ok(), await login.text()).toBe(true);
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/v1/dev/outbox?phone=${encodeURIComponent(DEMO_STUDENT)}`);
        const body = (await res.json()) as { data?: unknown };
        const latest = Array.isArray(body.data) ? body.data[0] : undefined;
        code = JSON.stringify(latest ?? '').match(/\b(\d{6})\b/)?.[1] ?? '';
        return code;
      },
      { message: 'a code in the dev outbox for the demo student' },
    )
    .toMatch(/^\d{6}$/);
  const verified = await request.post('/api/v1/verify-otp', { data: { phone: DEMO_STUDENT, code } });
  expect(verified.ok(), await verified.text()).toBe(true);
  return ((await verified.json()) as { data: { token: string } }).data.token;
}

async function signIn(context: BrowserContext, baseURL: string, token: string, teacher = false) {
  await context.addCookies([
    { name: 'ng-token', value: token, url: baseURL },
    ...(teacher ? [{ name: 'is_teacher', value: 'true', url: baseURL }] : []),
  ]);
}

async function hoursOf(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/v1/balance', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: { hours_remaining: number } }).data.hours_remaining;
}

/** On /packages: choose the 4-hour package, optionally apply a code. */
async function chooseStarter(page: Page, locale: Locale, code?: string) {
  await page.getByTestId('package-4').getByRole('button').click();
  // The order panel comes into view with the focus on it.
  await expect(page.getByRole('heading', { level: 2, name: tr(locale, 'Your order') })).toBeFocused();
  await expect(page.getByRole('heading', { level: 2, name: tr(locale, 'Your order') })).toBeInViewport();
  if (code) {
    await page.getByRole('textbox', { name: tr(locale, 'Promo code') }).fill(code);
    await page.getByRole('button', { name: tr(locale, 'Apply') }).click();
  }
}

/** On the sandbox checkout page: the card form in the page's language. */
async function payWith(page: Page, locale: Locale, card: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  const labels =
    locale === 'en'
      ? { number: 'Card number', expiry: 'Expiry date (MM/YY)', cvc: 'Security code (CVC)', pay: /^Pay/ }
      : { number: 'رقم البطاقة', expiry: 'تاريخ الانتهاء (شهر/سنة)', cvc: 'رمز التحقق (CVC)', pay: /^ادفع/ };
  await page.getByLabel(labels.number).fill(card);
  await page.getByLabel(labels.expiry).fill('12/39');
  await page.getByLabel(labels.cvc).fill('123');
  await page.getByRole('button', { name: labels.pay }).click();
}

for (const locale of LOCALES) {
  test.describe(`packages (${locale})`, () => {
    let token = '';
    test.beforeEach(async ({ page, context, request, baseURL }) => {
      token = await studentToken(request);
      await signIn(context, baseURL!, token);
      await preferences(page, { locale });
    });

    test('valid promo code + approved card → success message, balance up by the package hours', async ({ page, request }) => {
      const before = await hoursOf(request, token);
      await open(page, '/packages');
      await expect(page.getByTestId('balance-hours')).toHaveAttribute('data-hours', String(before));
      await chooseStarter(page, locale, 'NOOR15');
      // 480 QAR less 15 %: the server's price, shown before paying.
      await expect(page.getByTestId('checkout-total')).toContainText('408');
      await page.getByRole('button', { name: tr(locale, 'Continue to payment') }).click();
      await page.waitForURL(/\/api\/v1\/sandbox\/checkout\//);
      await payWith(page, locale, '4242 4242 4242 4242');
      await page.waitForURL(/\/packages/);
      await expect(page.getByTestId('payment-result')).toHaveText(tr(locale, 'Thank you! Your payment has been successfully completed.'));
      await expect(page.getByTestId('balance-hours')).toHaveAttribute('data-hours', String(before + 4));
      expect(await hoursOf(request, token)).toBe(before + 4);
      await expect(page.getByRole('cell', { name: tr(locale, 'Paid') }).first()).toBeVisible();
    });

    test('declined card → failure message with the next step, package and code kept, balance unchanged', async ({ page, request }) => {
      const before = await hoursOf(request, token);
      await open(page, '/packages');
      await chooseStarter(page, locale, 'NOOR15');
      await expect(page.getByTestId('checkout-total')).toContainText('408');
      await page.getByRole('button', { name: tr(locale, 'Continue to payment') }).click();
      await page.waitForURL(/\/api\/v1\/sandbox\/checkout\//);
      await payWith(page, locale, '4000 0000 0000 0002');
      await page.waitForURL(/\/packages/);
      await expect(page.getByTestId('payment-result')).toHaveText(tr(locale, 'Your payment has not been completed. Please try again.'));
      await expect(page.getByTestId('payment-next-step')).toHaveText(
        tr(
          locale,
          'Your card was declined. Your package and promo code are kept below: try another card, or ask your bank why the payment was refused.',
        ),
      );
      await expect(page.getByTestId('package-4').getByRole('button')).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('textbox', { name: tr(locale, 'Promo code') })).toHaveValue('NOOR15');
      await expect(page.getByTestId('checkout-total')).toContainText('408');
      await expect(page.getByTestId('balance-hours')).toHaveAttribute('data-hours', String(before));
      expect(await hoursOf(request, token)).toBe(before);
    });

    test('an expired promo code gets its own message', async ({ page }) => {
      await open(page, '/packages');
      await chooseStarter(page, locale, 'RAMADAN2024');
      await expect(page.getByText(tr(locale, 'This promo code has expired.'))).toBeVisible();
      await expect(page.getByTestId('checkout-total')).toContainText('480');
    });
  });
}

test('a teacher cannot open /packages', async ({ page, context, request, baseURL }) => {
  const res = await request.post('/api/v1/instructor/auth/login', { data: DEMO_TEACHER });
  expect(res.ok(), await res.text()).toBe(true);
  const token = ((await res.json()) as { data: { token: string } }).data.token;
  await signIn(context, baseURL!, token, true);
  await preferences(page, { locale: 'en' });
  await page.goto('/packages');
  await expect(page.getByTestId('boot-spinner')).toHaveCount(0, { timeout: 15_000 });
  await expect(page).not.toHaveURL(/\/packages/);
  await expect(page.getByTestId('package-4')).toHaveCount(0);
  // The server says the same: packages are for students.
  expect((await request.get('/api/v1/balance', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(403);
});

const MONEY_CELLS = [
  { locale: 'ar', size: { width: 390, height: 844 } },
  { locale: 'en', size: { width: 1280, height: 800 } },
] as const;

test.describe('money', () => {
  let teacher: MoneyTeacher;
  test.beforeAll(async ({ request }) => {
    teacher = await moneyTeacher(request);
  });

  for (const { locale, size } of MONEY_CELLS) {
    // Every money walk runs under `npm run test:e2e:full` (Arabic phone, English desktop): CI's 1 200 s are
    // spent. `npm test` keeps the pricing rule's property tests, the receipt, refund and earnings server
    // and component tests.
    const asFamily = async (page: Page, baseURL: string, token: string) => {
      await page.context().addCookies([{ name: 'ng-token', value: token, url: baseURL }]);
      await page.setViewportSize(size);
      await preferences(page, { locale });
    };

    // The longest of the three (four bookings, about 20 s on CI): both cells run under `npm run test:e2e:full`
    // only, CI's budget being spent; the pricing rule's property tests (fast-check) run in `npm test`.
    (FULL ? test : test.skip)(
      `${locale}: the review's price is what the server does, with and without the free trial and hours`,
      async ({ page, baseURL, request }) => {
        test.setTimeout(180_000);
        const { token } = await newStudent(request, { phaseId: teacher.phaseId });
        await asFamily(page, baseURL!, token);
        // Free trial, no hours: two hours nobody pays for; one hour is the trial's.
        const review = await toReview(page, locale, teacher.id, 2);
        await expect(review).toContainText(priceLine.short(locale));
        await changeDuration(page, locale, 1);
        await expect(review).toContainText(priceLine.trial(locale));
        // Four hours bought, the review kept over a reload: the trial still pays the hour, the hours stay.
        await buyHours(request, token);
        await page.reload();
        await expect(review).toContainText(priceLine.trial(locale));
        await send(page, locale);
        expect(await balanceOf(request, token)).toEqual({ hours: 4, trial: false });
        // The trial used: hours pay, as long as they cover it.
        await expect(await toReview(page, locale, teacher.id, 3)).toContainText(priceLine.hours(locale, 1));
        await send(page, locale);
        expect(await balanceOf(request, token)).toEqual({ hours: 1, trial: false });
        await expect(await toReview(page, locale, teacher.id, 2)).toContainText(priceLine.short(locale));
        await page.getByRole('button', { name: tr(locale, 'Send the request'), exact: true }).click();
        await expect(page.getByRole('button', { name: tr(locale, 'See the packages') })).toBeVisible();
        expect(await balanceOf(request, token)).toEqual({ hours: 1, trial: false });
      },
    );

    (FULL ? test : test.skip)(
      `${locale}: a paid order's receipt, then the unused package refunded, in the balance and the history`,
      async ({ page, baseURL, request }) => {
        const { token } = await newStudent(request, { phaseId: teacher.phaseId, buy: true });
        const [paid] = await json<Array<{ id: number; receipt_number: string }>>(
          await request.get('/api/v1/orders', { headers: bearer(token) }),
          'orders',
        );
        await asFamily(page, baseURL!, token);
        await open(page, '/packages');
        const row = page.getByTestId(`order-${paid!.id}`);
        await row.getByRole('link').click();
        await expect(page).toHaveURL(new RegExp(`/receipts/${paid!.id}$`));
        await expect(page.getByTestId('receipt-number')).toHaveText(paid!.receipt_number);
        await expect(page.getByTestId('receipt-amount')).toContainText('480');
        await expect(page.getByTestId('receipt')).toContainText(tr(locale, 'Test payment (sandbox)'));
        await page
          .getByRole('link', { name: tr(locale, 'Back to packages') })
          .first()
          .click();

        await expect(page.getByTestId('balance-hours')).toHaveAttribute('data-hours', '4');
        await page.getByTestId(`refund-${paid!.id}`).click();
        await page.getByTestId('refund-confirm').click();
        await expect(row).toContainText(tr(locale, 'Refunded'));
        await expect(row.getByRole('link', { name: new RegExp(tr(locale, 'Refund receipt')) })).toBeVisible();
        await expect(page.getByTestId('balance-hours')).toHaveAttribute('data-hours', '0');
        expect((await balanceOf(request, token)).hours).toBe(0);
      },
    );

    (FULL ? test : test.skip)(
      `${locale}: a teacher opens this month's earnings and finds the session taught`,
      async ({ page, baseURL, request }) => {
        const student = await newStudent(request, { phaseId: teacher.phaseId, firstName: 'سلمى', lastName: 'الخاطر' });
        const { id } = await json<{ id: number }>(
          await request.post('/api/v1/requests', {
            headers: bearer(student.token),
            data: { teacher_id: teacher.id, subject_id: teacher.subjectId, duration_hours: 1, type: 'urgent', broadcast: false },
          }),
          'book',
        );
        await json(await request.post(`/api/v1/requests/${id}/approve`, { headers: bearer(teacher.token) }), 'approve');
        const { channel_name: channel } = await json<{ channel_name: string }>(
          await request.get(`/api/v1/requests/${id}`, { headers: bearer(student.token) }),
          'detail',
        );
        // Test-only route of the e2e server (RTC_ADAPTER=fake): the hour ends in two seconds; the teacher is in it.
        await json(
          await request.post(`/api/v1/sessions/${channel}/test/ends-in`, { headers: bearer(student.token), data: { seconds: 2 } }),
          'ends-in',
        );
        await json(
          await request.post(`/api/v1/sessions/${channel}/events`, { headers: bearer(teacher.token), data: { type: 'joined' } }),
          'joined',
        );
        // After the end, the session's end call finishes the request (the sweep, as the time-up screen does).
        const end = async () => {
          const res = await request.post(`/api/v1/sessions/${channel}/end`, { headers: bearer(teacher.token) });
          return res.ok() ? ((await res.json()) as { data: { status: string } }).data.status : `HTTP ${res.status()}`;
        };
        await expect.poll(end, { timeout: 15_000 }).toBe('finished');
        type Statement = { month: string; lines: Array<{ request_id: number; counted_minutes: number; basis: string }> };
        const now = await json<Statement>(
          await request.get('/api/v1/instructor/earnings', { headers: bearer(teacher.token) }),
          'statement',
        );

        await page.context().addCookies([
          { name: 'ng-token', value: teacher.token, url: baseURL! },
          { name: 'is_teacher', value: 'true', url: baseURL! },
        ]);
        await page.setViewportSize(size);
        await preferences(page, { locale });
        await open(page, '/earnings');
        const statement = page.getByTestId('earnings-statement');
        await expect(statement).toBeVisible();
        // Started an hour ago: in the first hour of a month (the teacher's clock) it is last month's.
        if (!now.lines.some((l) => l.request_id === id)) await page.getByRole('button', { name: tr(locale, 'Previous month') }).click();
        const line = statement.getByRole('row').filter({ hasText: 'سلمى' }).first();
        await expect(line).toContainText(tr(locale, 'Taught'));
        await expect(statement.getByTestId('earnings-total')).not.toBeEmpty();
      },
    );
  }
});
