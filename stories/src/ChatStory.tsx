import { CrayonChat, type CrayonChatProps } from "@crayonai/react-ui";
import { type UseScriptedChatOptions, useScriptedChat } from "./scriptedChat";

/** Props of {@link ChatStory}: the scripted chat's setup, and CrayonChat's UI props. */
export type ChatStoryProps = Omit<CrayonChatProps, "chat"> & {
  /** Preloaded threads, setup and the message sent on open. */
  scripted?: UseScriptedChatOptions;
};

/** `CrayonChat` driven by the in-memory scripted chat. */
export function ChatStory({ scripted, ...props }: ChatStoryProps) {
  const chat = useScriptedChat(scripted);
  return <CrayonChat chat={chat} {...props} />;
}
