import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether an element is on screen with a size: false while its kept-alive tab is hidden
 * (display: none) or the browser tab is in the background, so polling can rest.
 */
export function useShown(ref: RefObject<HTMLElement | null>): boolean {
  const [sized, setSized] = useState(true);
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(() => {
      setSized(element.offsetWidth > 0 && element.offsetHeight > 0);
    });
    observer.observe(element);
    const onVisibility = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [ref]);
  return sized && visible;
}
