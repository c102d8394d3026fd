import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { OpenResponsesRequestBody } from "@crayonai/stream/backends/open-responses";
import OpenAI from "openai";

/**
 * A chat route as OpenAI's documentation writes one, on a loopback port: it passes the body the
 * client sent to `client.responses.create` with `stream: true` (and the model it chooses), and
 * forwards each event as SSE. An error of the API is passed on with its status and body.
 */
export async function responsesRoute(baseURL: string) {
  const client = new OpenAI({ baseURL, apiKey: "test", maxRetries: 0 });
  const server: Server = createServer(async (request, response) => {
    let raw = "";
    for await (const chunk of request) raw += chunk;
    // What openResponsesBackend posts is what `responses.create` takes.
    const body: OpenResponsesRequestBody = JSON.parse(raw);
    try {
      const stream = await client.responses.create({ model: "gpt-test", ...body, stream: true });
      response.writeHead(200, { "content-type": "text/event-stream" });
      for await (const event of stream) {
        response.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      }
      response.end();
    } catch (error) {
      const status = error instanceof OpenAI.APIError ? (error.status ?? 500) : 500;
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { message: String((error as Error).message) } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/chat`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
