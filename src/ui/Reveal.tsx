import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Animates its content in the first time it scrolls into view, and never back (SPEC §4).
 * The animation itself is CSS, switched off under prefers-reduced-motion.
 */
export function Reveal({ children, className, as: Tag = 'div', id }: { children: ReactNode; className?: string; as?: 'div' | 'section'; id?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  // Without IntersectionObserver (old browsers) the content simply shows.
  const [shown, setShown] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (!element || shown) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setShown(true);
          observer.disconnect();
        }
      },
      { threshold: 0.12 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);
  return (
    <Tag ref={ref} id={id} className={`reveal ${shown ? 'is-shown' : ''} ${className ?? ''}`}>
      {children}
    </Tag>
  );
}
