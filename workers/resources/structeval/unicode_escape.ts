// Python's codecs.decode(text, "unicode_escape"), which StructEval applies to every reply before
// it looks for code: the text is taken as UTF-8 bytes, each byte read as Latin-1 (so non-ASCII
// text comes out as mojibake), and backslash escapes are decoded. A malformed escape raises
// (here: undefined), and the caller keeps the text as it was. \N{name} needs Unicode's name
// table, which is not bundled: it reads as malformed.
const SIMPLE: Record<string, string> = { "\n": "", "\\": "\\", "'": "'", '"': '"', a: "\x07", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v" };
const HEX_WIDTH: Record<string, number> = { x: 2, u: 4, U: 8 };
const isOctal = (b: number | undefined) => b !== undefined && b >= 0x30 && b <= 0x37;
const isHex = (b: number | undefined) => b !== undefined && ((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66));

export function unicodeEscapeDecode(text: string): string | undefined {
  const bytes = new TextEncoder().encode(text);
  const out: string[] = [];
  let run = 0;
  const flush = (to: number) => {
    for (let k = run; k < to; k += 8192) out.push(String.fromCharCode(...bytes.subarray(k, Math.min(to, k + 8192))));
  };
  let i = 0;
  while (i < bytes.length) {
    if (bytes[i] !== 0x5c) {
      i++;
      continue;
    }
    flush(i);
    const next = bytes[i + 1];
    if (next === undefined) return undefined;
    const ch = String.fromCharCode(next);
    if (Object.hasOwn(SIMPLE, ch)) {
      out.push(SIMPLE[ch]!);
      i += 2;
    } else if (isOctal(next)) {
      let end = i + 1;
      while (end < i + 4 && isOctal(bytes[end])) end++;
      out.push(String.fromCodePoint(parseInt(String.fromCharCode(...bytes.subarray(i + 1, end)), 8)));
      i = end;
    } else if (Object.hasOwn(HEX_WIDTH, ch)) {
      const width = HEX_WIDTH[ch]!;
      const digits = bytes.subarray(i + 2, i + 2 + width);
      if (digits.length < width || !digits.every((b) => isHex(b))) return undefined;
      const code = parseInt(String.fromCharCode(...digits), 16);
      if (code > 0x10ffff) return undefined;
      out.push(String.fromCodePoint(code));
      i += 2 + width;
    } else if (ch === "N") {
      return undefined;
    } else {
      // An unknown escape is kept as written, backslash and all.
      out.push("\\");
      i += 1;
    }
    run = i;
  }
  flush(bytes.length);
  return out.join("");
}
