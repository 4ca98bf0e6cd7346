import { afterEach, describe, expect, it, vi } from 'vitest';

/** The theme module as it is built in a browser whose `prefers-reduced-motion` is `reduce` or not. */
async function themeWhere(reduce: boolean) {
  vi.resetModules();
  vi.stubGlobal('window', {
    matchMedia: (query: string) => ({ matches: reduce && query === '(prefers-reduced-motion: reduce)' }),
  });
  return import('./theme.ts');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the theme and prefers-reduced-motion (WCAG 2.3.3)', () => {
  it('asked for less motion: transitions take no time and animate nothing, no ripple, spinners keep an arc', async () => {
    const { reducedMotion, theme } = await themeWhere(true);
    expect(reducedMotion).toBe(true);
    expect(theme.transitions.create(['opacity', 'transform'])).toBe('none');
    expect(Object.values(theme.transitions.duration).every((ms) => ms === 0)).toBe(true);
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    expect(theme.components?.MuiCircularProgress?.defaultProps?.disableShrink).toBe(true);
  });

  it('by default: MUI transitions with their durations, and the ripple', async () => {
    const { reducedMotion, theme } = await themeWhere(false);
    expect(reducedMotion).toBe(false);
    expect(theme.transitions.create('opacity')).toMatch(/^opacity \d+ms/);
    expect(theme.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(false);
  });

  it('the CSS animations end at once only under the media query', async () => {
    const { theme } = await themeWhere(false);
    const overrides = theme.components?.MuiCssBaseline?.styleOverrides as Record<string, unknown>;
    expect(overrides['@media (prefers-reduced-motion: reduce)']).toMatchObject({
      '*, *::before, *::after': {
        animationDuration: '0.01ms !important',
        transitionDuration: '0.01ms !important',
      },
    });
  });
});
