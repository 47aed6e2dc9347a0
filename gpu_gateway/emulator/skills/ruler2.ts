// ruler2: RULER v2 long-context rows. Needles (the number(s) for the asked key), the document whose
// text the prompt quotes ("Most relevant document index"), copying every "Question N" block asked
// for, and a copied question answered with a boxed letter (the example rows' questions, recalled).
// Wrong path: a needle or block dropped, another document, or another letter.
import { lastUserText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

const NEEDLE = /special magic numbers? for ([\w-]+) is: (\d+)/g;
const ASKED_KEY = /What (?:is|are all) the special magic numbers? for ([\w-]+)/;
const DOCUMENT = /Document (\d+):\n([^\n]*)/g;
const QUOTED = /\nText: ([^\n]*)\nMost relevant document index/;
const ASKS_COPY = /copy (?:one|some) of them/;
const COPY = /copy (?:all )?the Question (\d+)/;
const BLOCKS = /Question (\d+): /g;

const KNOWN: ReadonlyArray<readonly [RegExp, string]> = [[/What color is the sky\?/, "C"]];

function needles(prompt: string, correct: boolean): string | undefined {
  const key = ASKED_KEY.exec(prompt)?.[1];
  if (key === undefined) return undefined;
  const values = [...prompt.matchAll(NEEDLE)].filter((m) => m[1] === key).map((m) => m[2]!);
  if (values.length === 0) return undefined;
  return ` ${(correct ? values : values.length > 1 ? values.slice(1) : ["0"]).join(" and ")}.`;
}

function documentIndex(prompt: string, correct: boolean): string | undefined {
  const quoted = QUOTED.exec(prompt)?.[1];
  if (quoted === undefined) return undefined;
  const docs = [...prompt.matchAll(DOCUMENT)];
  const hit = docs.findIndex((m) => m[2]!.trim() === quoted.trim());
  if (hit < 0) return undefined;
  return ` ${docs[correct ? hit : (hit + 1) % docs.length]![1]}`;
}

/** The "Question N: ..." blocks with the asked number, each through its options (to the next blank line). */
function questionBlocks(prompt: string, id: string): string[] {
  const blocks: string[] = [];
  // One forward search serves every block before the blank line it found (linear on many blocks).
  let end = -2;
  for (const m of prompt.matchAll(BLOCKS)) {
    if (m[1] !== id) continue;
    if (end !== -1 && end < m.index) end = prompt.indexOf("\n\n", m.index);
    blocks.push(prompt.slice(m.index, end < 0 ? prompt.length : end));
  }
  return blocks;
}

function copied(prompt: string, correct: boolean): string | undefined {
  const id = ASKS_COPY.test(prompt) ? COPY.exec(prompt)?.[1] : undefined;
  if (id === undefined) return undefined;
  const blocks = questionBlocks(prompt, id);
  if (blocks.length === 0) return undefined;
  if (!/solve it with an answer/.test(prompt)) return (correct ? blocks : blocks.slice(0, -1)).join("\n");
  const gold = KNOWN.find(([asks]) => asks.test(blocks[0]!))?.[1];
  if (gold === undefined) return undefined;
  const letter = correct ? gold : gold === "A" ? "B" : "A";
  return `${blocks[0]!.split("\n")[0]}\n\\boxed{${letter}}`;
}

function play({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  const answer = needles(prompt, correct) ?? documentIndex(prompt, correct) ?? copied(prompt, correct);
  return answer === undefined ? decline("I cannot find what this text asks for.") : say(answer);
}

export default { play } satisfies Skill;
