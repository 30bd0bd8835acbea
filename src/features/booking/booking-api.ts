// The one call of the booking form: POST v1/requests, checked against the contract. A refusal is read
// into the plain BookingFailure the booking machine understands (status, the server's code, message
// and field errors), so the machine never sees an HTTP type.
import { requestDetailResponseSchema, type CreateRequest, type RequestDetail } from '../../../contract/requests';
import type { BookingFailure } from '../../../machines/booking.machine';
import { api, type ApiClient } from '../../api/client';
import { toApiError } from '../../api/api-error';

export async function createBookingRequest(body: CreateRequest, client: ApiClient = api): Promise<RequestDetail> {
  const res = await client<unknown>('v1/requests', { method: 'POST', body });
  return requestDetailResponseSchema.parse(res).data;
}

export function failureOf(error: unknown): BookingFailure {
  const e = toApiError(error);
  const data = e.data;
  const code = data && typeof data === 'object' && 'code' in data && typeof (data as { code: unknown }).code === 'string' ? (data as { code: string }).code : null;
  return { status: e.status, code, message: e.serverMessage, fieldErrors: e.fieldErrors };
}
