// Type tests: `tsc` (the typecheck step) checks them; at run time they only assert shapes.
import type { Message } from "@crayonai/stream";
import { agUIMessageConverter } from "@crayonai/stream/converters/ag-ui";
import { type OpenAIChatMessage, openAIMessageConverter } from "@crayonai/stream/converters/openai";
import { vercelUIMessageConverter } from "@crayonai/stream/converters/vercel";
import { describe, expectTypeOf, it } from "vitest";
import type { ChatManager, LoadedThread } from "../types";
import { createChat } from "../vanilla";
import { useChat } from "./useChat";

const reply = async () => new Response("");
declare function storedOpenAI(threadId: string): Promise<OpenAIChatMessage[]>;
declare function storedCrayon(threadId: string): Promise<Message[]>;

describe("useChat<TExternal> infers the backend's message type from the converter", () => {
  it("OpenAI: requests carry OpenAI messages, loadThread returns them", () => {
    const render = () =>
      useChat({
        messageConverter: openAIMessageConverter(),
        processMessage: async (request) => {
          expectTypeOf(request.messages).toEqualTypeOf<OpenAIChatMessage[]>();
          return reply();
        },
        loadThread: (threadId) => storedOpenAI(threadId),
      });
    expectTypeOf(render).returns.toEqualTypeOf<ChatManager>();
  });

  it("a loadThread returning something else than the converter's type is an error", () => {
    const render = () =>
      // @ts-expect-error: loadThread gives Crayon messages, the converter reads OpenAI ones
      useChat({
        messageConverter: openAIMessageConverter(),
        processMessage: reply,
        loadThread: (threadId) => storedCrayon(threadId),
      });
    expectTypeOf(render).returns.toEqualTypeOf<ChatManager>();
  });

  it("AG-UI and Vercel converters type the request the same way", () => {
    const agUI = agUIMessageConverter();
    const vercel = vercelUIMessageConverter();
    type AgUIMessage = ReturnType<typeof agUI.toExternal>[number];
    type UIMessage = ReturnType<typeof vercel.toExternal>[number];
    const render = () => {
      useChat({
        messageConverter: agUI,
        processMessage: async ({ messages }) => {
          expectTypeOf(messages).toEqualTypeOf<AgUIMessage[]>();
          return reply();
        },
      });
      useChat({
        messageConverter: vercel,
        processMessage: async ({ messages }) => {
          expectTypeOf(messages).toEqualTypeOf<UIMessage[]>();
          return reply();
        },
        loadThread: async (): Promise<LoadedThread<UIMessage>> => ({ messages: [] }),
      });
    };
    expectTypeOf(render).returns.toBeVoid();
  });

  it("without a converter, the messages are Crayon's own", () => {
    const render = () =>
      useChat({
        processMessage: async ({ messages }) => {
          expectTypeOf(messages).toEqualTypeOf<Message[]>();
          return reply();
        },
      });
    expectTypeOf(render).returns.toEqualTypeOf<ChatManager>();
  });

  it("createChat infers the same way", () => {
    const chat = createChat({
      messageConverter: openAIMessageConverter(),
      processMessage: async ({ messages }) => {
        expectTypeOf(messages).toEqualTypeOf<OpenAIChatMessage[]>();
        return reply();
      },
    });
    expectTypeOf(chat.setOptions).parameter(0).toHaveProperty("loadThread");
  });
});
