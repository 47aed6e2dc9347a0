// Reading a JSON body against a zod schema: the one place bad input becomes a 400 with field paths.
// Every body is bounded in depth before it is parsed and holds only well-formed text after, so
// nothing downstream (echoes, upstream calls, storage) meets a body it cannot handle. Its numbers
// are read exactly (shared/json/exact.ts): a row's 2^53 + 1 and 2.0 reach the verifier as written.
import type { Context } from "hono";
import type { z } from "../zod.ts";
import { HttpError, invalidRequest, zodIssues } from "./errors.ts";
import { nestsDeeperThan } from "./json_depth.ts";
import { limitOf } from "./limits.ts";
import type { LimitBindings } from "./limits.ts";
import { bodyChunks } from "./body_read.ts";
import { illFormedText } from "./well_formed.ts";
import { parseExact, safeParseExact } from "../json/exact.ts";

/** The parsed body; `whenEmpty`, when given, stands for an empty body instead of refusing it. */
export async function readJson(c: Context, options: { whenEmpty?: unknown } = {}): Promise<unknown> {
  return parseJson(await c.req.text(), c.env, options);
}

function parseJson(text: string, env: LimitBindings | undefined, options: { whenEmpty?: unknown; parse?: (text: string) => unknown } = {}): unknown {
  if (text.trim() === "") {
    if (options.whenEmpty !== undefined) return options.whenEmpty;
    throw new HttpError(400, "invalid_request", "request body is empty; expected a JSON object");
  }
  const maxDepth = limitOf(env, "MAX_JSON_DEPTH");
  if (nestsDeeperThan(text, maxDepth)) throw new HttpError(400, "invalid_request", `request body nests deeper than ${maxDepth} levels (MAX_JSON_DEPTH)`);
  let value: unknown;
  try {
    value = (options.parse ?? parseExact)(text);
  } catch (err) {
    throw new HttpError(400, "invalid_request", `request body is not valid JSON: ${(err as Error).message}`);
  }
  const illFormed = illFormedText(value);
  if (illFormed) throw invalidRequest([illFormed]);
  return value;
}

export function validate<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = safeParseExact(schema, value);
  if (!result.success) throw invalidRequest(zodIssues(result.error));
  return result.data;
}

export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  return validate(schema, await readJson(c));
}

/**
 * As readBody, for a route whose body the middleware leaves unread (STREAMED_BODIES in app.ts): read
 * here as it arrives, within the same limits, into text only (no buffered copy of the bytes). That is
 * a run's verify responses for its statistics: numbers as doubles are what those read.
 */
export async function readStreamedBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of bodyChunks(c)) text += decoder.decode(chunk, { stream: true });
  return validate(schema, parseJson(text + decoder.decode(), c.env, { parse: JSON.parse }));
}
