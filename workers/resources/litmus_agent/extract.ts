// Where the answer is in the reply, and what value it holds: the row's output_regex first, else
// its answer_format, else use_box_format (boxed, or double parentheses); the last match wins and
// is stripped, then parsed by the answer type.
import type { Item } from "../../../shared/schemas/responses.ts";
import { invalidRequest } from "../../../shared/server/errors.ts";
import { pyStrip } from "../../../shared/verifiers/python_str.ts";
import { lastFormatCapture, type AnswerFormat } from "./formats.ts";
import { parseBool, parseNumeric, type Predicted } from "./rules.ts";

export type AnswerType = "float" | "bool" | "string";

/** Every assistant message's text in the response, joined by newlines and stripped (the reference's reading). */
export function assistantText(output: readonly Item[]): string {
  const texts: string[] = [];
  for (const item of output) {
    if (item.type !== "message" || item.role !== "assistant") continue;
    if (typeof item.content === "string") texts.push(item.content);
    else for (const part of item.content) if ("text" in part && typeof part.text === "string") texts.push(part.text);
  }
  return pyStrip(texts.join("\n"));
}

/**
 * A row's output_regex, a Python pattern with exactly one group, compiled as JavaScript with
 * DOTALL as the reference compiles it. It is the dataset author's pattern, not the model's, so
 * its cost on long replies is the author's to keep linear.
 */
export function compileOutputRegex(source: string): RegExp {
  let pattern: RegExp;
  try {
    pattern = new RegExp(source.replaceAll("(?P<", "(?<").replace(/\(\?P=(\w+)\)/g, "\\k<$1>"), "gs");
  } catch (err) {
    throw invalidRequest([{ path: "output_regex", message: `invalid regex: ${(err as Error).message}` }]);
  }
  const groups = new RegExp(`${pattern.source}|`).exec("")!.length - 1;
  if (groups !== 1) throw invalidRequest([{ path: "output_regex", message: `must have exactly one capture group, has ${groups}` }]);
  return pattern;
}

function lastRegexCapture(text: string, pattern: RegExp): string | null {
  let last: string | null = null;
  for (const m of text.matchAll(pattern)) last = m[1] ?? "";
  return last;
}

export interface Locator {
  output_regex?: string | null;
  answer_format?: AnswerFormat | null;
  use_box_format: boolean;
}

export function predictedValue(text: string, type: AnswerType, where: Locator): Predicted | null {
  const raw =
    where.output_regex != null
      ? lastRegexCapture(text, compileOutputRegex(where.output_regex))
      : lastFormatCapture(text, where.answer_format ?? (where.use_box_format ? "fmt_07" : "fmt_00"));
  if (raw === null) return null;
  const captured = pyStrip(raw);
  if (type === "string") return captured;
  return type === "bool" ? parseBool(captured) : parseNumeric(captured);
}
