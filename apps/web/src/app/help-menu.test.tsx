/**
 * The help button before its menu's chunk is there (HelpMenu.tsx): drawn at once, the same button, but
 * `aria-disabled` so a click is not taken for one that opened nothing (and a browser test waits for it).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HelpButton, HelpMenu } from './HelpMenu.tsx';
import { shellIds } from './testids.ts';

const button = (html: string) => /<button[^>]*>/.exec(html)?.[0] ?? '';

describe('HelpMenu', () => {
  it('draws the help button at once, marked not ready until its menu is loaded', () => {
    const pending = button(renderToStaticMarkup(<HelpMenu />));
    expect(pending).toContain(`data-testid="${shellIds.helpMenuButton}"`);
    expect(pending).toContain('aria-label="Help"');
    expect(pending).toContain('aria-disabled="true"');
  });

  it('is the same button, ready, once the menu is there', () => {
    const ready = button(renderToStaticMarkup(<HelpButton onClick={() => {}} />));
    expect(ready).toContain(`data-testid="${shellIds.helpMenuButton}"`);
    expect(ready).toContain('aria-label="Help"');
    expect(ready).not.toContain('aria-disabled');
  });
});
