import { useEffect, useRef, useState, type ReactNode } from 'react';

type Phase = 'static' | 'pending' | 'shown';

/**
 * Animates its content in the first time it scrolls into view, and never back.
 * The server and the first client render show the content as it is (visible without
 * JavaScript); only a section the observer finds below the fold is hidden, then faded in
 * when it arrives. The animation is opacity and transform only (no layout shift) and CSS
 * switches it off under prefers-reduced-motion.
 */
export function Reveal({ children, className, as: Tag = 'div', id }: { children: ReactNode; className?: string; as?: 'div' | 'section'; id?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>('static');
  useEffect(() => {
    const element = ref.current;
    // Without IntersectionObserver (old browsers) the content simply stays shown.
    if (!element || typeof IntersectionObserver === 'undefined') return;
    let first = true;
    const observer = new IntersectionObserver(
      (entries) => {
        const inView = entries.some((entry) => entry.isIntersecting);
        if (inView) {
          setPhase(first ? 'static' : 'shown');
          observer.disconnect();
        } else if (first) {
          setPhase('pending');
        }
        first = false;
      },
      { threshold: 0.12 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const phaseClass = phase === 'static' ? '' : phase === 'pending' ? 'is-pending' : 'is-shown';
  return (
    <Tag ref={ref} id={id} className={`reveal ${phaseClass} ${className ?? ''}`}>
      {children}
    </Tag>
  );
}
