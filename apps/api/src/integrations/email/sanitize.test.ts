import { describe, expect, it } from 'vitest';
import { sanitizeMailHtml } from './sanitize.ts';

describe('sanitizeMailHtml (docs/decisions.md 65)', () => {
  it('drops scripts with their code, event handlers and style', () => {
    const out = sanitizeMailHtml(
      '<p onclick="steal()" style="background:url(http://x.test/t.gif)">Hi</p><script>alert(1)</script><style>p{}</style>',
    );
    expect(out).toBe('<p>Hi</p>');
  });

  it('keeps images over https only', () => {
    expect(sanitizeMailHtml('<img src="https://cdn.test/a.png" alt="a" />')).toBe(
      '<img src="https://cdn.test/a.png" alt="a" />',
    );
    expect(sanitizeMailHtml('<img src="http://cdn.test/a.png" />')).toBe('');
    expect(sanitizeMailHtml('<img src="//cdn.test/a.png" />')).toBe('');
    expect(sanitizeMailHtml('<img src="data:image/png;base64,AAAA" />')).toBe('');
  });

  it('drops embedded content and javascript links, keeps plain links', () => {
    expect(sanitizeMailHtml('<iframe src="https://x.test"></iframe><object data="x"></object>ok')).toBe('ok');
    expect(sanitizeMailHtml('<a href="javascript:alert(1)">x</a>')).toBe(
      '<a rel="noopener noreferrer" target="_blank">x</a>',
    );
    expect(sanitizeMailHtml('<a href="https://shop.test/o/1">order</a>')).toBe(
      '<a href="https://shop.test/o/1" rel="noopener noreferrer" target="_blank">order</a>',
    );
  });
});
