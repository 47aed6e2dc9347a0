// Reading a turn's moves as NeMo Gym's grl_tetris reads them: every `<action>…</action>` tag of
// the reply's text (each message's output text joined as is), in order, holding Left, Right or
// Down in any case, or 0-2, with Python's whitespace around it. Python's case folding also lets a
// dotted or dotless Turkish i stand for the i of Right, but such a tag then names no move and is
// skipped, which is what leaving it unmatched does. Linear: a match can only start at `<action>`.
const SPACE = "[\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
const TAG = new RegExp(`<action>${SPACE}*(left|right|down|[0-2])${SPACE}*</action>`, "giu");
const IDS: Record<string, number> = { left: 0, right: 1, down: 2, "0": 0, "1": 1, "2": 2 };

/** The action ids of the reply's tags, in order (0 Left, 1 Right, 2 Down). */
export function parseActions(text: string): number[] {
  return Array.from(text.matchAll(TAG), (match) => IDS[match[1]!.toLowerCase()]!);
}
