// Reads each request body once, as it enters, into memory: within MAX_BODY_BYTES and a
// BODY_READ_TIMEOUT_MS deadline, so routes only ever see a complete body. A body the connection
// fails to deliver (bad chunk framing surfaces as "Network connection lost") is the caller's
// fault, a 400, not a 500; one that stalls (a huge declared chunk, then silence) is a 408.
import type { MiddlewareHandler } from "hono";
import { HttpError } from "./errors.ts";
import { limitOf } from "./limits.ts";
import type { LimitBindings } from "./limits.ts";

const tooLarge = (maxBytes: number) => new HttpError(413, "body_too_large", `request body exceeds ${maxBytes} bytes`);

async function readAll(body: ReadableStream<Uint8Array>, maxBytes: number, timeoutMs: number): Promise<Uint8Array> {
  const reader = body.getReader();
  // Assigned at once: a promise's executor runs synchronously.
  let timer!: ReturnType<typeof setTimeout>;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HttpError(408, "request_timeout", `request body was not received within ${timeoutMs} ms`)), timeoutMs);
  });
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const read = reader.read().catch((err: unknown) => {
        throw new HttpError(400, "invalid_request", `request body could not be read: ${err instanceof Error ? err.message : String(err)}`);
      });
      const { done, value } = await Promise.race([read, deadline]);
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw tooLarge(maxBytes);
      chunks.push(value);
    }
  } catch (err) {
    // Stop receiving what is left; the answer goes out regardless.
    reader.cancel().catch(() => {});
    throw err;
  } finally {
    clearTimeout(timer);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export function bufferBody(): MiddlewareHandler<{ Bindings: LimitBindings }> {
  return async (c, next) => {
    const raw = c.req.raw;
    // A GET or HEAD body has no meaning and no route reads one: it is left unread, never an error.
    if (!raw.body || raw.method === "GET" || raw.method === "HEAD") return next();
    const maxBytes = limitOf(c.env, "MAX_BODY_BYTES");
    const declared = raw.headers.get("content-length");
    // A declared size over the limit is refused before a byte is read.
    if (declared !== null && !raw.headers.has("transfer-encoding") && Number(declared) > maxBytes) throw tooLarge(maxBytes);
    const bytes = await readAll(raw.body, maxBytes, limitOf(c.env, "BODY_READ_TIMEOUT_MS"));
    c.req.raw = new Request(raw, { body: bytes });
    return next();
  };
}
