// Receipts of paid orders. `issueReceipt` runs inside the transaction that marks an order paid: it
// takes the year's next number from receipt_counters (an upsert that holds the counter's row lock
// until commit, so concurrent payments number one after another and a rollback frees its number) and
// stores the seller's configured details with it. `readReceipt` answers only the order's own student.
import { DEFAULT_TIME_ZONE } from '../../../contract/default-zone';
import { receiptNumber, type Receipt } from '../../../contract/receipts';
import type { Queryable } from '../../db';
import { calendarMonth } from '../../lib/time';
import type { Locale } from '../../i18n';
import { toMajor } from './pricing';

/** Receipts are dated, and numbered per year, in the company's zone (Qatar's). */
export const RECEIPT_TIME_ZONE = DEFAULT_TIME_ZONE;

/** The seller's details printed on every receipt (configuration: COMPANY_* variables). */
export interface Company {
  name_ar: string;
  name_en: string;
  address_ar: string;
  address_en: string;
  registration_number: string;
  tax_number: string | null;
  email: string;
  phone: string;
}

/** The company's details from the environment, with the demo company's as defaults. */
export function companyFromEnv(env: NodeJS.ProcessEnv): Company {
  const pick = (name: string, fallback: string) => env[name]?.trim() || fallback;
  return {
    name_ar: pick('COMPANY_NAME_AR', 'نور للتعليم ذ.م.م'),
    name_en: pick('COMPANY_NAME_EN', 'Noor Tutoring W.L.L.'),
    address_ar: pick('COMPANY_ADDRESS_AR', 'الدوحة، قطر'),
    address_en: pick('COMPANY_ADDRESS_EN', 'Doha, Qatar'),
    registration_number: pick('COMPANY_CR_NUMBER', '000000'),
    tax_number: env.COMPANY_TAX_NUMBER?.trim() || null,
    email: pick('COMPANY_EMAIL', 'billing@noor.example'),
    phone: pick('COMPANY_PHONE', '+97440000000'),
  };
}

/** What the receipt records of how the money moved. */
export interface ReceiptIssue {
  company: Company;
  gateway: string;
  /** The means of payment the gateway reported ('card' when it said nothing more). */
  method?: string | undefined;
}

/** The calendar year of `at` in the company's zone. */
export function receiptYear(at: Date): number {
  return calendarMonth(at, RECEIPT_TIME_ZONE).year;
}

/** Issues the receipt of a payment or a refund (inside its transaction); returns its number. */
export async function issueReceipt(
  tx: Queryable,
  input: { orderId: number; kind: 'payment' | 'refund'; at: Date } & ReceiptIssue,
): Promise<string> {
  const year = receiptYear(input.at);
  const counter = await tx.one<{ last_number: number }>(
    `INSERT INTO receipt_counters (year, last_number) VALUES ($1, 1)
     ON CONFLICT (year) DO UPDATE SET last_number = receipt_counters.last_number + 1 RETURNING last_number`,
    [year],
  );
  const number = counter!.last_number;
  await tx.query(
    `INSERT INTO receipts (order_id, kind, year, number, issued_at, gateway, payment_method, company) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [input.orderId, input.kind, year, number, input.at, input.gateway, input.method ?? 'card', JSON.stringify(input.company)],
  );
  return receiptNumber(year, number);
}

interface ReceiptRow {
  year: number;
  number: number;
  kind: 'payment' | 'refund';
  issued_at: Date;
  gateway: string;
  payment_method: string;
  company: Company;
  order_id: number;
  hours: number;
  validity_days: number;
  list_price_minor: number;
  discount_minor: number;
  amount_minor: number;
  currency: string;
  gateway_reference: string | null;
  name_ar: string;
  name_en: string;
  promo: string | null;
  first_name: string;
  last_name: string;
  phone: string;
}

/**
 * The payment (or refund) receipt of `orderId` when `userId` placed that order; undefined otherwise
 * (unpaid, or not refunded). A refund receipt names the refund's gateway reference.
 */
export async function readReceipt(
  q: Queryable,
  orderId: number,
  userId: number,
  locale: Locale,
  kind: 'payment' | 'refund' = 'payment',
): Promise<Receipt | undefined> {
  const r = await q.one<ReceiptRow>(
    `SELECT r.year, r.number, r.kind, r.issued_at, r.gateway, r.payment_method, r.company, o.id AS order_id, o.hours, o.validity_days,
            o.list_price_minor, o.discount_minor, o.amount_minor, o.currency,
            CASE WHEN r.kind = 'refund' THEN o.refund_reference ELSE o.gateway_reference END AS gateway_reference, p.name_ar, p.name_en,
            pc.code AS promo, u.first_name, u.last_name, u.phone
       FROM receipts r JOIN orders o ON o.id = r.order_id JOIN packages p ON p.id = o.package_id
       JOIN users u ON u.id = o.user_id LEFT JOIN promo_codes pc ON pc.id = o.promo_code_id
      WHERE r.order_id = $1 AND o.user_id = $2 AND r.kind = $3`,
    [orderId, userId, kind],
  );
  if (!r) return undefined;
  const en = locale === 'en';
  const company = typeof r.company === 'string' ? (JSON.parse(r.company) as Company) : r.company;
  return {
    number: receiptNumber(r.year, r.number),
    kind: r.kind,
    issued_at: r.issued_at.toISOString(),
    time_zone: RECEIPT_TIME_ZONE,
    order_id: r.order_id,
    customer: { name: `${r.first_name} ${r.last_name}`, phone: r.phone },
    package_name: en ? r.name_en : r.name_ar,
    hours: r.hours,
    validity_days: r.validity_days,
    list_price: toMajor(r.list_price_minor),
    promo_code: r.promo,
    discount: toMajor(r.discount_minor),
    amount: toMajor(r.amount_minor),
    currency: r.currency.trim(),
    payment_method: r.payment_method,
    gateway: r.gateway,
    gateway_reference: r.gateway_reference,
    company: {
      name: en ? company.name_en : company.name_ar,
      address: en ? company.address_en : company.address_ar,
      registration_number: company.registration_number,
      tax_number: company.tax_number,
      email: company.email,
      phone: company.phone,
    },
  };
}
