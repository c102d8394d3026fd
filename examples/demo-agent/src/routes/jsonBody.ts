import type { Context } from "hono";

/** The request's JSON body, or undefined when it is not valid JSON. */
export async function jsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}
