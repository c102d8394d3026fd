import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
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
});
