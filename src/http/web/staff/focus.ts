// Focus moved on purpose: a page's heading takes it when the page opens (so a screen reader says where one is and
// Tab goes on from there), and announcements are spoken without moving it.
import { useEffect, useRef } from 'preact/hooks';

/** A ref for the page's <h1 tabIndex={-1}>, focused when the page (or `key`) changes, without scrolling. */
export function usePageHeading<T extends HTMLElement>(key: unknown = null) {
  const heading = useRef<T>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }, [key]);
  return heading;
}

/** Says `text` through the page's polite live region. */
export function announce(text: string): void {
  const region = document.getElementById('announcer');
  if (!region) return;
  region.textContent = '';
  setTimeout(() => {
    region.textContent = text;
  }, 50);
}
