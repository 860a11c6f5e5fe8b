import { type ReactNode, useEffect, useRef, useState } from "react";

/** How far below (or above) the screen an element starts to count as near: about a scroll's worth. */
const NEAR_MARGIN = "400px 0px";

/**
 * Renders `children` once the place they take has come near the screen, and `placeholder` there
 * until then: a heavy part below the fold (the dashboard's chart, with its library) costs the
 * first load nothing. Without IntersectionObserver (older browsers, jsdom) the children render at once.
 */
export function NearView({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");

  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  return near ? children : <div ref={place}>{placeholder}</div>;
}
