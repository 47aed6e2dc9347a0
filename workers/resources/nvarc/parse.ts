// Reading a reply as NeMo Gym's nvarc does, in linear time: <think>…</think> spans removed, then
// either a grid (transductive: Board.from_text with the digit palette) or a program (inductive:
// the last ```python block, else the last bare ``` block, else the whole text if it defines
// transform). Python's \s and \w are Unicode-aware; the classes below are theirs, not JS's.
import type { Grid } from "./declaration.ts";

/** Python's str whitespace (\s, str.split(), str.strip()): JS's \s has U+FEFF and lacks U+001C–U+001F and U+0085. */
const PY_SPACE = "\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const IS_SPACE = new RegExp(`[${PY_SPACE}]`);
/** Neither Python's \s nor its \w (letters, numbers, underscore): the punctuation Board.from_text drops. */
const NEITHER = new RegExp(`[^${PY_SPACE}\\p{L}\\p{N}_]`, "gu");
/** A run of Python \w. */
const WORD = /[\p{L}\p{N}_]+/gu;
const SPACES = new RegExp(`[${PY_SPACE}]+`);
const EDGES = new RegExp(`^[${PY_SPACE}]+|[${PY_SPACE}]+$`, "g");

export const pyStrip = (text: string) => text.replace(EDGES, "");

/** re.sub(r"<think>.*?</think>", "", text, flags=re.DOTALL).strip() */
export function stripThinking(text: string): string {
  let out = "";
  let from = 0;
  for (;;) {
    const open = text.indexOf("<think>", from);
    if (open < 0) break;
    const close = text.indexOf("</think>", open + "<think>".length);
    if (close < 0) break;
    out += text.slice(from, open);
    from = close + "</think>".length;
  }
  return pyStrip(out + text.slice(from));
}

/** Board.from_text(text, integers palette), valid or undefined (ragged, empty). */
export function parseGrid(reply: string): Grid | undefined {
  let text = stripThinking(reply);
  // r"\\boxed\{(.+)\}" with DOTALL: from the first \boxed{ to the text's last }, at least one character between.
  const open = text.indexOf("\\boxed{");
  const close = text.lastIndexOf("}");
  if (open >= 0 && close > open + "\\boxed{".length) text = text.slice(open + "\\boxed{".length, close);
  // Only single digits survive as words: "12", "x" and "٣" are removed, as the palette is "0".."9".
  text = text.replace(NEITHER, "").replace(WORD, (word) => (word.length === 1 && word >= "0" && word <= "9" ? word : ""));
  const board: Grid = [];
  for (const line of text.split("\n")) {
    const cells = pyStrip(line);
    if (cells) board.push(cells.split(SPACES).map(Number));
  }
  if (board.length === 0 || board[0]!.length === 0) return undefined;
  return board.every((row) => row.length === board[0]!.length) ? board : undefined;
}

/** The last match of re.findall(`${opening}\s*\n(.*?)```), DOTALL), or undefined. */
function lastBlock(text: string, opening: string): string | undefined {
  let last: string | undefined;
  let from = 0;
  for (;;) {
    const at = text.indexOf(opening, from);
    if (at < 0) return last;
    // \s* then \n: the code starts after the last newline of the whitespace run after the opening.
    let end = at + opening.length;
    let start = -1;
    while (end < text.length && IS_SPACE.test(text[end]!)) {
      if (text[end] === "\n") start = end + 1;
      end++;
    }
    if (start < 0) {
      from = at + 1;
      continue;
    }
    const close = text.indexOf("```", start);
    // No closing fence after this opening: none after any later one either.
    if (close < 0) return last;
    last = text.slice(start, close);
    from = close + 3;
  }
}

/** The program of an inductive reply, stripped, or undefined. */
export function extractProgram(reply: string): string | undefined {
  const text = stripThinking(reply);
  const block = lastBlock(text, "```python") ?? lastBlock(text, "```");
  if (block !== undefined) return pyStrip(block);
  return text.includes("def transform") ? pyStrip(text) : undefined;
}
