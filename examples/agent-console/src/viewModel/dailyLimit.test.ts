import { describe, expect, it, vi } from "vitest";
import { budgetText, DEFAULT_DAILY_LIMIT_USD, dailyLimitStore, parseLimit } from "./dailyLimit";

describe("daily limit", () => {
  it("reads dollar amounts of a cent or more", () => {
    expect(parseLimit("1.5")).toBe(1.5);
    expect(parseLimit(" $2 ")).toBe(2);
    expect(parseLimit("0.104")).toBe(0.1);
    for (const text of ["", "0", "0.001", "-1", "abc"]) expect(parseLimit(text)).toBeUndefined();
  });

  it("keeps the limit across reloads and tells listeners", () => {
    localStorage.clear();
    expect(dailyLimitStore(localStorage).get()).toBe(DEFAULT_DAILY_LIMIT_USD);
    const store = dailyLimitStore(localStorage);
    const listener = vi.fn();
    store.subscribe(listener);
    store.set(0.5);
    expect(listener).toHaveBeenCalledOnce();
    expect(dailyLimitStore(localStorage).get()).toBe(0.5);
  });

  it("gives the share of the limit, and says when the spend is over it", () => {
    expect(budgetText(0.0373, 2)).toBe("1% of the $2.00 daily limit");
    expect(budgetText(2, 2)).toBe("100% of the $2.00 daily limit");
    expect(budgetText(2.5, 2)).toBe("Over the $2.00 daily limit (125%)");
  });
});
