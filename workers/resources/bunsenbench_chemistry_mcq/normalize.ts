// Chemistry text compared as written: HTML entities decoded, NFKC, sub- and superscript digits
// and charges, dashes, multiplication signs, dots and micro signs as plain ASCII, format
// characters dropped, whitespace collapsed. "H₂O" is "H2O", "SO₄²⁻" is "SO42-".

const PLAIN: Record<string, string> = {
  "₀": "0", "₁": "1", "₂": "2", "₃": "3", "₄": "4", "₅": "5", "₆": "6", "₇": "7", "₈": "8", "₉": "9",
  "⁰": "0", "¹": "1", "²": "2", "³": "3", "⁴": "4", "⁵": "5", "⁶": "6", "⁷": "7", "⁸": "8", "⁹": "9",
  "⁺": "+", "⁻": "-", "₊": "+", "₋": "-", "＋": "+", "−": "-", "–": "-", "—": "-", "‒": "-", "‑": "-",
  "×": "x", "✕": "x", "·": ".", "∙": ".", "⋅": ".", "•": ".", "µ": "u", "μ": "u", "⁄": "/", "∕": "/",
};
const PLAIN_CHARS = new RegExp(`[${Object.keys(PLAIN).join("")}]`, "gu");

// The entities chemistry text uses; numeric references of any code point.
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0", times: "×", middot: "·", minus: "−", deg: "°", sup1: "¹", sup2: "²", sup3: "³", plusmn: "±", micro: "µ", rarr: "→", larr: "←", harr: "↔" };
const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,7}));/g;

function unescapeHtml(text: string): string {
  return text.replace(ENTITY, (whole, dec?: string, hex?: string, name?: string) => {
    if (name !== undefined) return NAMED[name] ?? whole;
    const code = Number.parseInt(dec ?? hex!, dec !== undefined ? 10 : 16);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : "\ufffd";
  });
}

export function normalizeChemistry(value: string): string {
  const plain = unescapeHtml(value).normalize("NFKC").replace(PLAIN_CHARS, (ch) => PLAIN[ch]!).replace(/\p{Cf}/gu, "");
  return plain.split(/[\s\x1c-\x1f\x85]+/).filter(Boolean).join(" ");
}
