/**
 * The attribute the screenshot check waits for: `data-story-settled="true"` on `<html>` once a
 * story has reached the state it shows.
 */
export const STORY_SETTLED_ATTRIBUTE = "data-story-settled";

/** Marks the story as still getting to its state. */
export function markStoryBusy(): void {
  document.documentElement.setAttribute(STORY_SETTLED_ATTRIBUTE, "false");
}

/** Marks the story as settled, after two frames so the last streamed update has rendered. */
export function markStorySettled(): void {
  requestAnimationFrame(() =>
    requestAnimationFrame(() =>
      document.documentElement.setAttribute(STORY_SETTLED_ATTRIBUTE, "true"),
    ),
  );
}
