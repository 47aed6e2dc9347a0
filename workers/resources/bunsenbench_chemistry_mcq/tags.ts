// XML-like blocks (`<choice>...</choice>`, case-insensitive, attributes allowed, spaces inside the
// brackets allowed), found left to right without overlap the way a lazy regex scan pairs them,
// in linear time: the next `>` and each name's next closing tag are cached, so an opening tag
// that never closes does not send a scan to the end of the text again.

export interface Block {
  name: string;
  start: number;
  end: number;
  content: string;
}

const WORD = /[\p{L}\p{N}_]/u;

export function blocks(text: string, names: readonly string[]): Block[] {
  const open = new RegExp(`<\\s*(${names.join("|")})`, "giu");
  let gt = -1;
  const closes = new Map<string, { from: number; at: RegExpExecArray | null }>();
  const closing = (name: string, from: number) => {
    const cached = closes.get(name);
    if (cached && cached.from <= from && (cached.at === null || cached.at.index >= from)) return cached.at;
    const close = new RegExp(`<\\s*/\\s*${name}\\s*>`, "giu");
    close.lastIndex = from;
    const at = close.exec(text);
    closes.set(name, { from, at });
    return at;
  };
  const found: Block[] = [];
  let from = 0;
  for (const m of text.matchAll(open)) {
    const nameEnd = m.index + m[0].length;
    if (m.index < from || WORD.test(text[nameEnd] ?? "")) continue;
    if (gt < nameEnd) gt = text.indexOf(">", nameEnd);
    if (gt === -1) break;
    const close = closing(m[1]!.toLowerCase(), gt + 1);
    if (close === null) continue;
    found.push({ name: m[1]!.toLowerCase(), start: m.index, end: close.index + close[0].length, content: text.slice(gt + 1, close.index) });
    from = close.index + close[0].length;
  }
  return found;
}

/** Blocks of `name` outside every `<choices>...</choices>` list (the prompt's options echoed back are not an answer). */
export function outsideChoiceLists(text: string, found: readonly Block[], name: string): Block[] {
  const lists = blocks(text, ["choices"]);
  return found.filter((b) => b.name !== name || !lists.some((l) => l.start <= b.start && b.start < l.end));
}
