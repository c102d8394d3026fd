import { type ReactNode, useId } from "react";
import { StatusBadge } from "./StatusBadge";

/** The frame every activity renderer draws in: a section named by its title, with a status. */
export function ActivityCard({
  title,
  status,
  children,
}: {
  title: ReactNode;
  status?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="demo-activity" aria-labelledby={headingId}>
      <header className="demo-activity__header">
        <h3 id={headingId} className="demo-activity__title">
          {title}
        </h3>
        {status && <StatusBadge status={status} />}
      </header>
      {children}
    </section>
  );
}
