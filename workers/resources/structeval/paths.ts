// Whether a dot path exists in a parsed answer, as StructEval checks it: `.` separates keys
// (not inside backticks), `[n]` indexes a list, `*` is any item of a list, `@name` falls back to
// the key `name`, and a whole path `csv::name` asks for a CSV header.
import { pyInt } from "../../../shared/structured_text/py_numbers.ts";

/** The path's tokens, or undefined when a '[' is never closed. */
export function tokenizePath(path: string): string[] | undefined {
  if (path.startsWith("csv::")) return [path];
  const tokens: string[] = [];
  let buf = "";
  let quoted = false;
  for (let i = 0; i < path.length; i++) {
    const ch = path[i]!;
    if (ch === "`") quoted = !quoted;
    else if (ch === "." && !quoted) {
      if (buf) tokens.push(buf);
      buf = "";
    } else if (ch === "[" && !quoted) {
      if (buf) tokens.push(buf);
      buf = "";
      const close = path.indexOf("]", i);
      if (close === -1) return undefined;
      tokens.push(path.slice(i, close + 1));
      i = close;
    } else buf += ch;
  }
  if (buf) tokens.push(buf);
  return tokens;
}

/** A mapping as Python sees a dict: YAML gives Maps, the other parsers plain objects (a TOML date is neither). */
function lookup(node: unknown, key: string): { found: boolean; value?: unknown } {
  if (node instanceof Map) return node.has(key) ? { found: true, value: node.get(key) } : { found: false };
  if (isDict(node)) return Object.hasOwn(node, key) ? { found: true, value: node[key] } : { found: false };
  return { found: false };
}

function isDict(node: unknown): node is Record<string, unknown> {
  if (node === null || typeof node !== "object" || Array.isArray(node)) return false;
  const proto = Object.getPrototypeOf(node);
  return proto === Object.prototype || proto === null;
}

/** Python's `name in container` for the containers a csv_headers value can be. */
function pyIn(name: string, container: unknown): boolean {
  if (typeof container === "string") return container.includes(name);
  if (Array.isArray(container)) return container.some((item) => item === name);
  return container instanceof Map || isDict(container) ? lookup(container, name).found : false;
}

function walk(node: unknown, tokens: readonly string[], at: number): boolean {
  if (at === tokens.length) return true;
  const token = tokens[at]!;
  const isMapping = node instanceof Map || isDict(node);
  if (isMapping && token.startsWith("csv::")) {
    const headers = lookup(node, "csv_headers");
    if (headers.found) return pyIn(token.slice(5), headers.value || []) && at === tokens.length - 1;
  }
  if (token === "*") return Array.isArray(node) && node.some((item) => walk(item, tokens, at + 1));
  if (token.startsWith("[") && token.endsWith("]")) {
    const index = pyInt(token.slice(1, -1));
    return index !== undefined && Array.isArray(node) && index >= 0 && index < node.length && walk(node[index], tokens, at + 1);
  }
  if (!isMapping) return false;
  const direct = lookup(node, token);
  if (direct.found) return walk(direct.value, tokens, at + 1);
  // XML attributes are "@name" keys; a path may name them with or without the "@".
  if (token.startsWith("@")) {
    const attribute = lookup(node, token.slice(1));
    if (attribute.found) return walk(attribute.value, tokens, at + 1);
  }
  return false;
}

export const pathExists = (data: unknown, path: string): boolean => walk(data, tokenizePath(path) ?? [], 0);
