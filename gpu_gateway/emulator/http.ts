// node:http plumbing: bounded body reading and writing JSON, plain text or a finished SSE stream.
import type { IncomingMessage, ServerResponse } from "node:http";
import { ApiError } from "./errors.ts";

export type Reply = { status?: number; json: unknown } | { sse: string } | { text: string };

function tooLarge(limit: number): ApiError {
  return new ApiError(413, `request body exceeds ${limit} bytes`, { code: "request_too_large" });
}

/** The parsed JSON body; 413 past `limit` bytes (the rest is drained so the client sees the answer). */
export function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers["content-length"]) > limit) {
      req.resume();
      reject(tooLarge(limit));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      if (size > limit) return;
      size += chunk.length;
      if (size > limit) reject(tooLarge(limit));
      else chunks.push(chunk);
    });
    req.on("error", reject);
    req.on("end", () => {
      if (size > limit) return;
      const text = Buffer.concat(chunks, size).toString("utf8");
      if (text.trim() === "") return reject(new ApiError(400, "request body is empty; expected a JSON object"));
      try {
        resolve(JSON.parse(text));
      } catch (err) {
        reject(new ApiError(400, `request body is not valid JSON: ${(err as Error).message}`));
      }
    });
  });
}

export function send(res: ServerResponse, reply: Reply): void {
  if ("text" in reply) {
    res.writeHead(200, { "content-type": "text/plain; version=0.0.4; charset=utf-8", "content-length": Buffer.byteLength(reply.text) });
    res.end(reply.text);
    return;
  }
  if ("sse" in reply) {
    res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
    res.end(reply.sse);
    return;
  }
  const body = JSON.stringify(reply.json);
  res.writeHead(reply.status ?? 200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
}
