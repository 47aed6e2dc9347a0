// Text handling the bbq contract fixes: the `{{name}}` prompt templates, values quoted into them
// as Python's json.dumps writes them (so a prompt reads as the reference's does) with tag
// delimiters escaped, the policy's prompt and answer as the reference reads them, and strict JSON.
import { HttpError } from "../../../shared/server/errors.ts";
import type { Item, ResponsesCreateParams } from "../../../shared/schemas/responses.ts";

const PLACEHOLDER = /\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}/g;

/**
 * `{{name}}` tokens replaced in one pass (inserted text is never read again). The template must
 * name exactly the values given: a missing or unused one is a misconfigured template (500).
 */
export function renderTemplate(template: string, values: Readonly<Record<string, string>>): string {
  const named = new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]!));
  const missing = [...named].filter((name) => !Object.hasOwn(values, name));
  const unused = Object.keys(values).filter((name) => !named.has(name));
  if (missing.length > 0 || unused.length > 0) {
    throw new HttpError(500, "bad_judge_template", `the bbq judge prompt template ${missing.length ? `names values this server does not fill: ${missing.sort().join(", ")}` : `leaves values unused: ${unused.sort().join(", ")}`}`);
  }
  return template.replace(PLACEHOLDER, (_match, name: string) => values[name]!);
}

const escapeChar = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** Python's json.dumps(value, ensure_ascii=True, sort_keys=True) for JSON data. */
function pythonJson(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value).replace(/[^\x20-\x7e]/g, escapeChar);
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${pythonJson(k)}: ${pythonJson((value as Record<string, unknown>)[k])}`).join(", ")}}`;
  }
  if (typeof value === "number" && Number.isInteger(value)) return String(value);
  return JSON.stringify(value ?? null);
}

/** A value quoted into a prompt: JSON, with `<`, `>` and `&` escaped so untrusted text cannot close a tag. */
export const jsonForPrompt = (value: unknown) => pythonJson(value).replace(/[<>&]/g, escapeChar);

type Part = { text?: unknown; refusal?: unknown };

function contentText(content: unknown): string {
  if (typeof content === "string") return content.trim();
  if (!Array.isArray(content)) return "";
  const parts: string[] = [];
  for (const part of content as Part[]) {
    const text = typeof part.text === "string" && part.text ? part.text : part.refusal;
    if (typeof text === "string" && text.trim()) parts.push(text.trim());
  }
  return parts.join("\n").trim();
}

/** Every input message as `ROLE:\ntext`, blank-line separated: what the policy was asked. */
export function policyPrompt(input: ResponsesCreateParams["input"]): string {
  if (typeof input === "string") return input.trim();
  const parts: string[] = [];
  for (const item of input as { role?: unknown; content?: unknown }[]) {
    const text = contentText(item.content);
    if (text) parts.push(`${String(item.role ?? "input").toUpperCase()}:\n${text}`);
  }
  return parts.join("\n\n").trim();
}

/** The last assistant message with any text: the policy's answer (empty when it wrote none). */
export function policyResponse(output: readonly Item[]): string {
  for (const item of [...output].reverse()) {
    if (item.type !== "message" || item.role !== "assistant") continue;
    const text = contentText(item.content);
    if (text) return text;
  }
  return "";
}

/** Whether a JSON text (already parsed fine) writes some object key twice, which JSON.parse hides. */
function repeatsKey(text: string): boolean {
  const stack: (Set<string> | null)[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      const keys = stack.at(-1);
      if (expectKey && keys) {
        const key = JSON.parse(text.slice(i, j + 1)) as string;
        if (keys.has(key)) return true;
        keys.add(key);
      }
      expectKey = false;
      i = j;
    } else if (c === "{") {
      stack.push(new Set());
      expectKey = true;
    } else if (c === "[") {
      stack.push(null);
    } else if (c === "}" || c === "]") {
      stack.pop();
    } else if (c === ",") {
      expectKey = stack.at(-1) != null;
    }
  }
  return false;
}

/** The one JSON object the text is (surrounding whitespace aside); undefined for anything else. */
export function strictJsonObject(text: string): Record<string, unknown> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text.trim());
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  return repeatsKey(text) ? undefined : (value as Record<string, unknown>);
}
