/**
 * Text for screen readers only: kept in the accessibility tree, out of sight (the usual clip pattern;
 * `display: none` would hide it from screen readers too). Use this one rather than a copy: in MUI's `sx` a
 * bare `1` is 100% (a copy with `width: 1` measured the window's width and made the shipping settings page
 * twice as wide), so the sizes here are strings in px.
 */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
