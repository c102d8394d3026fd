import { isRecord } from "../../internal/jsonData";

/** The human-readable text of an OpenAI-style `error` value (`{ message }`, a string, or anything). */
export function errorMessage(error: unknown): string {
  if (typeof error === "string") return error;
  if (isRecord(error) && typeof error.message === "string") return error.message;
  return JSON.stringify(error) ?? "The server reported an error.";
}
