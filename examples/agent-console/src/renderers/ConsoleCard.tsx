import { type ReactNode, useId } from "react";
import { StatusBadge } from "./StatusBadge";

/** The frame every console renderer draws in: a section named by its title, with a status. */
export function ConsoleCard({
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
    <section className="console-card" aria-labelledby={headingId}>
      <header className="console-card__header">
        <h3 id={headingId} className="console-card__title">
          {title}
        </h3>
        {status && <StatusBadge status={status} />}
      </header>
      {children}
    </section>
  );
}
