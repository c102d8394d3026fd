import { createContext, useContext } from "react";

/** A rating of a reply: thumbs up, thumbs down, or withdrawn (`null`). */
export type FeedbackRating = "up" | "down" | null;

/** What `onFeedback` receives. */
export type MessageFeedback = {
  /** The rated reply. */
  messageId: string;
  /** Its thread (null for a thread that was never saved). */
  threadId: string | null;
  /** The new rating; `null` when the user took it back. */
  rating: FeedbackRating;
};

/** `CrayonChat`'s `onFeedback`, for the rows' action buttons (absent: no feedback buttons). */
export const FeedbackContext = createContext<
  { onFeedback: (feedback: MessageFeedback) => void; threadId: string | null } | undefined
>(undefined);

export function useFeedback() {
  return useContext(FeedbackContext);
}
