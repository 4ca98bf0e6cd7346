/**
 * LazyTooltip and the lazy popups before MUI's parts are there (LazyTooltip.tsx, lazy-popups.tsx): the child
 * is drawn at once with the name or description MUI's Tooltip would give it, other props reach it as MUI
 * passes them, and a closed popup draws nothing (as MUI's closed Menu does).
 */
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LazyTooltip } from './LazyTooltip.tsx';
import { LazyMenu } from './lazy-popups.tsx';

const button = (html: string) => /<button[^>]*>/.exec(html)?.[0] ?? '';

describe('LazyTooltip', () => {
  it('names its child by a text title, as MUI does', () => {
    const html = button(
      renderToStaticMarkup(
        <LazyTooltip title="Profile" placement="right" data-testid="hint">
          <Button>P</Button>
        </LazyTooltip>,
      ),
    );
    expect(html).toContain('aria-label="Profile"');
    expect(html).toContain('data-testid="hint"');
    expect(html).not.toContain('placement');
  });

  it('keeps the child its own name', () => {
    const html = button(
      renderToStaticMarkup(
        <LazyTooltip title="Expand menu">
          <Button aria-label="Open the menu">P</Button>
        </LazyTooltip>,
      ),
    );
    expect(html).toContain('aria-label="Open the menu"');
  });

  it('describes its child with describeChild: a title while closed, no label', () => {
    const html = button(
      renderToStaticMarkup(
        <LazyTooltip title="Signed in as a@b.test" describeChild>
          <Button>Sign out</Button>
        </LazyTooltip>,
      ),
    );
    expect(html).toContain('title="Signed in as a@b.test"');
    expect(html).not.toContain('aria-label');
  });
});

describe('LazyMenu', () => {
  it('draws nothing while it has never been open', () => {
    const html = renderToStaticMarkup(
      <LazyMenu open={false} anchorEl={null}>
        <MenuItem>One</MenuItem>
      </LazyMenu>,
    );
    expect(html).toBe('');
  });
});
