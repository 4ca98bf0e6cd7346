/**
 * MUI's Menu, Popover, Popper and Modal, loaded the first time one opens (docs/performance.md, "First load").
 * Closed, each of them renders nothing, and they stand on Modal, the focus trap, the transitions and
 * Popper.js (~25 kB gzip with MUI's Tooltip): a list screen drew its app bar, drawer and selects with all of
 * that in its first load although no menu was open. These take the same props and render nothing until
 * their `open` is first true; then the real component loads (a few milliseconds, once per app) and stays
 * rendered, so closing animates as before.
 *
 * The app's own menus import these instead of `@mui/material/Menu` and `@mui/material/Popover`; MUI's
 * Select (every `<TextField select>`), Autocomplete and Drawer (the phone's drawer is a modal) get `LazyMenu`,
 * `LazyPopper` and `LazyModal` through the build (`lazyMuiPopups` in vite.config.ts), which points their
 * imports here.
 */
import type { MenuProps } from '@mui/material/Menu';
import type { ModalProps } from '@mui/material/Modal';
import type { PopoverProps } from '@mui/material/Popover';
import type { PopperProps } from '@mui/material/Popper';
import { forwardRef, lazy, Suspense, useRef } from 'react';

const Menu = lazy(() => import('@mui/material/Menu'));
const Modal = lazy(() => import('@mui/material/Modal'));
const Popover = lazy(() => import('@mui/material/Popover'));
const Popper = lazy(() => import('@mui/material/Popper'));
/**
 * The phone drawer's slide, which Drawer renders only inside its (lazy) modal: it suspends into that
 * modal's boundary, so the drawer opens once both are there.
 */
export const LazySlide = lazy(() => import('@mui/material/Slide'));

/** Whether the popup has been open: until then it renders nothing (closed, MUI's render nothing either). */
function useOpened(open: boolean) {
  const opened = useRef(false);
  if (open) opened.current = true;
  return opened.current;
}

export const LazyMenu = forwardRef<HTMLDivElement, MenuProps>(function LazyMenu(props, ref) {
  if (!useOpened(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <Menu {...props} ref={ref} />
    </Suspense>
  );
});

export const LazyPopover = forwardRef<HTMLDivElement, PopoverProps>(function LazyPopover(props, ref) {
  if (!useOpened(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <Popover {...props} ref={ref} />
    </Suspense>
  );
});

export const LazyPopper = forwardRef<HTMLDivElement, PopperProps>(function LazyPopper(props, ref) {
  if (!useOpened(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <Popper {...props} ref={ref} />
    </Suspense>
  );
});

/** A kept-mounted modal renders its (hidden) content while closed: that one loads at once. */
export const LazyModal = forwardRef<HTMLDivElement, ModalProps>(function LazyModal(props, ref) {
  if (!useOpened(props.open) && !props.keepMounted) return null;
  return (
    <Suspense fallback={null}>
      <Modal {...props} ref={ref} />
    </Suspense>
  );
});
