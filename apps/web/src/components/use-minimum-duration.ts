import { useEffect, useRef, useState } from 'react';

/** True while `active`, and for at least `minimumMs` once it became true (spec 01 §9: 200 ms). */
export function useMinimumDuration(active: boolean, minimumMs: number): boolean {
  const [shown, setShown] = useState(active);
  const since = useRef<number | null>(active ? Date.now() : null);

  useEffect(() => {
    if (active) {
      if (since.current === null) since.current = Date.now();
      setShown(true);
      return;
    }
    if (since.current === null) return;
    const remaining = minimumMs - (Date.now() - since.current);
    const hide = () => {
      since.current = null;
      setShown(false);
    };
    if (remaining <= 0) {
      hide();
      return;
    }
    const timer = window.setTimeout(hide, remaining);
    return () => window.clearTimeout(timer);
  }, [active, minimumMs]);

  return shown;
}
