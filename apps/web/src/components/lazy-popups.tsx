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
import {
  type ComponentType,
  forwardRef,
  lazy,
  type PropsWithoutRef,
  type RefAttributes,
  Suspense,
  useRef,
} from 'react';

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

interface PopupProps {
  open: boolean;
  /** Kept mounted, the popup renders its (hidden) content while closed: that one loads at once. */
  keepMounted?: boolean;
}

/** One of MUI's popups, rendering nothing until first open, then the real one from its own chunk. */
function lazyPopup<P extends PopupProps>(
  name: string,
  load: () => Promise<{ default: ComponentType<P & RefAttributes<HTMLDivElement>> }>,
) {
  // What forwardRef hands on: the props without `ref`, and the ref beside them.
  const Popup = lazy(load) as ComponentType<PropsWithoutRef<P> & RefAttributes<HTMLDivElement>>;
  // biome-ignore lint/correctness/noComponentHookFactories: made once per popup kind, at module level (below)
  const LazyPopup = forwardRef<HTMLDivElement, P>(function LazyPopup(props, ref) {
    if (!useOpened(props.open) && !props.keepMounted) return null;
    return (
      <Suspense fallback={null}>
        <Popup {...props} ref={ref} />
      </Suspense>
    );
  });
  LazyPopup.displayName = name;
  return LazyPopup;
}

export const LazyMenu = lazyPopup<MenuProps>('LazyMenu', () => import('@mui/material/Menu'));
export const LazyPopover = lazyPopup<PopoverProps>('LazyPopover', () => import('@mui/material/Popover'));
export const LazyPopper = lazyPopup<PopperProps>('LazyPopper', () => import('@mui/material/Popper'));
export const LazyModal = lazyPopup<ModalProps>('LazyModal', () => import('@mui/material/Modal'));
