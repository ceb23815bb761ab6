import { useEffect, useState } from 'react';

/**
 * The line under a printed page: who publishes it and the day it was printed. Hidden on
 * screen (print.css). The date is the reader's, so it is filled in the browser after the
 * first render (the server's markup leaves it empty) and again just before printing.
 */
export function PrintColophon({ company, printedLabel }: { company: string; printedLabel: string }) {
  const [today, setToday] = useState('');
  useEffect(() => {
    const update = () => setToday(localDate(new Date()));
    update();
    window.addEventListener('beforeprint', update);
    return () => window.removeEventListener('beforeprint', update);
  }, []);
  return (
    <p className="print-only print-colophon" data-print-date={today}>
      {company}
      {' · '}
      {printedLabel}: {today && <time dateTime={today}>{today}</time>}
    </p>
  );
}

function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
