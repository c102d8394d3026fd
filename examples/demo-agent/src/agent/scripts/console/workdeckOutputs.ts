// The Workdeck agents' scripted outputs. They are read from each card's instruction, so an
// edited instruction changes what the card (and the cards that use its output) produce.

/** Which temperatures the fetch task's instruction asks for. */
export type Dataset = { year: number; measure: "high" | "low" | "mean"; days: number };

/** Where the weather station is, as the station task's instruction asks to describe it. */
export type Station = { place: string; elevationM: number; missingDays: number; coastKm?: number };

const RANGES: Record<Dataset["measure"], string> = {
  high: "8.9 °C to 31.1 °C",
  low: "3.8 °C to 15.6 °C",
  mean: "7.2 °C to 21.9 °C",
};

const FITS: Record<Dataset["measure"], { amplitude: number; offset: number; r2: number }> = {
  high: { amplitude: 4.1, offset: 18.3, r2: 0.81 },
  low: { amplitude: 3.2, offset: 10.4, r2: 0.86 },
  mean: { amplitude: 3.6, offset: 14.2, r2: 0.84 },
};

const NUMBER_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6 };

/** The year, measure (daily highs by default) and day count an instruction asks for. */
export function datasetOf(prompt: string): Dataset {
  const year = Number(/\b(19\d{2}|20\d{2})\b/.exec(prompt)?.[1] ?? 2025);
  const measure = /\blows?\b|\bminimum/i.test(prompt)
    ? "low"
    : /\bmean\b|\baverage\b/i.test(prompt)
      ? "mean"
      : "high";
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return { year, measure, days: leap ? 366 : 365 };
}

/** The station an instruction describes: downtown by default, the airport when it says so. */
export function stationOf(prompt: string): Station {
  const station: Station = /\bairport\b|\bSFO\b/i.test(prompt)
    ? { place: "SFO airport", elevationM: 3, missingDays: 1 }
    : { place: "Downtown SF", elevationM: 45, missingDays: 2 };
  if (/\bcoast/i.test(prompt)) station.coastKm = station.place === "SFO airport" ? 6.1 : 4.8;
  return station;
}

const days = (count: number) => `${count} missing day${count === 1 ? "" : "s"}`;

/** The fetch task's output for `data`. */
export function temperaturesOutput(data: Dataset): string {
  return `${data.days} daily ${data.measure}s for ${data.year}, ${RANGES[data.measure]} (artifact temps-${data.year}-${data.measure}s.csv).`;
}

/** The station task's output. */
export function stationOutput(station: Station): string {
  const coast = station.coastKm === undefined ? "" : `, ${station.coastKm} km from the coast`;
  return `${station.place}, ${station.elevationM} m elevation${coast}, ${days(station.missingDays)} (interpolated).`;
}

/** The spreadsheet task's output: Google Sheets unless the instruction says Excel. */
export function sheetOutput(prompt: string, data: Dataset): string {
  const kind = /\bexcel\b/i.test(prompt) ? "Excel workbook" : "Sheet";
  const average = /\b(\d+)-day\b/.exec(prompt)?.[1] ?? "7";
  return `${kind} 'SF ${data.year} ${data.measure}s' with ${data.days} rows and a ${average}-day average column.`;
}

/** The fit task's output: a sine by default, a line or two harmonics when asked. */
export function fitOutput(prompt: string, data: Dataset): string {
  const fit = FITS[data.measure];
  const on = `on the ${data.year} daily ${data.measure}s`;
  if (/\blinear\b/i.test(prompt)) {
    return `Linear trend ${on}: +0.02 °C per day, R² = 0.07 (a line does not fit a season; artifact fit-${data.year}.png).`;
  }
  if (/\btwo harmonics\b|\bsemi-annual\b/i.test(prompt)) {
    return `Two harmonics ${on}: A₁ = ${fit.amplitude} °C, A₂ = 0.9 °C, C = ${fit.offset} °C, R² = ${(fit.r2 + 0.06).toFixed(2)} (artifact fit-${data.year}.png).`;
  }
  return `Sine ${on}: A = ${fit.amplitude} °C, φ = −1.92 rad, C = ${fit.offset} °C, R² = ${fit.r2} (artifact fit-${data.year}.png).`;
}

/** The report task's output: bullet points or a PDF when asked. */
export function reportOutput(prompt: string, data: Dataset, station: Station): string {
  const bullets = /\b(\d+|two|three|four|five|six) bullet/i.exec(prompt)?.[1];
  const file = /\bpdf\b/i.test(prompt) ? "report.pdf" : "report.md";
  const topic = `the ${data.year} daily ${data.measure}s at ${station.place}`;
  if (bullets) {
    const count = NUMBER_WORDS[bullets.toLowerCase()] ?? Number(bullets);
    return `${file}: ${count} bullet points on ${topic} (fit, season, ${days(station.missingDays)}).`;
  }
  return `${file}: plot, coefficients table and a note on the ${days(station.missingDays)} for ${topic}.`;
}
