import { type RefObject, useEffect, useState } from 'react';

/**
 * True once the element has come within `margin` of the viewport, and from then on. A screen with many
 * costly parts (Insights' eleven graphs) asks for each only when it is about to be seen: the landing
 * page then costs what its first screenful shows. Without IntersectionObserver (old browsers, jsdom)
 * everything counts as seen.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '300px'): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, seen]);
  return seen;
}
