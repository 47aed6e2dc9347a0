// ruler: RULER (v1) long-context rows. Needles ("special magic number(s) for K is: V"), variable
// chains ("VAR X = VAR Y" back to "VAR Y = <value>"), the most common words of a numbered list, and
// QA over documents (the questions of the example rows, recalled). Wrong path: one answer dropped
// (one needle or chain link short, the third-commonest word missed), or another person for QA.
import { lastUserText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

const NEEDLE = /special magic numbers? for ([\w-]+) is: (\d+)/g;
const ASKED_KEY = /What (?:is|are all) the special magic numbers? for ([\w-]+)/;
const ASSIGN = /VAR ([A-Z]+) = (VAR ([A-Z]+)|\d+)/g;
const ASKED_VALUE = /assigned the value (\d+)/;
const LISTED = /^\d+\. (\S+)$/gm;
const TOP = /What are the (\d+) most common words/;

const KNOWN: ReadonlyArray<readonly [RegExp, string, string]> = [[/keeper of Marrow Point lighthouse in 1902/, "Edith Calloway", "Wendle"]];

function needles(prompt: string, correct: boolean): string | undefined {
  const key = ASKED_KEY.exec(prompt)?.[1];
  if (key === undefined) return undefined;
  const values = [...prompt.matchAll(NEEDLE)].filter((m) => m[1] === key).map((m) => m[2]!);
  if (values.length === 0) return undefined;
  return (correct ? values : values.length > 1 ? values.slice(1) : ["0000000"]).join(", ");
}

function chain(prompt: string, correct: boolean): string | undefined {
  const value = ASKED_VALUE.exec(prompt)?.[1];
  if (value === undefined) return undefined;
  const held = new Set<string>();
  for (const [, name, source, from] of prompt.matchAll(ASSIGN)) {
    if (source === value || (from !== undefined && held.has(from))) held.add(name!);
  }
  if (held.size === 0) return undefined;
  return [...held].slice(0, correct ? held.size : held.size - 1).join(", ");
}

function commonWords(prompt: string, correct: boolean): string | undefined {
  const top = Number(TOP.exec(prompt)?.[1]);
  if (!top) return undefined;
  const counts = new Map<string, number>();
  for (const [, word] of prompt.matchAll(LISTED)) counts.set(word!, (counts.get(word!) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) => b[1] - a[1]).map(([word]) => word);
  if (ranked.length < top) return undefined;
  return ranked.slice(0, correct ? top : top - 1).join(", ");
}

function play({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  const known = KNOWN.find(([asks]) => asks.test(prompt));
  if (known) return say(correct ? known[1] : known[2]);
  const answer = needles(prompt, correct) ?? chain(prompt, correct) ?? commonWords(prompt, correct);
  return answer === undefined ? decline("I cannot find what this text asks for.") : say(` ${answer}.`);
}

export default { play } satisfies Skill;
