/**
 * Security of the template path (issue 25 item 8): styles cannot end the <style> block and smuggle
 * markup into stored bodies and sent mails, and triple-brace placeholders do not put customer-typed
 * HTML into mails unescaped (only the markup the product renders itself goes in raw).
 */
import { TEMPLATE_CSS_NO_ANGLE } from '@rentloop/domain/templates';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';
import { composeBody, renderText } from './render.ts';

const SMUGGLE = '.a{color:red}</sty</stylele><script>alert(1)</script><img src=x onerror=alert(2)>';

describe('styles', () => {
  it('cannot end the style block: no tag of the CSS reaches the composed body', () => {
    const body = composeBody('<p class="a">Hi</p>', SMUGGLE);
    expect(body).not.toMatch(/<script/i);
    expect(body).not.toMatch(/<img/i);
    // The only tags are the document's own and the cleaned markup's.
    const tags = [...body.matchAll(/<\/?([a-z]+)/gi)].map((m) => m[1]!.toLowerCase());
    expect(new Set(tags)).toEqual(new Set(['html', 'head', 'meta', 'body', 'p']));
  });

  it('still inlines ordinary rules', () => {
    expect(composeBody('<p class="a">Hi</p>', '.a{color:#123456}')).toContain('style="color: #123456;"');
  });
});

describe('triple braces', () => {
  const data = {
    customer: { name: '<img src=x onerror=alert(1)>Eve' },
    invoice: { lines_html: '<table><tr><td>Bike</td></tr></table>' },
  };

  it('escape customer-typed values like double braces do', () => {
    const { html } = renderText(
      { subject: 'Hi {{{customer.name}}}', body: '<p>{{{customer.name}}} {{& customer.name}}</p>' },
      data,
    );
    expect(html).not.toContain('<img');
    const escaped = '&lt;img src=x onerror=alert(1)&gt;Eve';
    expect(html).toBe(`<p>${escaped} ${escaped}</p>`);
  });

  it('leave the lines table the product renders itself as markup', () => {
    const { html } = renderText({ subject: 's', body: '<div>{{{invoice.lines_html}}}</div>' }, data);
    expect(html).toBe('<div><table><tr><td>Bike</td></tr></table></div>');
  });
});

describe('saving styles with a "<"', () => {
  const h = useHarness();
  let owner: TestUser;
  let companyId: number;
  beforeAll(async () => {
    const company = await createCompany(h.database, { name: 'Style Co' });
    companyId = company.id;
    owner = await createUser(h, { company, role: 'owner' });
  });

  it('is a 422 on css_raw, and nothing of it is stored', async () => {
    const url = `/api/${companyId}/rentloopdb/templates/invitation/locales/en`;
    const res = await call(h.app, owner, {
      method: 'PUT',
      url,
      payload: { subject: 'Hi', html_raw: '<p>Hi</p>', css_raw: SMUGGLE },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ css_raw: [TEMPLATE_CSS_NO_ANGLE] });
    const stored = await call(h.app, owner, { method: 'GET', url });
    expect(stored.body).not.toMatch(/<script/i);
  });
});
