'use client';
import { useId, type ReactNode } from 'react';

/** A titled card of a page (settings sections, activity panels): one heading that labels the region, optional actions beside it. */
export function SectionCard({
  title,
  actions,
  children,
  testId,
  className,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section className={className ? `card ${className}` : 'card'} aria-labelledby={headingId} data-testid={testId}>
      <div className="section-head">
        <h2 id={headingId}>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
