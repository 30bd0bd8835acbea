// The generic resource wrapper of spec §7: list with query params, get by id, create (POST), update
// (PATCH id), remove (DELETE id). Responses are the server's envelope so callers keep its message.
import { api, type ApiClient, type Envelope, type Query } from './client';

export type Id = string | number;

/** A JSON object, or FormData for multipart uploads (identity scans, qualification files). */
export type Body = object | FormData;

export interface Resource<T, TCreate extends Body = Partial<T> & object, TUpdate extends Body = Partial<T> & object> {
  readonly path: string;
  list(query?: Query, signal?: AbortSignal): Promise<Envelope<T[]>>;
  get(id: Id, signal?: AbortSignal): Promise<Envelope<T>>;
  create(body: TCreate): Promise<Envelope<T>>;
  update(id: Id, body: TUpdate): Promise<Envelope<T>>;
  remove(id: Id): Promise<Envelope<unknown>>;
}

export function resource<T, TCreate extends Body = Partial<T> & object, TUpdate extends Body = Partial<T> & object>(
  path: string,
  client: ApiClient = api,
): Resource<T, TCreate, TUpdate> {
  const base = path.replace(/\/+$/, '');
  const one = (id: Id) => `${base}/${encodeURIComponent(String(id))}`;
  return {
    path: base,
    list: (query, signal) => client<Envelope<T[]>>(base, { query, signal }),
    get: (id, signal) => client<Envelope<T>>(one(id), { signal }),
    create: (body) => client<Envelope<T>>(base, { method: 'POST', body }),
    update: (id, body) => client<Envelope<T>>(one(id), { method: 'PATCH', body }),
    remove: (id) => client<Envelope<unknown>>(one(id), { method: 'DELETE' }),
  };
}
