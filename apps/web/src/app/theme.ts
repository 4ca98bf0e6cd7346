import { alpha, createTheme } from '@mui/material/styles';

/** Spec 01 §9: theme primary colour. */
export const PRIMARY = '#00e3ae';
/** The primary colour as text on a light background: #00e3ae itself reads too faintly there. */
export const PRIMARY_TEXT = '#00785c';
/**
 * Outlined chips (status chips) write their colour as text on white: MUI's info and warning read at
 * 3.9:1 and 3.1:1 there, below the 4.5:1 small text needs, so their text and border take darker shades.
 */
const CHIP_TEXT = { info: '#01579b', warning: '#a14800', primary: PRIMARY_TEXT } as const;
/** The keyboard focus ring (WCAG 2.4.7): dark green on the light pages; the drawer uses the brand green. */
export const FOCUS_RING = `2px solid ${PRIMARY_TEXT}`;
const focusRing = { outline: FOCUS_RING, outlineOffset: 2 };
export const DRAWER_WIDTH = 220;
export const DRAWER_MINI_WIDTH = 64;

const ink = '#10231f';

/**
 * Whether the person asked their system for less motion (WCAG 2.3.3, `prefers-reduced-motion`), read
 * once when the app loads. Then MUI's transitions (dialogs, menus, collapses) draw nothing in between and
 * take no time, buttons have no ripple, and CSS animations (skeletons, progress bars) end at once.
 * Beside the people it is for, it is how the browser tests run (tests/e2e/playwright.config.ts): the
 * animation frames were a third of the browsers' work there (docs/decisions.md 92).
 */
export const reducedMotion =
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** MUI's transition durations, all none, and transitions that animate no property. */
const noMotion = {
  create: () => 'none',
  duration: {
    shortest: 0,
    shorter: 0,
    short: 0,
    standard: 0,
    complex: 0,
    enteringScreen: 0,
    leavingScreen: 0,
  },
};

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: PRIMARY, dark: '#00b58b', light: '#5ff0cd', contrastText: '#062b22' },
    secondary: { main: '#1c3b57', contrastText: '#ffffff' },
    // Filled chips, badges and buttons write white on the main colour: MUI's info (#0288d1, 3.9:1) and
    // warning (#ed6c02, 3.2:1) are too light for 4.5:1 (axe `color-contrast`); these shades pass (4.8, 5.0).
    info: { main: '#0277bd' },
    warning: { main: '#b45309' },
    background: { default: '#f4f7f6', paper: '#ffffff' },
    text: { primary: ink, secondary: '#55675f' },
    divider: alpha(ink, 0.1),
  },
  shape: { borderRadius: 10 },
  ...(reducedMotion ? { transitions: noMotion } : {}),
  typography: {
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "DejaVu Sans", Arial, sans-serif',
    h4: { fontWeight: 700, letterSpacing: '-0.01em' },
    h5: { fontWeight: 700 },
    h6: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // Keyboard focus is always visible, whatever MUI's ripple or hover style shows (buttons, links,
    // list items, menu items, table rows made focusable, and anything else given a tabindex).
    MuiCssBaseline: {
      styleOverrides: {
        'a:focus-visible, button:focus-visible, [tabindex]:focus-visible, .Mui-focusVisible': focusRing,
        // The target of the skip link and a page heading focused after navigating are not controls.
        '[tabindex="-1"]:focus-visible, [tabindex="-1"]:focus': { outline: 'none' },
        // Every CSS animation and transition ends at once (still running once, so animation events fire).
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0.01ms !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
    MuiButtonBase: {
      defaultProps: { disableRipple: reducedMotion },
      styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
    },
    // A spinner stopped at once must still show an arc: the shrinking one ends on a dot.
    MuiCircularProgress: { defaultProps: { disableShrink: reducedMotion } },
    MuiTableRow: { styleOverrides: { root: { '&:focus-visible': { ...focusRing, outlineOffset: -2 } } } },
    // A focused field's label and a selected tab are text: the brand green is too faint on white.
    MuiFormLabel: { styleOverrides: { root: { '&.Mui-focused': { color: PRIMARY_TEXT } } } },
    MuiInputLabel: { styleOverrides: { root: { '&.Mui-focused': { color: PRIMARY_TEXT } } } },
    MuiTab: { styleOverrides: { root: { '&.Mui-selected': { color: PRIMARY_TEXT } } } },
    // A disabled field's helper text often says why it is disabled ("Synced from the shop"): it must stay
    // readable (the default disabled grey is 2.7:1 on white; axe `color-contrast`).
    MuiFormHelperText: {
      styleOverrides: { root: { '&.Mui-disabled': { color: 'rgba(0, 0, 0, 0.6)' } } },
    },
    MuiChip: {
      styleOverrides: {
        root: {
          variants: Object.entries(CHIP_TEXT).map(([color, text]) => ({
            props: { variant: 'outlined' as const, color: color as keyof typeof CHIP_TEXT },
            style: { color: text, borderColor: alpha(text, 0.6) },
          })),
        },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: {
          variants: [
            { props: { variant: 'text', color: 'primary' }, style: { color: PRIMARY_TEXT } },
            { props: { variant: 'outlined', color: 'primary' }, style: { color: PRIMARY_TEXT } },
          ],
        },
      },
    },
    MuiLink: { styleOverrides: { root: { color: PRIMARY_TEXT } } },
    MuiPaper: { defaultProps: { elevation: 0 } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiTableCell: {
      styleOverrides: {
        head: { fontWeight: 600, color: '#55675f', whiteSpace: 'nowrap' },
      },
    },
    MuiTextField: { defaultProps: { size: 'small' } },
    MuiSelect: { defaultProps: { size: 'small' } },
  },
});

/** The default layout's background (sign-in and other pages outside the back office). */
export const DEFAULT_LAYOUT_BACKGROUND =
  'radial-gradient(circle at 15% 20%, rgba(0, 227, 174, 0.35), transparent 45%), radial-gradient(circle at 85% 85%, rgba(64, 140, 255, 0.22), transparent 40%), linear-gradient(160deg, #06251f 0%, #0b3a31 55%, #0f5747 100%)';
