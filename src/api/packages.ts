// Packages and hours as server data: the package list, the balance (read by the packages screen, the
// profile, the header and the teacher page: one query, one cache entry), the purchase history and its
// receipts as TanStack Query definitions, and the calls that change something (promo check, order,
// refund). Answers are checked against the shared contract; prices are only ever the server's.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  balanceResponseSchema,
  createOrderResponseSchema,
  ordersResponseSchema,
  packagesResponseSchema,
  promoCheckResponseSchema,
  refundResponseSchema,
  type CreatedOrder,
  type Refund,
  type PromoQuote,
  type TimePackage,
} from '../../contract/packages';
import { receiptResponseSchema, type RECEIPT_KINDS } from '../../contract/receipts';
import { api, type ApiClient, readAnswer } from './client';

export type { CreatedOrder, PromoQuote, TimePackage };

export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

export const packagesKeys = {
  all: ['packages'] as const,
  list: (locale: string) => ['packages', 'list', locale] as const,
  balance: ['packages', 'balance'] as const,
  orders: (locale: string) => ['packages', 'orders', locale] as const,
  receipt: (orderId: number, kind: ReceiptKind, locale: string) => ['packages', 'receipt', orderId, kind, locale] as const,
};

export function packagesQuery(locale: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: packagesKeys.list(locale),
    queryFn: async ({ signal }) =>
      (await readAnswer(client('v1/packages', { signal, headers: { 'Accept-Language': locale } }), packagesResponseSchema)).data,
  });
}

export function balanceQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: packagesKeys.balance,
    queryFn: async ({ signal }) => (await readAnswer(client('v1/balance', { signal }), balanceResponseSchema)).data,
    // A balance changes behind our back (a payment, a booking): never serve a minute-old one.
    staleTime: 0,
  });
}

/** Hours or orders changed (a payment, a refund): the list, the balance and the history are read again. */
export function refreshPackages(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: packagesKeys.all });
}

/** An order changed on the server (a checkout that could not open is failed there): the history is read again. */
export function refreshOrders(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [...packagesKeys.all, 'orders'] });
}

/** Hours were spent or given back elsewhere (a booking, a refund): the balance is read again. */
export function refreshBalance(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: packagesKeys.balance });
}

export function ordersQuery(locale: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: packagesKeys.orders(locale),
    queryFn: async ({ signal }) =>
      (await readAnswer(client('v1/orders', { signal, headers: { 'Accept-Language': locale } }), ordersResponseSchema)).data,
    staleTime: 0,
  });
}

/** A paid order's receipt (or a refunded order's refund receipt), in the reader's language. */
export function receiptQuery(orderId: number, locale: string, kind: ReceiptKind = 'payment', client: ApiClient = api) {
  const path = kind === 'refund' ? `v1/orders/${orderId}/refund-receipt` : `v1/orders/${orderId}/receipt`;
  return queryOptions({
    queryKey: packagesKeys.receipt(orderId, kind, locale),
    queryFn: async ({ signal }) =>
      (await readAnswer(client(path, { signal, headers: { 'Accept-Language': locale } }), receiptResponseSchema)).data,
    // A receipt never changes once issued.
    staleTime: Infinity,
    retry: false,
  });
}

export async function checkPromoCode(input: { code: string; package_id: number }, client: ApiClient = api): Promise<PromoQuote> {
  return (await readAnswer(client('v1/promo-codes/check', { method: 'POST', body: input }), promoCheckResponseSchema)).data;
}

export async function createOrder(input: { package_id: number; promo_code?: string }, client: ApiClient = api): Promise<CreatedOrder> {
  return (await readAnswer(client('v1/orders', { method: 'POST', body: input }), createOrderResponseSchema)).data;
}

/** Refunds an unused package (the server applies the rule); the answer's message is the server's. */
export async function refundOrder(orderId: number, client: ApiClient = api): Promise<{ refund: Refund; message: string }> {
  const res = await readAnswer(client(`v1/orders/${orderId}/refund`, { method: 'POST', body: {} }), refundResponseSchema);
  return { refund: res.data, message: res.message };
}
