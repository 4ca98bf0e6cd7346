/**
 * Malformed multipart bodies to the import routes (issue 25 item 8): a 400 saying what is wrong with
 * the body, never a 500. Each body below answered 500 before.
 */
import { describe, expect, it } from 'vitest';
import { useImportFixture } from '../modules/subscriptions/import-fixture.ts';
import { call } from '../testing/harness.ts';

const f = useImportFixture();

const B = 'xyzBOUNDARY';
const MALFORMED: Record<string, { payload: string; contentType: string }> = {
  'no closing boundary': {
    contentType: `multipart/form-data; boundary=${B}`,
    payload: `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nabc`,
  },
  'no boundary parameter': {
    contentType: 'multipart/form-data',
    payload: `--${B}\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--${B}--\r\n`,
  },
  'garbage instead of parts': {
    contentType: `multipart/form-data; boundary=${B}`,
    payload: 'not multipart at all',
  },
  'a part without headers end': {
    contentType: `multipart/form-data; boundary=${B}`,
    payload: `--${B}\r\nContent-Disposition: form-data; name="file"`,
  },
  'a part without a disposition': {
    contentType: `multipart/form-data; boundary=${B}`,
    payload: `--${B}\r\nContent-Type: text/csv\r\n\r\nabc\r\n--${B}--\r\n`,
  },
  'an empty body': { contentType: `multipart/form-data; boundary=${B}`, payload: '' },
};

describe('a malformed multipart body to the import routes', () => {
  for (const path of ['import/preview', 'import']) {
    for (const [name, body] of Object.entries(MALFORMED)) {
      it(`${path}, ${name}: 400 or 422 with a message, not 500`, async () => {
        const res = await call(f.h.app, f.admin, {
          method: 'POST',
          url: f.api(`subscriptions/${path}`),
          payload: body.payload,
          headers: {
            'content-type': body.contentType,
            'idempotency-key': `k-${path}-${name}`.replaceAll(' ', '-'),
          },
        });
        expect([400, 422], res.body).toContain(res.statusCode);
        const json = res.json();
        expect(json.status).toBe(false);
        expect(json.message).toBeTruthy();
        if (res.statusCode === 400) expect(json.message).toMatch(/form data|multipart/i);
      });
    }
  }
});
