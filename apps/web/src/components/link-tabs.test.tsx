/**
 * The link tabs (LinkTabs.tsx): a named `nav` of links, one to each route, and only the current one says it
 * is the current page. Rendered to markup.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LinkTabs } from './LinkTabs.tsx';

const TABS = [
  { value: 'orders', label: 'Orders', to: '/cms/orders' },
  { value: 'drafts', label: 'Quotes', to: '/cms/orders/drafts' },
] as const;

const links = (html: string) => html.match(/<a[^>]*>[^<]*<\/a>/g) ?? [];

describe('LinkTabs', () => {
  it('draws a named nav of links, the current one marked as the page', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <LinkTabs
          tabs={TABS}
          current="drafts"
          label="Order lists"
          testId="tabs"
          tabTestId={(v) => `tab-${v}`}
        />
      </MemoryRouter>,
    );
    expect(html).toMatch(/<nav[^>]*aria-label="Order lists"/);
    expect(html).toContain('data-testid="tabs"');
    const [orders, drafts] = links(html);
    expect(orders).toContain('href="/cms/orders"');
    expect(orders).toContain('data-testid="tab-orders"');
    expect(orders).not.toContain('aria-current');
    expect(orders).toContain('>Orders</a>');
    expect(drafts).toContain('href="/cms/orders/drafts"');
    expect(drafts).toContain('aria-current="page"');
  });
});
