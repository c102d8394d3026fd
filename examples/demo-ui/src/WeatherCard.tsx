import type { WeatherReport } from "@crayonai/demo-agent/client";
import type { ToolUIProps } from "@crayonai/react-ui";

/** A weather report as the tool returns it; anything else is not shown as one. */
function isWeatherReport(value: unknown): value is WeatherReport {
  const report = value as Partial<WeatherReport> | null;
  return (
    typeof report?.city === "string" &&
    typeof report.temperatureC === "number" &&
    typeof report.condition === "string"
  );
}

/**
 * The `get_weather` tool's card: the city as the model writes it, then the report. A result
 * that is not a report (untrusted data) falls back to a short line.
 */
export function WeatherCard({
  args,
  status,
  result,
  error,
}: ToolUIProps<{ city: string }, WeatherReport>) {
  const city = typeof args?.city === "string" && args.city ? args.city : "…";
  if (status === "complete" && isWeatherReport(result)) {
    return (
      <section className="demo-card demo-weather" aria-label={`Weather in ${result.city}`}>
        <div className="demo-weather__temperature">{result.temperatureC} °C</div>
        <div>
          <div className="demo-card__title">{result.city}</div>
          <div className="demo-card__muted">
            {result.condition} · humidity {result.humidityPercent}% · wind {result.windKmh} km/h
          </div>
        </div>
      </section>
    );
  }
  const line =
    status === "error"
      ? `The weather in ${city} is not available: ${error ?? "the tool failed"}.`
      : status === "complete"
        ? `The weather service answered for ${city} in a form this card cannot show.`
        : status === "incomplete"
          ? `The weather lookup for ${city} was not finished.`
          : `Looking up the weather in ${city}…`;
  const busy = status === "streaming-args" || status === "running";
  return (
    <section className="demo-card demo-weather" aria-label="Weather" aria-busy={busy}>
      <p className="demo-card__muted">{line}</p>
    </section>
  );
}
