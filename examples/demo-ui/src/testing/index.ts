/** Test helpers for the examples: rendering with `act`, a fake chat, and tool UI props. */
export * from "./render";
export { toolUIProps } from "./toolUIProps";
