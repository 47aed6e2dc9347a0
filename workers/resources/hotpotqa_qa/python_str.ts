// Python's str() of a value json.loads produced, as the reference turns a non-string answer into
// text: True/False/None, lists and objects in Python's repr. Numbers are JavaScript's (a JSON 5.0
// reads as 5; Python would write 5.0), the one place the parse loses what Python keeps.
function reprString(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = "";
  for (const ch of text) {
    if (ch === "\\" || ch === quote) out += `\\${ch}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (ch < " " || ch === "\x7f") out += `\\x${ch.charCodeAt(0).toString(16).padStart(2, "0")}`;
    else out += ch;
  }
  return quote + out + quote;
}

function repr(value: unknown): string {
  if (typeof value === "string") return reprString(value);
  if (Array.isArray(value)) return `[${value.map(repr).join(", ")}]`;
  if (value !== null && typeof value === "object") return `{${Object.entries(value).map(([k, v]) => `${reprString(k)}: ${repr(v)}`).join(", ")}}`;
  return pyStr(value);
}

export function pyStr(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === true) return "True";
  if (value === false) return "False";
  if (value === null) return "None";
  if (typeof value === "number") return String(value);
  return repr(value);
}
