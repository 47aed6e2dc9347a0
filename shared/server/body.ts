// Reading a JSON body against a zod schema: the one place bad input becomes a 400 with field paths.
import type { Context } from "hono";
import type { z } from "../zod.ts";
import { HttpError, invalidRequest, zodIssues } from "./errors.ts";

export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") throw new HttpError(400, "invalid_request", "request body is empty; expected a JSON object");
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new HttpError(400, "invalid_request", `request body is not valid JSON: ${(err as Error).message}`);
  }
}

export function validate<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidRequest(zodIssues(result.error));
  return result.data;
}

export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  return validate(schema, await readJson(c));
}
