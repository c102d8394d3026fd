import type { Meta, StoryObj } from "@storybook/react-vite";
import { ChatStory } from "./ChatStory";
import { ATTACHMENT_THREAD, LOGO_URL, TINY_PNG_BASE64 } from "./fixtures";

const meta = {
  title: "CrayonChat/Attachments",
  component: ChatStory,
  args: { type: "standalone", agentName: "Crayon", logoUrl: LOGO_URL },
} satisfies Meta<typeof ChatStory>;

export default meta;
type Story = StoryObj<typeof meta>;

function pngFile(name: string): File {
  const bytes = Uint8Array.from(atob(TINY_PNG_BASE64), (c) => c.charCodeAt(0));
  return new File([bytes], name, { type: "image/png" });
}

/** Drops files on the composer as a user would, and waits for their previews. */
async function dropFiles(files: File[], previews: number): Promise<void> {
  const form = document.querySelector<HTMLFormElement>("form.crayon-composer");
  if (!form) throw new Error("no composer");
  const dataTransfer = new DataTransfer();
  for (const file of files) dataTransfer.items.add(file);
  form.dispatchEvent(new DragEvent("dragover", { dataTransfer, bubbles: true, cancelable: true }));
  form.dispatchEvent(new DragEvent("drop", { dataTransfer, bubbles: true, cancelable: true }));
  while (document.querySelectorAll(".crayon-composer__attachment--ready").length < previews) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}

/**
 * A sent message with an image and a PDF in the user's bubble, and the composer with two files
 * dropped on it (a thumbnail and a file chip, each removable) and one it refused, named with
 * the reason.
 */
export const SentAndPending: Story = {
  args: {
    scripted: {
      threads: [ATTACHMENT_THREAD],
      selectedThreadId: ATTACHMENT_THREAD.threadId,
      setup: () =>
        dropFiles(
          [
            pngFile("march-receipt.png"),
            new File(["%PDF-1.4"], "april-statement.pdf", { type: "application/pdf" }),
            new File(["MZ"], "installer.exe", { type: "application/x-msdownload" }),
          ],
          2,
        ),
    },
  },
};
