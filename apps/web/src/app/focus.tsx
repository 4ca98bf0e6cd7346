/**
 * Keyboard and screen-reader focus across the app (docs/web.md, "Accessibility"): the "Skip to content"
 * link, the main content's id, and moving focus to a new page's heading after an in-app navigation.
 */
import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';
import { useMatches } from 'react-router';
import { shellIds } from './testids.ts';
import { FOCUS_RING } from './theme.ts';

/** The id of each layout's <main> (focusable with tabindex -1, the skip link's target). */
export const MAIN_CONTENT_ID = 'main-content';

const focusMain = () => document.getElementById(MAIN_CONTENT_ID)?.focus();

/**
 * The first tab stop of every layout: out of sight until focused, then it moves focus to the main
 * content, past the drawer and the app bar. Focus is moved by hand: following `#main-content` would
 * put the fragment in the URL, which the router owns.
 */
export function SkipLink() {
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      data-testid={shellIds.skipLink}
      onClick={(event: React.MouseEvent) => {
        event.preventDefault();
        focusMain();
      }}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'text.primary',
        fontWeight: 600,
        textDecoration: 'none',
        boxShadow: 3,
        // Off screen (not hidden: screen readers and the Tab key still reach it) until focused.
        transform: 'translateY(-200%)',
        '&:focus, &:focus-visible': { transform: 'none', outline: FOCUS_RING, outlineOffset: 2 },
      }}
    >
      Skip to content
    </Box>
  );
}

/**
 * Focuses the page's h1 once it is shown (a lazy page's code may still be loading), unless focus has
 * moved on meanwhile (to a field the person clicked, say): that is never taken away. Returns a stop.
 */
function focusHeadingWhenShown(before: Element | null): () => void {
  const tryFocus = () => {
    const heading = document.getElementById(MAIN_CONTENT_ID)?.querySelector('h1');
    if (!heading) return false;
    const active = document.activeElement;
    const untouched = !active || active === document.body || active === before || !active.isConnected;
    if (untouched) {
      // Focusable from script only: the heading is not a tab stop.
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
    return true;
  };
  if (tryFocus()) return () => {};
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  // A page without an h1 (an error) leaves focus where it is.
  const timer = window.setTimeout(() => stop(), 10_000);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/**
 * After an in-app navigation to another page, focus goes to that page's heading, so a screen reader
 * announces where the person is and the next Tab starts in the page, not back in the drawer. A dialog's
 * child route keeps its page (the dialog takes focus itself), and so do a list's search and sort
 * (the URL's query). The first load leaves focus at the start of the document (the skip link).
 */
export function useFocusHeadingOnNavigate() {
  const matches = useMatches();
  // matches[0] is the root layout; matches[1] the page, whose child routes are its dialogs.
  const page = matches[1]?.pathname ?? matches.at(-1)?.pathname ?? '';
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    return focusHeadingWhenShown(document.activeElement);
  }, [page]);
}
