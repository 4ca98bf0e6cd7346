/**
 * The credit check provider's address is checked when it is saved, as the shop's is (issue 25 item 8):
 * no address of the server's own network (unless ALLOW_PRIVATE_SHOP_URLS, and never cloud metadata),
 * https for a public host; a 422 on the field, and nothing stored.
 */
import { CREDIT_TEXTS } from '@rentloop/domain/credit-checks';
import { MESSAGES } from '@rentloop/domain/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';

// The app as deployed by default: ALLOW_PRIVATE_SHOP_URLS off.
const h = useHarness({ allowPrivateShopUrls: false });
let lanApp: FastifyInstance;
let admin: TestUser;
let cid: number;

beforeAll(async () => {
  lanApp = await buildApp({ database: h.database, logLevel: 'silent', allowPrivateShopUrls: true });
  const company = await createCompany(h.database, { name: 'Checked Credit' });
  cid = company.id;
  admin = await createUser(h, { company, role: 'admin' });
});
afterAll(async () => {
  await lanApp?.close();
});

const section = (base_url: string) => ({ enabled: false, provider: 'crif', base_url, username: 'u' });
const putSection = (base_url: string, app = h.app) =>
  call(app, admin, {
    method: 'PUT',
    url: `/api/companies/${cid}/settings/credit_check`,
    payload: section(base_url),
  });

describe('the credit check address when saved', () => {
  it('is refused on the server’s own network and for cloud metadata, 422 on base_url', async () => {
    for (const url of [
      'http://127.0.0.1:8080/credit',
      'https://10.0.0.5/credit',
      'http://169.254.169.254/latest',
    ]) {
      const res = await putSection(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(422);
      expect(res.json().errors).toEqual({ base_url: [MESSAGES.addressNotPublic] });
    }
    const stored = await call(h.app, admin, {
      method: 'GET',
      url: `/api/companies/${cid}/settings/credit_check`,
    });
    expect(stored.body).not.toContain('169.254');
  });

  it('needs https for a public host; https on a public address is saved', async () => {
    const plain = await putSection('http://93.184.215.14/credit');
    expect(plain.statusCode).toBe(422);
    expect(plain.json().errors).toEqual({ base_url: [CREDIT_TEXTS.urlHttps] });
    const ok = await putSection('https://93.184.215.14/credit');
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('is checked in the whole-settings PUT too, named by its section', async () => {
    const res = await call(h.app, admin, {
      method: 'PUT',
      url: `/api/companies/${cid}/settings`,
      payload: { credit_check: section('http://127.0.0.1/credit') },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ 'credit_check.base_url': [MESSAGES.addressNotPublic] });
  });

  it('with ALLOW_PRIVATE_SHOP_URLS: the merchant’s network is allowed, cloud metadata never', async () => {
    expect((await putSection('http://127.0.0.1:8080/credit', lanApp)).statusCode).toBe(200);
    const metadata = await putSection('http://169.254.169.254/latest', lanApp);
    expect(metadata.statusCode).toBe(422);
    expect(metadata.json().errors).toEqual({ base_url: [MESSAGES.addressSpecialPurpose] });
  });
});
