import type { ChatManager } from "@crayonai/react-core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { AttachmentOptions } from "../internal/attachments/attachments";
import { createBackend, expectNoAxeViolations, renderWithChat } from "../testing/chatHarness";
import { Composer } from "./Composer";
import { MessageList } from "./MessageList";

const PNG_BYTES = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);
const png = (name = "photo.png", size?: number) => {
  const file = new File([PNG_BYTES], name, { type: "image/png" });
  if (size !== undefined) Object.defineProperty(file, "size", { value: size });
  return file;
};

function chatWith(attachments?: AttachmentOptions | false) {
  const backend = createBackend();
  backend.reply({ type: "text-delta", text: "Got it." });
  const view = renderWithChat(backend, (chat: ChatManager) => (
    <>
      <MessageList chat={chat} />
      <Composer chat={chat} attachments={attachments} />
    </>
  ));
  return { backend, ...view };
}

const attachInput = (container: HTMLElement) =>
  container.querySelector<HTMLInputElement>('input[type="file"]')!;

describe("Composer attachments", () => {
  it("attaches a file with the button, shows it, and sends it as an image part", async () => {
    const user = userEvent.setup();
    const { backend, container } = chatWith();
    await user.click(screen.getByRole("button", { name: "Attach files" }));
    await user.upload(attachInput(container), png());
    const list = screen.getByRole("list", { name: "Attachments" });
    expect(within(list).getByText("photo.png")).toBeTruthy();
    expect(screen.getByText("photo.png attached")).toBeTruthy();
    await within(list).findByText("8 bytes");

    await user.type(screen.getByLabelText("Message"), "What is this?{Enter}");
    await screen.findByText("Got it.");
    expect(backend.requests[0]!.messages).toMatchObject([
      {
        role: "user",
        content: [
          { type: "text", text: "What is this?" },
          {
            type: "image",
            filename: "photo.png",
            source: { type: "data", mimeType: "image/png", value: "iVBORw0KGgo=" },
          },
        ],
      },
    ]);
    // Sent: the composer is empty again, and the user's bubble shows the image.
    expect(screen.queryByRole("list", { name: "Attachments" })).toBeNull();
    expect(screen.getByRole("img", { name: "photo.png" })).toBeTruthy();
  });

  it("sends attachments without text", async () => {
    const user = userEvent.setup();
    const { backend, container } = chatWith();
    await user.upload(attachInput(container), png());
    await screen.findByText("8 bytes");
    await user.click(screen.getByRole("button", { name: "Send message" }));
    await screen.findByText("Got it.");
    const [message] = backend.requests[0]!.messages as { content: { type: string }[] }[];
    expect(message!.content.map((part) => part.type)).toEqual(["image"]);
  });

  it("attaches pasted and dropped files", async () => {
    const { container } = chatWith();
    const input = screen.getByLabelText("Message");
    fireEvent.paste(input, { clipboardData: { files: [png("pasted.png")], types: ["Files"] } });
    await screen.findByText("pasted.png");
    const form = container.querySelector("form")!;
    const dataTransfer = { files: [png("dropped.png")], types: ["Files"] };
    fireEvent.dragOver(form, { dataTransfer });
    expect(screen.getByText("Drop files to attach them")).toBeTruthy();
    fireEvent.drop(form, { dataTransfer });
    await screen.findByText("dropped.png");
    expect(screen.queryByText("Drop files to attach them")).toBeNull();
  });

  it("names each file it refuses, and why", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { container } = chatWith({ maxFiles: 2 });
    await user.upload(attachInput(container), [
      new File(["x"], "tool.exe", { type: "application/x-msdownload" }),
      png("big.png", 5 * 1024 * 1024),
      new File([], "blank.png", { type: "image/png" }),
      png("a.png"),
      png("b.png"),
      png("c.png"),
    ]);
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("tool.exe: this type of file cannot be attached.");
    expect(alert.textContent).toContain("big.png is 5 MB; the limit is 4 MB.");
    expect(alert.textContent).toContain("blank.png is empty.");
    expect(alert.textContent).toContain("c.png: a message can carry at most 2 files.");
    const list = screen.getByRole("list", { name: "Attachments" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
  });

  it("shows a file icon, not a broken picture, for an image the browser cannot decode", async () => {
    const user = userEvent.setup();
    const { container } = chatWith();
    await user.upload(attachInput(container), png("corrupt.png"));
    const item = within(screen.getByRole("list", { name: "Attachments" })).getByRole("listitem");
    const thumbnail = item.querySelector("img");
    expect(thumbnail).not.toBeNull();
    fireEvent.error(thumbnail!);
    expect(item.querySelector("img")).toBeNull();
    expect(item.querySelector(".crayon-composer__file-icon")).not.toBeNull();
    expect(within(item).getByText("corrupt.png")).toBeTruthy();
  });

  it("removes an attachment", async () => {
    const user = userEvent.setup();
    const { container } = chatWith();
    await user.upload(attachInput(container), png());
    await user.click(screen.getByRole("button", { name: "Remove photo.png" }));
    expect(screen.queryByText("photo.png")).toBeNull();
    expect(screen.getByText("photo.png removed")).toBeTruthy();
  });

  it("uploads with uploadAttachment: Send waits for it, and the message carries its URL", async () => {
    const user = userEvent.setup();
    let finish!: (url: string) => void;
    const uploadAttachment = vi.fn(
      () =>
        new Promise<string>((resolve) => {
          finish = resolve;
        }),
    );
    const { backend, container } = chatWith({ uploadAttachment });
    await user.upload(attachInput(container), png());
    await user.type(screen.getByLabelText("Message"), "Look");
    expect(screen.getByText("Uploading…")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send message" })).toHaveProperty("disabled", true);

    finish("https://files.example.com/photo.png");
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Send message" })).toHaveProperty(
        "disabled",
        false,
      ),
    );
    await user.click(screen.getByRole("button", { name: "Send message" }));
    await screen.findByText("Got it.");
    expect(uploadAttachment).toHaveBeenCalledWith(expect.any(File));
    expect(backend.requests[0]!.messages).toMatchObject([
      {
        content: [
          { type: "text", text: "Look" },
          {
            type: "image",
            source: { type: "url", value: "https://files.example.com/photo.png" },
          },
        ],
      },
    ]);
  });

  it("shows a failed upload with Retry, and blocks sending until it is retried or removed", async () => {
    const user = userEvent.setup();
    const uploadAttachment = vi
      .fn<(file: File) => Promise<string>>()
      .mockRejectedValueOnce(new Error("storage is offline"))
      .mockResolvedValueOnce("https://files.example.com/photo.png");
    const { container } = chatWith({ uploadAttachment });
    await user.upload(attachInput(container), png());
    await screen.findByText("Failed");
    expect(screen.getByText("photo.png could not be attached: storage is offline")).toBeTruthy();
    await user.type(screen.getByLabelText("Message"), "Look");
    expect(screen.getByRole("button", { name: "Send message" })).toHaveProperty("disabled", true);
    await user.click(screen.getByRole("button", { name: "Retry photo.png" }));
    await waitFor(() => expect(screen.queryByText("Failed")).toBeNull());
    expect(uploadAttachment).toHaveBeenCalledTimes(2);
  });

  it("offers no attaching with attachments={false}", () => {
    const { container } = chatWith(false);
    expect(screen.queryByRole("button", { name: "Attach files" })).toBeNull();
    expect(attachInput(container)).toBeNull();
  });

  it("is accessible with attachments and an error shown", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { container } = chatWith();
    await user.upload(attachInput(container), [
      png(),
      new File(["x"], "tool.exe", { type: "application/x-msdownload" }),
    ]);
    await screen.findByText("8 bytes");
    await expectNoAxeViolations(container);
  });
});
