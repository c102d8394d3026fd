/** A compact list of named values (workflow inputs and outputs). */
export function KeyValueList({ label, entries }: { label: string; entries: [string, string][] }) {
  if (entries.length === 0) return null;
  return (
    <div className="console-kv">
      <span className="console-label">{label}</span>
      <dl className="console-kv__list">
        {entries.map(([key, value]) => (
          <div key={key} className="console-kv__item">
            <dt>{key}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
