import { describe, expect, it } from 'vitest';
import { downloadLinkInputSchema, isSameOriginPath, NOTIFICATION_TEXTS } from './notifications.ts';

const href = downloadLinkInputSchema.shape.href;

describe('a notification link', () => {
  it('takes a path of this site and http(s) addresses', () => {
    for (const ok of [
      '/cms/orders/12',
      '/files/a%20b.pdf?x=1#top',
      'https://example.com/a',
      'http://example.com',
    ]) {
      expect(href.safeParse(ok).success, ok).toBe(true);
    }
  });

  it('refuses what a browser would take to another site or run (issue 25 item 8)', () => {
    for (const bad of [
      '/\\evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      '//evil.example',
      '/ /evil.example',
      '/\t/evil.example',
      'https://evil.example\\@good.example',
      'javascript:alert(1)',
      'evil.example',
    ]) {
      const parsed = href.safeParse(bad);
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(NOTIFICATION_TEXTS.badHref);
    }
    expect(isSameOriginPath('/\\evil.example')).toBe(false);
    expect(isSameOriginPath('/ok')).toBe(true);
  });
});
