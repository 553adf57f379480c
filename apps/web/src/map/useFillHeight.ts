import { type RefObject, useEffect, useState } from 'react';

/**
 * Height that fills the window from the element's top down to `bottomGap` px above the bottom:
 * map pages take the rest of the screen under the shell's bars, whatever those measure.
 */
export function useFillHeight(ref: RefObject<HTMLElement | null>, bottomGap = 16, min = 480): number {
  const [height, setHeight] = useState(min);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      if (element.offsetParent === null) return;
      const top = element.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(min, Math.floor(window.innerHeight - top - bottomGap)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    observer.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref, bottomGap, min]);
  return height;
}
