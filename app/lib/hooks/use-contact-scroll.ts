import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { isContactHash, planContactScroll } from '../../../core/routing/contact-scroll';

function isAtBottom(): boolean {
  return window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
}

/**
 * #contact scrolls smoothly to the bottom of the page, where the footer's contact section is:
 * first after 300 ms, then up to 5 more times 500 ms apart while the page is still growing
 * (section 2). It stops as soon as the bottom is reached.
 */
export function useContactScroll(): void {
  const { hash, key } = useLocation();

  useEffect(() => {
    if (!isContactHash(hash)) return;
    const delays = planContactScroll();
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;

    function run(): void {
      if (isAtBottom()) return;
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: smooth ? 'smooth' : 'auto' });
      attempt += 1;
      const next = delays[attempt];
      if (next !== undefined) timer = setTimeout(run, next);
    }

    timer = setTimeout(run, delays[0]);
    return () => clearTimeout(timer);
  }, [hash, key]);
}
