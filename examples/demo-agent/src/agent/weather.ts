import { demoToolNames } from "./toolNames";

/** What the demo weather tool reports. */
export type WeatherReport = {
  city: string;
  temperatureC: number;
  condition: string;
  humidityPercent: number;
  windKmh: number;
};

const CONDITIONS = ["sunny", "partly cloudy", "overcast", "light rain", "windy", "foggy"];

/**
 * The demo's weather "service": made-up but stable figures derived from the city's name, so
 * the same question always gets the same answer.
 */
export function weatherFor(city: string): WeatherReport {
  const name = city.trim() || "Berlin";
  let hash = 0;
  for (const char of name.toLowerCase()) hash = (hash * 31 + char.charCodeAt(0)) % 100_003;
  return {
    city: name,
    temperatureC: (hash % 30) - 2,
    condition: CONDITIONS[hash % CONDITIONS.length]!,
    humidityPercent: 35 + (hash % 60),
    windKmh: 3 + (hash % 40),
  };
}

/** The weather tool as offered to an OpenAI-compatible model. */
export const weatherToolDefinition = {
  type: "function",
  function: {
    name: demoToolNames.weather,
    description: "Get the current weather for a city.",
    parameters: {
      type: "object",
      properties: { city: { type: "string", description: "The city, e.g. Berlin" } },
      required: ["city"],
      additionalProperties: false,
    },
  },
} as const;

/** Runs the weather tool on JSON-encoded arguments (`{ "city": "…" }`). */
export function runWeatherTool(argumentsJSON: string): WeatherReport {
  let city = "";
  try {
    const parsed: unknown = JSON.parse(argumentsJSON);
    if (parsed && typeof parsed === "object" && "city" in parsed && typeof parsed.city === "string")
      city = parsed.city;
  } catch {
    // Malformed arguments: report the default city rather than fail the demo.
  }
  return weatherFor(city);
}
