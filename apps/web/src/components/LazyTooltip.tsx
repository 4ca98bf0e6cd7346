/**
 * MUI's Tooltip, loaded when a pointer or focus first reaches its child (docs/performance.md, "First load").
 * MUI's Tooltip with Popper.js is ~11 kB gzip; the admin shell's bar and drawer drew a dozen tooltips
 * before anyone pointed at one, so every admin screen loaded it first. Use it as MUI's: same props.
 *
 * The child is rendered here, never by MUI's Tooltip, so it is the same element before and after the
 * tooltip arrives: an element that is re-mounted loses its focus, and a click landing in that instant is
 * lost (docs/web.md, "Bundles"). MUI's Tooltip gets a stand-in child (`Anchor`) that passes the listeners
 * and the ref the tooltip gives it on to the real child. The first mouseover, focus or touch that loads the
 * tooltip is handed to it once it is there (unless the pointer or focus has left by then), so it opens as it
 * would have. The accessible name or description is the one MUI's Tooltip gives (an `aria-label` from a
 * text title; with `describeChild`, a `title` while closed and `aria-describedby` while open), from the
 * first render.
 */
import type { TooltipProps } from '@mui/material/Tooltip';
import {
  cloneElement,
  forwardRef,
  lazy,
  type ReactElement,
  type RefObject,
  Suspense,
  type SyntheticEvent,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';

type Listener = (event: SyntheticEvent) => void;
/** The listeners MUI's Tooltip puts on its child. */
const LISTENERS = [
  'onMouseOver',
  'onMouseLeave',
  'onMouseMove',
  'onFocus',
  'onBlur',
  'onTouchStart',
  'onTouchEnd',
] as const;
type ListenerName = (typeof LISTENERS)[number];
type Listeners = Partial<Record<ListenerName, Listener>>;
/** The events that show a tooltip, and those that take that back before it is there. */
const OPENING: ListenerName[] = ['onMouseOver', 'onFocus', 'onTouchStart'];
const LEAVING: ListenerName[] = ['onMouseLeave', 'onBlur', 'onTouchEnd'];

let loaded = false;
const loadTooltip = () =>
  import('@mui/material/Tooltip').then((module) => {
    loaded = true;
    return module;
  });
const Tooltip = lazy(loadTooltip);

/** MUI Tooltip's child: hands its listeners to `listeners` and, as its element, the real child's. */
const Anchor = forwardRef<
  HTMLElement | null,
  Listeners & {
    target: RefObject<HTMLElement | null>;
    listeners: RefObject<Listeners>;
    onAttach: () => void;
  }
>(function Anchor({ target, listeners, onAttach, ...props }, ref) {
  const own: Listeners = {};
  for (const name of LISTENERS) if (props[name]) own[name] = props[name];
  listeners.current = own;
  useImperativeHandle(ref, () => target.current as HTMLElement, [target]);
  // Once mounted, after the render in which the tooltip took the child's element (a task later): its
  // listeners then know it.
  useEffect(() => {
    const timer = window.setTimeout(onAttach);
    return () => window.clearTimeout(timer);
  }, [onAttach]);
  return null;
});

export type LazyTooltipProps = TooltipProps & { children: ReactElement<Record<string, unknown>> };

/** MUI Tooltip's own props; any other (a `data-testid`, a `className`) goes to the child, as MUI passes it. */
const OWN = new Set([
  'arrow',
  'classes',
  'disableFocusListener',
  'disableHoverListener',
  'disableInteractive',
  'disableTouchListener',
  'enterDelay',
  'enterNextDelay',
  'enterTouchDelay',
  'followCursor',
  'leaveDelay',
  'leaveTouchDelay',
  'open',
  'placement',
  'slotProps',
  'slots',
]);

export function LazyTooltip({
  children,
  title,
  describeChild = false,
  onOpen,
  onClose,
  ...rest
}: LazyTooltipProps) {
  const props: Record<string, unknown> = {};
  const other: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) (OWN.has(key) ? props : other)[key] = value;
  const [ready, setReady] = useState(loaded);
  const [open, setOpen] = useState(false);
  const id = useId();
  const target = useRef<HTMLElement | null>(null);
  const listeners = useRef<Listeners>({});
  const waiting = useRef<{ name: ListenerName; event: SyntheticEvent } | null>(null);
  const childProps = children.props;

  /** Hands the event that loaded the tooltip to it, unless the pointer or focus has left since. */
  const replay = useRef(() => {
    const first = waiting.current;
    waiting.current = null;
    if (!first) return;
    const event = Object.assign(Object.create(first.event), { currentTarget: target.current });
    listeners.current[first.name]?.(event);
  }).current;

  const own: Record<string, unknown> = {};
  for (const name of LISTENERS) {
    own[name] = (event: SyntheticEvent) => {
      (childProps[name] as Listener | undefined)?.(event);
      if (ready) {
        listeners.current[name]?.(event);
      } else if (OPENING.includes(name)) {
        event.persist?.();
        waiting.current = { name, event };
        loadTooltip().then(() => setReady(true));
      } else if (LEAVING.includes(name)) {
        waiting.current = null;
      }
    };
  }
  const text = typeof title === 'string' ? title : undefined;
  const named = describeChild
    ? {
        title: !open && !rest.disableHoverListener ? text : undefined,
        'aria-describedby': open ? id : undefined,
      }
    : { 'aria-label': text, 'aria-labelledby': open && text === undefined ? id : undefined };
  const ref = (node: HTMLElement | null) => {
    target.current = node;
    const childRef = childProps.ref;
    if (typeof childRef === 'function') childRef(node);
    else if (childRef && typeof childRef === 'object') (childRef as { current: unknown }).current = node;
  };

  return (
    <>
      {cloneElement(children, {
        ...named,
        ...other,
        ...childProps,
        className: [other.className, childProps.className].filter(Boolean).join(' ') || undefined,
        ...own,
        ref,
      })}
      {ready && (
        <Suspense fallback={null}>
          <Tooltip
            {...props}
            title={title}
            describeChild={describeChild}
            id={id}
            onOpen={(event) => {
              setOpen(true);
              onOpen?.(event);
            }}
            onClose={(event) => {
              setOpen(false);
              onClose?.(event);
            }}
          >
            <Anchor target={target} listeners={listeners} onAttach={replay} />
          </Tooltip>
        </Suspense>
      )}
    </>
  );
}
