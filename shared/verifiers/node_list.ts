// OpenAI graphwalks' answer format, as NeMo Gym's graphwalks and lc_niah grade it: the last
// non-empty line holds `Final Answer: [n1, n2, ...]`; the reward is F1 between the node sets.
import { isPySpace, pyStrip } from "./python_str.ts";

const LABEL = "Final Answer:";

export interface NodeList {
  nodes: string[];
  /** No `Final Answer: [..]` on the last non-empty line (an explicit `[]` is not a failure). */
  parseFailed: boolean;
}

function lastNonEmptyLine(text: string): string | undefined {
  const lines = pyStrip(text).split("\n");
  return lines.findLast((line) => pyStrip(line) !== "");
}

/**
 * What `Final Answer:\s*\[(.*)\]` captures in a line: from the first label followed by `[` up to
 * the line's last `]` (the greedy capture). Found by index scans, not a backtracking regex, so a
 * line of many unclosed labels costs linear time.
 */
function bracketContent(line: string): string | undefined {
  const close = line.lastIndexOf("]");
  for (let at = line.indexOf(LABEL); at !== -1 && close !== -1; at = line.indexOf(LABEL, at + 1)) {
    let open = at + LABEL.length;
    while (open < line.length && isPySpace(line[open]!)) open++;
    if (line[open] !== "[") continue;
    return open < close ? line.slice(open + 1, close) : undefined;
  }
  return undefined;
}

/** The nodes, each item stripped (by `clean`); empty items dropped. */
export function parseNodeList(text: string, clean: (item: string) => string = pyStrip): NodeList {
  const line = lastNonEmptyLine(text);
  const content = line === undefined ? undefined : bracketContent(line);
  if (content === undefined) return { nodes: [], parseFailed: true };
  if (pyStrip(content) === "") return { nodes: [], parseFailed: false };
  return { nodes: content.split(",").map(clean).filter((item) => item !== ""), parseFailed: false };
}

/**
 * `set(json.loads(expected_answer))` as keys comparable with a predicted node's key: a list's
 * items (a number equals no node string but counts in the set; 1, 1.0 and true are one item), a
 * string's characters, an object's keys; empty when it is not JSON, has no set, or holds lists
 * or objects (unhashable in Python).
 */
export function expectedNodeKeys(expectedAnswer: string): Set<string> {
  let value: unknown;
  try {
    value = JSON.parse(expectedAnswer);
  } catch {
    return new Set();
  }
  const items: unknown[] = Array.isArray(value) ? value : typeof value === "string" ? Array.from(value) : value !== null && typeof value === "object" ? Object.keys(value) : [];
  if (items.some((item) => item !== null && typeof item === "object")) return new Set();
  return new Set(items.map((item) => (typeof item === "string" ? nodeKey(item) : item === null ? "null" : `#${Number(item)}`)));
}

export const nodeKey = (node: string): string => `s${node}`;

/** F1 between the sets: 0 on a parse failure, 1 when both are empty, 0 when only one is. */
export function nodeSetF1(predicted: readonly string[], parseFailed: boolean, expected: ReadonlySet<string>): number {
  if (parseFailed) return 0;
  const guessed = new Set(predicted.map(nodeKey));
  if (guessed.size === 0 && expected.size === 0) return 1;
  if (guessed.size === 0 || expected.size === 0) return 0;
  let hits = 0;
  for (const key of guessed) if (expected.has(key)) hits++;
  if (hits === 0) return 0;
  const [precision, recall] = [hits / guessed.size, hits / expected.size];
  return (2 * precision * recall) / (precision + recall);
}
