// A vLLM stand-in on loopback that misbehaves on every completion in one way, for `bench faults`:
// it hangs (accepts, never answers), answers garbage (200, not JSON), answers 500, or cuts its
// answer short (an SSE stream without its end for stream requests, otherwise a 200 JSON body cut
// mid-way under a Content-Length that promised all of it). GET /health answers, as a vLLM that is
// up would: the fault is in the answers, not in whether the server looks alive.
import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const MODES = ["hang", "garbage", "http_500", "truncate"] as const;
export type Mode = (typeof MODES)[number];

const completion = JSON.stringify({
  id: "chatcmpl-fault",
  object: "chat.completion",
  created: 0,
  model: "fake",
  choices: [{ index: 0, message: { role: "assistant", content: "The weather in San Francisco is sunny." }, finish_reason: "stop" }],
  usage: { prompt_tokens: 10, completion_tokens: 8, total_tokens: 18 },
});

const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: "chatcmpl-fault", object: "chat.completion.chunk", created: 0, model: "fake", choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;

export interface FaultUpstream {
  /** The base URL to give as policy_base_url. */
  url: string;
  /** Completion requests received. */
  received(): number;
  /** Requests whose connection is still open: held ones nobody upstream gave up on. */
  open(): number;
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  let text = "";
  for await (const part of req) text += part;
  return text;
}

function misbehave(mode: Mode, stream: boolean, res: ServerResponse): void {
  switch (mode) {
    case "hang":
      return;
    case "garbage":
      res.writeHead(200, { "content-type": "application/json" }).end("<html><body>502 Bad Gateway</body></html> not json {");
      return;
    case "http_500":
      res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ object: "error", message: "internal server error", type: "InternalServerError", code: 500 }));
      return;
    case "truncate":
      if (stream) {
        // Two events, then half of a third, and the connection dies: no [DONE], no chunk terminator.
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.write(chunk("The weather"));
        res.write(chunk(" in San"));
        res.write(chunk(" Francisco").slice(0, 20));
      } else {
        res.writeHead(200, { "content-type": "application/json", "content-length": String(Buffer.byteLength(completion)) });
        res.write(completion.slice(0, Math.floor(completion.length / 2)));
      }
      // Flushed first, so the cut comes after bytes the client has read.
      setTimeout(() => res.destroy(), 50);
  }
}

export async function startFaultUpstream(mode: Mode): Promise<FaultUpstream> {
  let received = 0;
  const open = new Set<ServerResponse>();
  const server = createServer(async (req, res) => {
    open.add(res);
    res.once("close", () => open.delete(res));
    // A caller that gave up mid-body has nothing to be answered.
    const text = await bodyOf(req).catch(() => undefined);
    if (text === undefined) return;
    if (req.method === "GET" && req.url === "/health") {
      res.end();
      return;
    }
    received++;
    let stream = false;
    try {
      stream = JSON.parse(text)?.stream === true;
    } catch {
      // not JSON: answered as a non-stream request
    }
    misbehave(mode, stream, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    received: () => received,
    open: () => open.size,
    close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Held (hanging) answers would keep the server open forever.
      server.closeAllConnections();
      return closed;
    },
  };
}
