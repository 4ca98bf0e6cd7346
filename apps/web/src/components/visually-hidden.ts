/**
 * Text for screen readers only: kept in the accessibility tree, out of sight (the usual clip pattern;
 * `display: none` would hide it from screen readers too).
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
