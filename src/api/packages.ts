// Server data of the packages screen: the package list, the balance and the purchase history as
// TanStack Query definitions, and the two calls that change something (promo check, order).
// Responses are checked against the shared contract; prices are only ever the server's.
import { queryOptions } from '@tanstack/react-query';
import {
  balanceSchema,
  createdOrderSchema,
  orderSchema,
  packageSchema,
  promoQuoteSchema,
  refundSchema,
  type CreatedOrder,
  type Refund,
  type PromoQuote,
  type TimePackage,
} from '../../contract/packages';
import { receiptSchema, type RECEIPT_KINDS } from '../../contract/receipts';
import { api, type ApiClient, type Envelope } from './client';

export type { CreatedOrder, PromoQuote, TimePackage };

export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

export const packagesKeys = {
  all: ['packages'] as const,
  list: (locale: string) => ['packages', 'list', locale] as const,
  balance: ['packages', 'balance'] as const,
  orders: (locale: string) => ['packages', 'orders', locale] as const,
  receipt: (orderId: number, kind: ReceiptKind, locale: string) => ['packages', 'receipt', orderId, kind, locale] as const,
};

/** A list in the visitor's language (names and statuses come localized), checked against its schema. */
async function listIn<T>(
  locale: string,
  client: ApiClient,
  path: string,
  schema: { array(): { parse(data: unknown): T[] } },
  signal: AbortSignal,
) {
  const res = await client<Envelope<unknown>>(path, { signal, headers: { 'Accept-Language': locale } });
  return schema.array().parse(res.data);
}

export function packagesQuery(locale: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: packagesKeys.list(locale),
    queryFn: ({ signal }) => listIn(locale, client, 'v1/packages', packageSchema, signal),
  });
}

export function balanceQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: packagesKeys.balance,
    queryFn: async ({ signal }) => balanceSchema.parse((await client<Envelope<unknown>>('v1/balance', { signal })).data),
    // A balance changes behind our back (a payment, a booking): never serve a minute-old one.
    staleTime: 0,
  });
}

export function ordersQuery(locale: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: packagesKeys.orders(locale),
    queryFn: ({ signal }) => listIn(locale, client, 'v1/orders', orderSchema, signal),
    staleTime: 0,
  });
}

/** A paid order's receipt (or a refunded order's refund receipt), in the reader's language. */
export function receiptQuery(orderId: number, locale: string, kind: ReceiptKind = 'payment', client: ApiClient = api) {
  const path = kind === 'refund' ? `v1/orders/${orderId}/refund-receipt` : `v1/orders/${orderId}/receipt`;
  return queryOptions({
    queryKey: packagesKeys.receipt(orderId, kind, locale),
    queryFn: async ({ signal }) =>
      receiptSchema.parse((await client<Envelope<unknown>>(path, { signal, headers: { 'Accept-Language': locale } })).data),
    // A receipt never changes once issued.
    staleTime: Infinity,
    retry: false,
  });
}

export async function checkPromoCode(input: { code: string; package_id: number }, client: ApiClient = api): Promise<PromoQuote> {
  const res = await client<Envelope<unknown>>('v1/promo-codes/check', { method: 'POST', body: input });
  return promoQuoteSchema.parse(res.data);
}

export async function createOrder(input: { package_id: number; promo_code?: string }, client: ApiClient = api): Promise<CreatedOrder> {
  const res = await client<Envelope<unknown>>('v1/orders', { method: 'POST', body: input });
  return createdOrderSchema.parse(res.data);
}

/** Refunds an unused package (the server applies the rule); the answer's message is the server's. */
export async function refundOrder(orderId: number, client: ApiClient = api): Promise<{ refund: Refund; message: string }> {
  const res = await client<Envelope<unknown>>(`v1/orders/${orderId}/refund`, { method: 'POST', body: {} });
  return { refund: refundSchema.parse(res.data), message: res.message };
}
