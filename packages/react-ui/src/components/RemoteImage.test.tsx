import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CrayonChat } from "../CrayonChat";
import { createBackend, expectNoAxeViolations, renderWithChat } from "../testing/chatHarness";
import { ImagePolicyProvider } from "./ImagePolicyProvider";
import { Markdown } from "./Markdown";
import { RemoteImage } from "./RemoteImage";

const srcs = () => screen.queryAllByRole("img").map((img) => img.getAttribute("src"));

describe("RemoteImage: images from model output", () => {
  it("loads same-origin and inline raster images at once", () => {
    render(
      <>
        <RemoteImage src={`${location.origin}/chart.png`} alt="chart" />
        <RemoteImage src="data:image/png;base64,iVBORw0KGgo=" alt="inline" />
      </>,
    );
    expect(srcs()).toEqual([`${location.origin}/chart.png`, "data:image/png;base64,iVBORw0KGgo="]);
  });

  it("holds an image from another origin behind a button naming the host, until clicked", () => {
    render(<RemoteImage src="https://tracker.example/p.png?secret=1" alt="pixel" />);
    expect(srcs()).toEqual([]);
    const button = screen.getByRole("button", { name: /Load image from tracker\.example/ });
    fireEvent.click(button);
    expect(srcs()).toEqual(["https://tracker.example/p.png?secret=1"]);
  });

  it("never loads an inline SVG at once, and never renders a javascript: URL", () => {
    render(
      <>
        <RemoteImage src="data:image/svg+xml;base64,PHN2Zz4=" alt="svg" />
        <RemoteImage src="javascript:alert(1)" alt="js" />
      </>,
    );
    expect(srcs()).toEqual([]);
    expect(screen.getAllByRole("button")).toHaveLength(1);
    expect(document.body.innerHTML).not.toContain("javascript:");
  });

  it("loads images from allowed origins, set by a provider or on Markdown", () => {
    render(
      <ImagePolicyProvider allowedImageOrigins={["https://cdn.example"]}>
        <RemoteImage src="https://cdn.example/a.png" alt="a" />
        <RemoteImage src="https://other.example/b.png" alt="b" />
      </ImagePolicyProvider>,
    );
    expect(srcs()).toEqual(["https://cdn.example/a.png"]);
  });

  it("applies to markdown images", () => {
    const { unmount } = render(<Markdown>{"![cat](https://cats.example/cat.png)"}</Markdown>);
    expect(srcs()).toEqual([]);
    expect(screen.getByRole("button", { name: /cats\.example/ })).toBeTruthy();
    unmount();
    render(
      <Markdown allowedImageOrigins={["https://cats.example"]}>
        {"![cat](https://cats.example/cat.png)"}
      </Markdown>,
    );
    expect(srcs()).toEqual(["https://cats.example/cat.png"]);
  });

  it("offers an inline SVG behind a button, and never a javascript: image in markdown", () => {
    render(
      <>
        <RemoteImage src="data:image/svg+xml;base64,PHN2Zz4=" alt="" />
        <Markdown>{"![x](javascript:alert(1)) ![y](JaVaScRiPt:alert(1))"}</Markdown>
      </>,
    );
    expect(srcs()).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Load inline image" }));
    expect(document.querySelector("img")?.getAttribute("src")).toBe(
      "data:image/svg+xml;base64,PHN2Zz4=",
    );
    expect(document.body.innerHTML.toLowerCase()).not.toContain("javascript:");
  });

  it("matches allowed origins as written (case, trailing slash), and nothing else", () => {
    render(
      <ImagePolicyProvider allowedImageOrigins={["https://CDN.example/", "not a url"]}>
        <RemoteImage src="https://cdn.example/a.png" alt="a" />
        <RemoteImage src="http://cdn.example/b.png" alt="b" />
        <RemoteImage src="https://cdn.example.evil.example/c.png" alt="c" />
        <RemoteImage src="https://cdn.example@evil.example/d.png" alt="d" />
      </ImagePolicyProvider>,
    );
    expect(srcs()).toEqual(["https://cdn.example/a.png"]);
    expect(screen.getByRole("button", { name: /Load image from evil\.example d/ })).toBeTruthy();
  });

  it("does not follow a markdown link when its image is loaded", () => {
    render(<Markdown>{"[![logo](https://img.example/l.png)](https://example.com)"}</Markdown>);
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    screen.getByRole("button", { name: /img\.example/ }).dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
  });

  it("takes the allowed origins from CrayonChat, for replies and generated files", async () => {
    const backend = createBackend();
    backend.reply(
      { type: "text-delta", text: "![a](https://cdn.example/a.png) ![b](https://b.example/b.png)" },
      { type: "file", file: { url: "https://cdn.example/c.png", mediaType: "image/png" } },
      { type: "file", file: { url: "https://files.example/d.png", mediaType: "image/png" } },
    );
    const { container } = renderWithChat(backend, (c) => (
      <CrayonChat chat={c} allowedImageOrigins={["https://cdn.example"]} />
    ));
    await userEvent.setup().type(screen.getByLabelText("Message"), "Draw{Enter}");
    const log = screen.getByRole("log", { name: "Messages" });
    await waitFor(() =>
      expect(srcs()).toEqual(["https://cdn.example/a.png", "https://cdn.example/c.png"]),
    );
    expect(within(log).getByRole("button", { name: /Load image from b\.example/ })).toBeTruthy();
    expect(
      within(log).getByRole("button", { name: /Load image from files\.example/ }),
    ).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it("counts a relative URL as the page's own origin, a protocol-relative one as its host", () => {
    render(
      <>
        <Markdown>{"![own](/charts/a.png) ![far](//far.example/b.png)"}</Markdown>
        <RemoteImage src={"\\\\far.example/c.png"} alt="backslashes" />
      </>,
    );
    expect(srcs()).toEqual([`${location.origin}/charts/a.png`]);
    expect(screen.getAllByRole("button", { name: /Load image from far\.example/ })).toHaveLength(2);
  });
});
