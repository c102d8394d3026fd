// @vitest-environment node
import { expect, it, vi } from "vitest";

it("loadHistoryRevisions tries again after a failed load", async () => {
  vi.resetModules();
  let loads = 0;
  vi.doMock("./thread/historyRevisions", async (importOriginal) => {
    loads++;
    if (loads === 1) throw new Error("offline");
    return importOriginal();
  });
  try {
    const { loadHistoryRevisions } = await import("./onDemand");
    await expect(loadHistoryRevisions()).rejects.toMatchObject({
      name: "ChatError",
      code: "network",
    });
    const revisions = await loadHistoryRevisions();
    expect(typeof revisions.regenerateEdit).toBe("function");
    expect(loads).toBe(2);
  } finally {
    vi.doUnmock("./thread/historyRevisions");
    vi.resetModules();
  }
});
