import { useEffect, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

const reduceMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function goTo(id: string, smooth: boolean) {
  const section = document.getElementById(id);
  if (!section) return;
  section.scrollIntoView({ behavior: smooth && !reduceMotion() ? 'smooth' : 'auto' });
  // Keyboard and screen-reader users continue reading from the section they chose.
  section.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
}

/**
 * Table-of-contents links that scroll to their section without adding history entries (so
 * Back still leaves the page), and a scroll to the section named in the URL on arrival.
 */
export function useSectionLinks() {
  const navigate = useNavigate();
  const { hash } = useLocation();

  useEffect(() => {
    if (!hash) return;
    // After the layout's scroll-to-top on navigation.
    const timer = window.setTimeout(() => goTo(decodeURIComponent(hash.slice(1)), false), 0);
    return () => window.clearTimeout(timer);
    // Only on arrival: later hash changes come from our own clicks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (id: string) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    goTo(id, true);
    navigate({ hash: id }, { replace: true, preventScrollReset: true });
  };
}
