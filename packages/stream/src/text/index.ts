// The `@crayonai/stream/text` entry: the plain text of markdown and of messages, for titles,
// previews, search and announcements, shared by the React bindings and the server kit.
export { markdownToPlainText } from "./markdownToPlainText";
export { messagePlainText, PREVIEW_LENGTH, threadPreview } from "./messagePlainText";
