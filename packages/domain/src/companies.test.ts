import { describe, expect, it } from 'vitest';
import { SHOP_URL_SCHEME, shopSettingsInputSchema } from './companies.ts';

describe('shop settings', () => {
  const save = (url: string) =>
    shopSettingsInputSchema.safeParse({ shop_system: 'shopify', url, credentials: { access_token: 't' } });

  it('take a web address only: ftp:// and other schemes are refused on the url field', () => {
    expect(save('https://shop.example.com').success).toBe(true);
    // http:// passes here; the server refuses it unless the shop is local and allowed (settings/shop.ts).
    expect(save('http://192.168.1.20').success).toBe(true);
    for (const url of ['ftp://shop.example.com', 'file:///etc/passwd', 'javascript:alert(1)']) {
      const result = save(url);
      expect(result.success, url).toBe(false);
      expect(result.error?.issues.map((i) => i.path.join('.'))).toContain('url');
    }
    expect(save('ftp://shop.example.com').error?.issues.map((i) => i.message)).toContain(SHOP_URL_SCHEME);
  });
});
