import { describe, expect, it } from "vitest";
import {
  attachmentPart,
  DEFAULT_ACCEPT,
  isAccepted,
  resolveAttachmentOptions,
} from "./attachments";

describe("isAccepted", () => {
  it.each([
    ["photo.PNG", "image/png", true],
    ["report.pdf", "application/pdf", true],
    ["notes.md", "", true],
    ["tool.exe", "application/x-msdownload", false],
    ["page.html", "text/html", false],
  ])("%s (%s) by default: %s", (name, type, accepted) => {
    expect(isAccepted({ name, type }, DEFAULT_ACCEPT)).toBe(accepted);
  });
});

describe("resolveAttachmentOptions", () => {
  it("limits inline files to 4 MB, uploaded ones to 20 MB", () => {
    expect(resolveAttachmentOptions().maxFileSize).toBe(4 * 1024 * 1024);
    const upload = async () => "https://x";
    expect(resolveAttachmentOptions({ uploadAttachment: upload }).maxFileSize).toBe(
      20 * 1024 * 1024,
    );
  });
});

describe("attachmentPart", () => {
  it("carries a data URL as inline data and any other URL as a URL", () => {
    const pdf = { name: "report.pdf", type: "application/pdf" };
    expect(attachmentPart(pdf, "data:application/pdf;base64,JVBERi0=")).toEqual({
      type: "document",
      filename: "report.pdf",
      source: { type: "data", value: "JVBERi0=", mimeType: "application/pdf" },
    });
    expect(attachmentPart(pdf, "https://files.example.com/r.pdf")).toEqual({
      type: "document",
      filename: "report.pdf",
      source: {
        type: "url",
        value: "https://files.example.com/r.pdf",
        mimeType: "application/pdf",
      },
    });
  });

  it("names the type of a file the browser gave none from its extension", () => {
    const part = attachmentPart({ name: "data.csv", type: "" }, "data:;base64,YSxi");
    expect(part.source).toMatchObject({ mimeType: "text/csv" });
  });
});
