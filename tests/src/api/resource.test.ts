// The generic resource wrapper (spec §7): each verb hits the right method and path.
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { resource } from '../../../src/api/resource';
import { fakeFetch } from '../helpers';

interface Teacher {
  id: number;
  name: string;
}

function setup() {
  const { fetch, calls } = fakeFetch((_url, method) => ({ status: method === 'POST' ? 201 : 200, json: { message: 'ok', data: { id: 9 } } }));
  const client = createApiClient({ fetch, locale: () => 'en', token: () => 't' });
  return { teachers: resource<Teacher>('v1/teachers/', client), calls };
}

describe('resource()', () => {
  it('list: GET the collection with query params', async () => {
    const { teachers, calls } = setup();
    await teachers.list({ search: 'Quran', page: 2 });
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/v1/teachers?search=Quran&page=2' });
  });

  it('get: GET the item by id', async () => {
    const { teachers, calls } = setup();
    const res = await teachers.get(9);
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/v1/teachers/9' });
    expect(res.data).toEqual({ id: 9 });
  });

  it('create: POST the body to the collection', async () => {
    const { teachers, calls } = setup();
    await teachers.create({ name: 'Amina' });
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/v1/teachers', body: { name: 'Amina' } });
  });

  it('update: PATCH the item', async () => {
    const { teachers, calls } = setup();
    await teachers.update('9', { name: 'Amina K.' });
    expect(calls[0]).toMatchObject({ method: 'PATCH', url: '/api/v1/teachers/9', body: { name: 'Amina K.' } });
  });

  it('remove: DELETE the item, with the id escaped', async () => {
    const { teachers, calls } = setup();
    await teachers.remove('a/b');
    expect(calls[0]).toMatchObject({ method: 'DELETE', url: '/api/v1/teachers/a%2Fb' });
  });

  it('every verb carries the client headers', async () => {
    const { teachers, calls } = setup();
    await teachers.remove(1);
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer t');
    expect(calls[0]?.headers.get('accept-language')).toBe('en');
  });
});
