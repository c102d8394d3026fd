import { useEffect } from "react";
import { ChatStory, type ChatStoryProps } from "../ChatStory";
import { STORY_SETTLED_ATTRIBUTE } from "../storySettled";
import { FAKE_MCP_APPS } from "./fakeEndpoint";

/** Props of {@link McpAppStory}: a scripted chat's, and what the story waits for. */
export type McpAppStoryProps = ChatStoryProps & {
  /** How many app cards the story shows (loaded apps, or notices of apps that cannot load). Default 1. */
  apps?: number;
  /** An element the story shows once it has reached its state. */
  readyWhen?: string;
};

/**
 * `count` app cards have loaded their app (or shown why they cannot), and no reply streams (an
 * app's message gets one).
 */
const appsLoaded = (count: number) =>
  document.querySelectorAll(".crayon-mcp-app, .crayon-mcp-app__error").length >= count &&
  document.querySelector(".crayon-mcp-app--loading, .crayon-mcp-app__state") === null &&
  document.querySelector('[aria-label="Stop generating"]') === null;

/**
 * `CrayonChat` with MCP Apps from the fake routes. The story counts as settled only once the
 * scripted chat has and the apps have loaded: until `readyWhen` matches an element (and no card
 * is loading), a settled mark is taken back at once, before the screenshot check can see it.
 */
export function McpAppStory({ apps = 1, readyWhen, ...props }: McpAppStoryProps) {
  useEffect(() => {
    const root = document.documentElement;
    const ready = () =>
      appsLoaded(apps) && (!readyWhen || document.querySelector(readyWhen) !== null);
    const hold = () => {
      if (root.getAttribute(STORY_SETTLED_ATTRIBUTE) === "true" && !ready()) {
        root.setAttribute(STORY_SETTLED_ATTRIBUTE, "false");
        waiting = true;
      } else if (waiting && ready()) {
        waiting = false;
        root.setAttribute(STORY_SETTLED_ATTRIBUTE, "true");
      }
    };
    let waiting = false;
    const observer = new MutationObserver(hold);
    observer.observe(root, { attributes: true, childList: true, subtree: true });
    return () => observer.disconnect();
  }, [apps, readyWhen]);
  return <ChatStory mcpApps={FAKE_MCP_APPS} {...props} />;
}
