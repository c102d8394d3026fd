import { defineTool } from "@crayonai/react-core";
import { toolUIsFor } from "@crayonai/react-ui";
import type { ToolCall } from "@crayonai/stream";
import { z } from "zod";
import type { PreloadedThread } from "./scriptedChat";

// A client tool typed once from a zod schema, and its UI typed from it with no annotation.

const bookHotel = defineTool({
  name: "book_hotel",
  description: "Books a hotel room once the user confirms",
  schema: z.object({
    city: z.string().trim().min(1),
    nights: z.number().int().min(1).default(1),
  }),
});

/** `book_hotel`'s UI: the validated booking with Confirm, or what the model got wrong. */
export const bookHotelToolUIs = toolUIsFor([bookHotel], {
  book_hotel: ({ args, argsIssues, status, result, addResult }) => {
    if (argsIssues) {
      return (
        <section className="demo-card" aria-label="Booking request">
          <p className="demo-card__title">The booking request was invalid</p>
          {argsIssues.map((issue) => (
            <p key={`${issue.path}:${issue.message}`} className="demo-card__muted">
              {issue.path ? `${issue.path}: ` : ""}
              {issue.message}
            </p>
          ))}
        </section>
      );
    }
    const nights = args?.nights === 1 ? "1 night" : `${args?.nights ?? "…"} nights`;
    return (
      <section className="demo-card" aria-label="Booking request">
        <p className="demo-card__title">
          {args?.city ?? "…"} · {nights}
        </p>
        {status === "awaiting-result" ? (
          <button type="button" className="crayon-button" onClick={() => addResult("booked")}>
            Confirm booking
          </button>
        ) : (
          <p className="demo-card__muted">{result === undefined ? "…" : "Booked"}</p>
        )}
      </section>
    );
  },
});

const NOW = Date.UTC(2025, 0, 15, 12);

/** A call of `book_hotel` with `args` as the model wrote them. */
function bookingCall(id: string, args: object): ToolCall {
  return {
    id,
    type: "function",
    function: { name: bookHotel.name, arguments: JSON.stringify(args) },
  };
}

/** A reply calling `book_hotel` twice: once as the schema wants (the default applied), once not. */
export const BOOK_HOTEL_THREAD: PreloadedThread = {
  threadId: "t_typed_tools",
  title: "Hotels",
  createdAt: NOW,
  messages: [
    { id: "typed_u1", role: "user", content: "A hotel in Lyon, and one in Nice for zero nights." },
    {
      id: "typed_a1",
      role: "assistant",
      status: "complete",
      content: "Here are both bookings for you to confirm.",
      toolCalls: [
        bookingCall("typed_c1", { city: " Lyon " }),
        bookingCall("typed_c2", { city: "Nice", nights: 0 }),
      ],
    },
  ],
};
