import type { ReactNode } from 'react';

/** A section's title with an optional kicker line and an action (a More link). */
export function SectionHeading({ title, kicker, action, level = 2 }: { title: string; kicker?: string; action?: ReactNode; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="section-heading">
      <div>
        {kicker && <p className="section-heading__kicker">{kicker}</p>}
        <Heading className="section-heading__title">{title}</Heading>
      </div>
      {action && <div className="section-heading__action">{action}</div>}
    </div>
  );
}
