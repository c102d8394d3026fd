/** A compact list of named values (workflow inputs and outputs). */
export function KeyValueList({ label, entries }: { label: string; entries: [string, string][] }) {
  if (entries.length === 0) return null;
  return (
    <div className="demo-kv">
      <span className="demo-label">{label}</span>
      <dl className="demo-kv__list">
        {entries.map(([key, value]) => (
          <div key={key} className="demo-kv__item">
            <dt>{key}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
