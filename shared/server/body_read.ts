// Reads each request body once, as it enters, into memory: within MAX_BODY_BYTES and a
// BODY_READ_TIMEOUT_MS deadline, so routes only ever see a complete body (but for the few that
// read theirs as it arrives, within the same limits: bodyChunks). A body the connection
// fails to deliver (bad chunk framing surfaces as "Network connection lost") is the caller's
// fault, a 400, not a 500; one that stalls (a huge declared chunk, then silence) is a 408.
import type { Context, MiddlewareHandler } from "hono";
import { HttpError } from "./errors.ts";
import { limitOf } from "./limits.ts";
import type { LimitBindings } from "./limits.ts";

const tooLarge = (maxBytes: number) => new HttpError(413, "body_too_large", `request body exceeds ${maxBytes} bytes`);

const unreadable = (err: unknown) => new HttpError(400, "invalid_request", `request body could not be read: ${err instanceof Error ? err.message : String(err)}`);

/** Rejects with the 408 once `timeoutMs` have passed; `clear` stops it. */
function bodyDeadline(timeoutMs: number): { deadline: Promise<never>; clear(): void } {
  // Assigned at once: a promise's executor runs synchronously.
  let timer!: ReturnType<typeof setTimeout>;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HttpError(408, "request_timeout", `request body was not received within ${timeoutMs} ms`)), timeoutMs);
  });
  return { deadline, clear: () => clearTimeout(timer) };
}

// The deadline is for the whole body, time the consumer takes between chunks included.
async function* chunksOf(body: ReadableStream<Uint8Array>, maxBytes: number, timeoutMs: number): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  const { deadline, clear } = bodyDeadline(timeoutMs);
  let size = 0;
  let ended = false;
  try {
    for (;;) {
      const read = reader.read().catch((err: unknown) => {
        throw unreadable(err);
      });
      const { done, value } = await Promise.race([read, deadline]);
      if (done) {
        ended = true;
        return;
      }
      size += value.byteLength;
      if (size > maxBytes) throw tooLarge(maxBytes);
      yield value;
    }
  } finally {
    clear();
    // Stop receiving what is left; the answer goes out regardless.
    if (!ended) reader.cancel().catch(() => {});
  }
}

/**
 * The request body's chunks as they arrive, within MAX_BODY_BYTES and BODY_READ_TIMEOUT_MS: what
 * bufferBody reads, for the routes that read their body themselves (STREAMED_BODIES in app.ts).
 */
export function bodyChunks(c: Context): AsyncGenerator<Uint8Array> {
  const raw = c.req.raw;
  const maxBytes = limitOf(c.env, "MAX_BODY_BYTES");
  declaredLengthWithin(raw, maxBytes);
  // No body is an empty one, ended at once.
  return chunksOf(raw.body ?? new ReadableStream({ start: (controller) => controller.close() }), maxBytes, limitOf(c.env, "BODY_READ_TIMEOUT_MS"));
}

/**
 * The body's Content-Length, unless it is sent chunked (workerd refuses a length that is no
 * number). A declared size over the limit is refused before a byte is read.
 */
function declaredLengthWithin(raw: Request, maxBytes: number): number | undefined {
  const header = raw.headers.get("content-length");
  const declared = header === null || raw.headers.has("transfer-encoding") ? undefined : Number(header);
  if (declared !== undefined && declared > maxBytes) throw tooLarge(maxBytes);
  return declared;
}

// A body of declared length (most, and every one our own Workers send) is read in one native call
// rather than chunk by chunk in JavaScript: the framing already bounds it, so there is nothing to count.
async function readDeclared(raw: Request, timeoutMs: number): Promise<Uint8Array> {
  const { deadline, clear } = bodyDeadline(timeoutMs);
  try {
    return new Uint8Array(await Promise.race([raw.arrayBuffer().catch((err: unknown) => Promise.reject(unreadable(err))), deadline]));
  } finally {
    clear();
  }
}

/** Buffers every request body but those of the `streamed` paths, which their routes read with bodyChunks. */
export function bufferBody(streamed: ReadonlySet<string>): MiddlewareHandler<{ Bindings: LimitBindings }> {
  return async (c, next) => {
    const raw = c.req.raw;
    // A GET or HEAD body has no meaning and no route reads one: it is left unread, never an error.
    if (!raw.body || raw.method === "GET" || raw.method === "HEAD" || streamed.has(c.req.path)) return next();
    if (declaredLengthWithin(raw, limitOf(c.env, "MAX_BODY_BYTES")) !== undefined) {
      c.req.raw = new Request(raw, { body: await readDeclared(raw, limitOf(c.env, "BODY_READ_TIMEOUT_MS")) });
      return next();
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of bodyChunks(c)) {
      chunks.push(chunk);
      size += chunk.byteLength;
    }
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    c.req.raw = new Request(raw, { body: bytes });
    return next();
  };
}
