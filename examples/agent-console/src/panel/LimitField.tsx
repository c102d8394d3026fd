import { useEffect, useId, useState } from "react";
import { MIN_DAILY_LIMIT_USD, parseLimit } from "../viewModel/dailyLimit";

/** The daily limit, editable: each valid amount applies at once (and is kept). */
export function LimitField({
  limitUsd,
  onChange,
}: {
  limitUsd: number;
  onChange: (usd: number) => void;
}) {
  const [draft, setDraft] = useState(limitUsd.toFixed(2));
  const id = useId();
  // A limit set elsewhere (another tab's, a reset) shows, unless it is what the user is typing.
  useEffect(() => {
    setDraft((text) => (parseLimit(text) === limitUsd ? text : limitUsd.toFixed(2)));
  }, [limitUsd]);
  const invalid = parseLimit(draft) === undefined;
  return (
    <div className="console-limit" data-invalid={invalid || undefined}>
      <label htmlFor={id}>Daily limit</label>
      <span className="console-limit__field">
        <span aria-hidden="true">$</span>
        <input
          id={id}
          className="demo-input"
          type="number"
          inputMode="decimal"
          min={MIN_DAILY_LIMIT_USD}
          step={0.01}
          value={draft}
          aria-invalid={invalid || undefined}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            setDraft(event.target.value);
            const usd = parseLimit(event.target.value);
            if (usd !== undefined) onChange(usd);
          }}
        />
      </span>
      <span id={`${id}-hint`} className="console-limit__hint">
        {invalid ? "Enter an amount of at least $0.01." : "In US dollars, per day."}
      </span>
    </div>
  );
}
