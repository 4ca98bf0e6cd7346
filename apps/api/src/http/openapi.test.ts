/**
 * The API description as a contract for generated clients (http/openapi.ts): every operation is named
 * once, documents its error answers in the product's error format, and real error answers still carry
 * every field of that format now that they are serialized through it. `node scripts/openapi.mjs` (in
 * `npm test`) lints the same document with Redocly.
 */
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { call, createCompany, createUser, useHarness } from '../testing/harness.ts';
import { access } from './access.ts';
import { errorSchema, registerOpenApi, validationErrorSchema } from './openapi.ts';

const h = useHarness();

interface Operation {
  operationId?: string;
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
}

async function operations() {
  const doc = (await h.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  return Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, path, op })),
  );
}

const refOf = (op: Operation, status: string) =>
  op.responses[status]?.content?.['application/json']?.schema?.$ref;

describe('the OpenAPI description', () => {
  it('names every operation once, in lowerCamelCase', async () => {
    const ops = await operations();
    expect(ops.length).toBe(h.app.routeTable.length);
    const ids = ops.map((o) => o.op.operationId);
    for (const { name, op } of ops) expect(op.operationId, name).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents the error answers of every operation in the error format', async () => {
    for (const { name, op } of await operations()) {
      const isPublic = Array.isArray(op.security) && op.security.length === 0;
      const params = (op.parameters ?? []).filter((p) => p.in === 'path');
      const expected = ['400'];
      if (!isPublic) expected.push('401', '403');
      if (params.length > 0) expected.push('404');
      if (op.requestBody || (op.parameters ?? []).some((p) => p.in === 'query')) expected.push('422');
      for (const status of expected) {
        const schema = status === '422' ? 'ValidationError' : 'Error';
        expect(refOf(op, status), `${name} ${status}`).toBe(`#/components/schemas/${schema}`);
      }
      for (const [status, response] of Object.entries(op.responses)) {
        if (!/^[45]/.test(status)) continue;
        expect(response.content?.['application/json']?.schema?.$ref, `${name} ${status}`).toMatch(
          /^#\/components\/schemas\/(Error|ValidationError)$/,
        );
      }
    }
  });

  it('asks no token of public operations (sign-in, reset) and the bearer token of the others', async () => {
    const ops = await operations();
    const login = ops.find((o) => o.name === 'POST /api/auth/login')!;
    expect(login.op.security).toEqual([]);
    const me = ops.find((o) => o.name === 'GET /api/auth/me')!;
    expect(me.op.security).toBeUndefined(); // the document's default: bearer
  });

  it('gives one parameter name to each path shape', async () => {
    const paths = [...new Set((await operations()).map((o) => o.path))];
    const shapes = new Set(paths.map((p) => p.replace(/\{[^}]+\}/g, '{}')));
    expect(shapes.size).toBe(paths.length);
  });
});

describe('error answers, serialized through the documented schemas', () => {
  const keys = (body: object) => Object.keys(body).sort();

  it('keep errors and request_id on a 422, and every field elsewhere', async () => {
    const company = await createCompany(h.database);
    const owner = await createUser(h, { company, role: 'owner' });
    const invalid = await call(h.app, owner, {
      method: 'POST',
      url: `/api/${company.id}/rentloopdb/customers`,
      payload: { name: '', email: 'not an email' },
    });
    expect(invalid.statusCode).toBe(422);
    const body = invalid.json();
    expect(keys(body)).toEqual(['code', 'errors', 'message', 'request_id', 'status']);
    expect(body.errors.email).toEqual([expect.any(String)]);
    expect(body.request_id).toBe(invalid.headers['x-request-id']);
    expect(validationErrorSchema.parse(body)).toEqual(body);

    const answers = [
      await call(h.app, null, { method: 'GET', url: '/api/auth/me' }), // 401
      await call(h.app, owner, { method: 'GET', url: `/api/${company.id}/rentloopdb/customers/99999999` }), // 404
      await call(h.app, owner, { method: 'GET', url: `/api/${company.id}/rentloopdb/customers/0x1` }), // 404
      await h.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      }), // 400
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([401, 404, 404, 400]);
    for (const answer of answers) {
      const error = answer.json();
      expect(keys(error), answer.body).toEqual(['code', 'message', 'request_id', 'status']);
      expect(error.request_id).toBe(answer.headers['x-request-id']);
      expect(errorSchema.parse(error)).toEqual(error);
    }
  });
});

describe('registering a route', () => {
  const app = async () => {
    const a = Fastify();
    a.setValidatorCompiler(validatorCompiler);
    a.setSerializerCompiler(serializerCompiler);
    await registerOpenApi(a, {});
    return a;
  };
  const config = { access: access.public };

  it('refuses an API route without an operationId, or with one already used or not lowerCamelCase', async () => {
    const a = await app();
    expect(() => a.get('/api/nameless', { config }, async () => 'x')).toThrow(/declares no operationId/);
    a.get('/api/one', { config, schema: { operationId: 'getOne' } }, async () => 'x');
    expect(() => a.get('/api/two', { config, schema: { operationId: 'getOne' } }, async () => 'x')).toThrow(
      /already used by GET \/api\/one/,
    );
    expect(() =>
      a.get('/api/three', { config, schema: { operationId: 'get-three' } }, async () => 'x'),
    ).toThrow(/lowerCamelCase/);
    // Outside the API (the web app, the docs), no name is needed.
    expect(() => a.get('/elsewhere', async () => 'x')).not.toThrow();
    await a.ready();
    await a.close();
  });
});
