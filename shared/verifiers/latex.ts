// LaTeX wrappers around short answers: `\text{E}`, `\textbf{Paris}`, `$80$`. Linear scans only.
const TEXT_OPEN = "\\text{";

/**
 * Peels `\text{...}` while it wraps the whole string, trimming inside each layer:
 * `\text{ \text{E} }` is `E`. The string itself is not trimmed first (callers decide).
 */
export function stripTextWrappers(s: string): string {
  let start = 0;
  let end = s.length;
  while (end - start >= TEXT_OPEN.length + 1 && s.startsWith(TEXT_OPEN, start) && s.charCodeAt(end - 1) === 125) {
    start += TEXT_OPEN.length;
    end--;
    while (start < end && /\s/.test(s[start]!)) start++;
    while (end > start && /\s/.test(s[end - 1]!)) end--;
  }
  return s.slice(start, end);
}

/**
 * Removes every `<command>{` and its matching `}`, keeping what was inside
 * (`\textbf{Paris}` is `Paris`); an unclosed `<command>{` loses only the opener.
 */
export function unwrapCommand(text: string, command: string): string {
  const opener = `${command}{`;
  if (!text.includes(opener)) return text;
  const drop = new Uint8Array(text.length);
  const open: number[] = [];
  const closeOf = new Map<number, number>();
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "{") open.push(i);
    else if (text[i] === "}") {
      const o = open.pop();
      if (o !== undefined) closeOf.set(o, i);
    }
  }
  for (let at = text.indexOf(opener); at !== -1; at = text.indexOf(opener, at + opener.length)) {
    drop.fill(1, at, at + opener.length);
    const close = closeOf.get(at + opener.length - 1);
    if (close !== undefined) drop[close] = 1;
  }
  let out = "";
  for (let i = 0; i < text.length; i++) if (drop[i] === 0) out += text[i];
  return out;
}
