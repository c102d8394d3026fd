import type { ChatManager, ThreadManager } from "@crayonai/react-core";
import { fakeChat as fakeChatKit } from "@crayonai/react-core/testing";
import { act, type ReactElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import { vi } from "vitest";

// Tests drive React with `act`; this tells React they do.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A rendered tree: its container, a way to re-render and to clean up. */
export type Rendered = {
  container: HTMLElement;
  rerender: (ui: ReactElement) => Promise<void>;
  unmount: () => Promise<void>;
};

/** Renders `ui` into a detached-but-attached container (focus works in it). */
export async function render(ui: ReactElement): Promise<Rendered> {
  const container = document.createElement("div");
  document.body.append(container);
  let root: Root | undefined;
  await act(async () => {
    root = createRoot(container);
    root.render(ui);
  });
  return {
    container,
    rerender: (next) => act(async () => root!.render(next)),
    unmount: async () => {
      await act(async () => root!.unmount());
      container.remove();
    },
  };
}

/** Clicks `element` inside `act`. */
export async function click(element: Element | null): Promise<void> {
  if (!element) throw new Error("nothing to click");
  await act(async () => (element as HTMLElement).click());
}

/** Types `value` into a textarea or input as React sees it. */
export async function typeInto(element: Element | null, value: string): Promise<void> {
  if (!(element instanceof HTMLTextAreaElement || element instanceof HTMLInputElement)) {
    throw new Error("not a text field");
  }
  const prototype = Object.getPrototypeOf(element);
  const setValue = Object.getOwnPropertyDescriptor(prototype, "value")!.set!;
  await act(async () => {
    setValue.call(element, value);
    element.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

/** Presses `key` on `element` inside `act`. */
export async function press(element: Element | null, key: string): Promise<void> {
  if (!element) throw new Error("nothing to press on");
  await act(async () => {
    element.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
  });
}

/** The button whose accessible text (aria-label or content) is `name`. */
export function button(container: HTMLElement, name: string): HTMLButtonElement {
  const found = [...container.querySelectorAll("button")].find(
    (b) => (b.getAttribute("aria-label") ?? b.textContent?.trim()) === name,
  );
  if (!found) throw new Error(`no button "${name}"`);
  return found;
}

/** A chat whose `processMessage` and `stop` are spies, for components that only call them. */
export function fakeChat(thread: Partial<ThreadManager> = {}): ChatManager {
  return fakeChatKit({
    thread: { processMessage: vi.fn(async () => {}), stop: vi.fn(), ...thread },
  });
}

/** Lets React and the stream run until `check` returns a value (polled; fails after 3 s). */
export async function waitFor<T>(check: () => T | null | undefined | false): Promise<T> {
  for (let i = 0; i < 150; i++) {
    const value = check();
    if (value) return value;
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }
  throw new Error("waitFor: the condition never held");
}
