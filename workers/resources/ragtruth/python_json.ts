// Python's json.dumps(value, ensure_ascii=False) of what JSON.parse read: ", " and ": " between
// items, non-ASCII left as it is. Numbers are JavaScript's (a 1.0 in the reply is written 1).
export function pyJsonDumps(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pyJsonDumps).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${pyJsonDumps(item)}`).join(", ")}}`;
  }
  return JSON.stringify(value);
}
