import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { ConfirmationDialog } from "./ConfirmationDialog";
import { toolUIProps as props } from "./testing/toolUIProps";
import { WeatherCard } from "./WeatherCard";

afterEach(cleanup);

describe("WeatherCard", () => {
  it("names the city while the model writes it, then shows the report", () => {
    const { rerender } = render(
      <WeatherCard {...props({ args: { city: "Par" }, status: "streaming-args" })} />,
    );
    expect(screen.getByText("Looking up the weather in Par…")).toBeTruthy();
    const report = {
      city: "Paris",
      temperatureC: 21,
      condition: "sunny",
      humidityPercent: 40,
      windKmh: 9,
    };
    rerender(
      <WeatherCard {...props({ args: { city: "Paris" }, status: "complete", result: report })} />,
    );
    expect(screen.getByRole("region", { name: "Weather in Paris" }).textContent).toContain("21 °C");
  });

  it("shows a result that is not a report as a short line, not as a broken card", () => {
    render(
      <WeatherCard
        {...props({ args: { city: "Paris" }, status: "complete", result: "<b>x</b>" })}
      />,
    );
    expect(screen.getByText(/in a form this card cannot show/)).toBeTruthy();
  });
});

describe("ConfirmationDialog", () => {
  const question = { question: "Book it?", confirmLabel: "Book it", cancelLabel: "Not now" };

  it("answers the call with the user's choice", async () => {
    const answered = props({ args: question, status: "awaiting-result" });
    render(<ConfirmationDialog {...answered} />);
    expect(screen.getByRole("group", { name: "Book it?" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Not now" }));
    expect(answered.addResult).toHaveBeenCalledWith({ confirmed: false });
  });

  it("shows the answer once the call has its result", () => {
    render(
      <ConfirmationDialog
        {...props({ args: question, status: "complete", result: { confirmed: true } })}
      />,
    );
    expect(screen.getByText("Confirmed")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });
});
