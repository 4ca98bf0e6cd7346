/**
 * Input at the edges (security probe, issue 10 findings 7 and 8): path ids, text parameters, URLs
 * and text fields, and the HTTP answers Fastify gives before a route runs, all in the product's error
 * format with a request id.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import {
  call,
  createCompany,
  createUser,
  customerBody,
  type TestUser,
  useHarness,
} from '../testing/harness.ts';
import { WIRE_MESSAGES } from './wire.ts';

const h = useHarness();
let cid: number;
let admin: TestUser;
let customerId: number;

const api = (path: string) => `/api/${cid}/rentloopdb/${path}`;
const json = (user: TestUser, method: 'POST' | 'PUT', url: string, payload: string, contentType?: string) =>
  call(h.app, user, {
    method,
    url,
    payload,
    headers: { 'content-type': contentType ?? 'application/json' },
  });

beforeAll(async () => {
  const company = await createCompany(h.database, { currency: 'EUR' });
  cid = company.id;
  admin = await createUser(h, { company, role: 'admin' });
  const created = await call(h.app, admin, {
    method: 'POST',
    url: api('customers'),
    payload: customerBody(),
  });
  expect(created.statusCode).toBe(201);
  customerId = created.json().data.id;
});

describe('record ids in paths', () => {
  it('opens a record by its plain decimal id only; every other spelling is a 404, like a missing id', async () => {
    const get = (id: string) => call(h.app, admin, { method: 'GET', url: api(`customers/${id}`) });
    expect((await get(String(customerId))).statusCode).toBe(200);
    const n = customerId;
    // Leading zeros too: one spelling per record (the web app never writes another).
    const spellings = [
      `0x${n.toString(16)}`,
      `%20${n}`,
      `${n}%20`,
      `${n}e0`,
      `+${n}`,
      `0${n}`,
      `${n}.0`,
      `-${n}`,
    ];
    for (const id of [...spellings, '0', 'abc', `${n}abc`, '9007199254740992', '9'.repeat(30)]) {
      const res = await get(id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json(), id).toMatchObject({ status: false, code: 'not_found' });
    }
    // The company id of the URL follows the same rule.
    for (const company of [`0${cid}`, `+${cid}`, `${cid}e0`]) {
      const res = await call(h.app, admin, { method: 'GET', url: `/api/${company}/rentloopdb/customers` });
      expect(res.statusCode, company).toBe(404);
    }
  });
});

describe('text at the edges', () => {
  it('answers 422 naming sku_name for a NUL in the SKU of the path', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const res = await call(h.app, admin, {
        method,
        url: api('availability_settings/DRL%0018V'),
        ...(method === 'PUT' ? { payload: { min_stock: 1 } } : {}),
      });
      expect(res.statusCode, method).toBe(422);
      expect(res.json().errors, method).toEqual({ sku_name: ['Must not contain a NUL character.'] });
    }
    const missing = await call(h.app, admin, {
      method: 'GET',
      url: api('availability_settings/NO-SUCH-SKU'),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('takes only http and https image URLs for a product', async () => {
    const product = (image_url: string) => ({
      name: 'Camera',
      image_url,
      variants: [{ name: 'Body', sku: `CAM-${Math.random().toString(36).slice(2)}` }],
    });
    for (const url of [
      'javascript:alert(1)',
      'data:image/svg+xml,<svg/>',
      'file:///etc/passwd',
      'ftp://x.test/a',
      '',
    ]) {
      const res = await call(h.app, admin, { method: 'POST', url: api('products'), payload: product(url) });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors, url).toEqual({ image_url: ['Must be a valid url.'] });
    }
    const ok = await call(h.app, admin, {
      method: 'POST',
      url: api('products'),
      payload: product('https://cdn.example.com/camera.jpg'),
    });
    expect(ok.statusCode).toBe(201);
    const update = await call(h.app, admin, {
      method: 'PUT',
      url: api(`products/${ok.json().data.id}`),
      payload: { image_url: 'JavaScript:alert(1)' },
    });
    expect(update.statusCode).toBe(422);
    expect(update.json().errors).toEqual({ image_url: ['Must be a valid url.'] });
  });

  it('refuses half of a UTF-16 pair in a text field with a 422 naming the field, instead of replacing it', async () => {
    const body = JSON.stringify(customerBody()).replace(/"name":"[^"]*"/, '"name":"Jane \\ud800 Doe"');
    const res = await json(admin, 'POST', api('customers'), body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['Must be valid Unicode text (it holds half of a character pair).'],
    });
    const nested = JSON.stringify(customerBody()).replace(/"city":"[^"]*"/, '"city":"\\udc00"');
    const res2 = await json(admin, 'POST', api('customers'), nested);
    expect(res2.statusCode).toBe(422);
    expect(Object.keys(res2.json().errors)).toEqual(['billing_address.city']);
    // A whole pair (an emoji) is text like any other.
    const emoji = JSON.stringify(customerBody({ name: 'Jane \ud83d\ude00 Doe' }));
    expect((await json(admin, 'POST', api('customers'), emoji)).statusCode).toBe(201);
  });
});

describe('HTTP answers before a route runs', () => {
  it('answers 414 for an over-long path parameter in the error format, with a request id', async () => {
    const res = await call(h.app, admin, {
      method: 'GET',
      url: api(`availability_settings/${'x'.repeat(300)}`),
    });
    expect(res.statusCode).toBe(414);
    const body = res.json();
    expect(body).toMatchObject({ status: false, code: 'bad_request', message: WIRE_MESSAGES.paramTooLong });
    expect(body.request_id).toEqual(expect.any(String));
    expect(res.headers['x-request-id']).toBe(body.request_id);
  });

  it('answers 431 for headers too large in the error format, with a request id', async () => {
    const app = await buildApp({ database: h.database, logLevel: 'silent' });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const answer = await new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
        (resolve, reject) => {
          const req = httpRequest(
            { host: '127.0.0.1', port, path: '/api/health', headers: { 'x-big': 'a'.repeat(20_000) } },
            (res) => {
              let body = '';
              res.on('data', (d) => (body += d));
              res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
            },
          );
          req.on('error', reject);
          req.end();
        },
      );
      expect(answer.status).toBe(431);
      const body = JSON.parse(answer.body);
      expect(body).toMatchObject({
        status: false,
        code: 'bad_request',
        message: WIRE_MESSAGES.headersTooLarge,
      });
      expect(answer.headers['x-request-id']).toBe(body.request_id);
    } finally {
      await app.close();
    }
  });

  it('refuses a body with a prototype key, saying what is refused', async () => {
    for (const payload of [
      '{"name":"x","constructor":{"prototype":{"admin":true}}}',
      '{"name":"x","__proto__":{"admin":true}}',
      '{"billing_address":{"\\u005f_proto__":{"admin":true}}}',
    ]) {
      const res = await json(admin, 'POST', api('customers'), payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json(), payload).toMatchObject({ code: 'bad_request', message: WIRE_MESSAGES.prototypeKey });
      expect(res.json().request_id, payload).toEqual(expect.any(String));
    }
    // A key merely named constructor is data.
    const plain = await json(admin, 'POST', api('customers'), '{"constructor":"x"}');
    expect(plain.statusCode).toBe(422);
  });

  it('refuses JSON declared in a charset other than UTF-8 with 415, and reads UTF-8 as before', async () => {
    const body = JSON.stringify(customerBody());
    for (const contentType of [
      'application/json; charset=utf-16',
      'application/json; charset="ISO-8859-1"',
    ]) {
      const res = await json(admin, 'POST', api('customers'), body, contentType);
      expect(res.statusCode, contentType).toBe(415);
      expect(res.json(), contentType).toMatchObject({ code: 'bad_request', message: WIRE_MESSAGES.charset });
    }
    for (const contentType of ['application/json; charset=UTF-8', 'application/json;charset="utf8"']) {
      const res = await json(admin, 'POST', api('customers'), JSON.stringify(customerBody()), contentType);
      expect(res.statusCode, contentType).toBe(201);
    }
    const broken = await json(admin, 'POST', api('customers'), '{"name":');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('bad_request');
  });
});
