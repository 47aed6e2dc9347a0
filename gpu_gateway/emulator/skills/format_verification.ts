// format_verification: answer a document question in the format the prompt asks for. Citation rows
// ("use [ref:N]", "[web:N]", "[N]") cite the document parts sharing most words with the question;
// freeform rows write three items in the line shape the instruction names. Wrong path: the same
// content as one plain paragraph, with no marker and no list.
import { lastUserText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

// The citation marker template the prompt names, N being the part number.
const MARKER = /\[(ref:|web:|)N\]/;
const PART = /\[Part (\d+)\]:/g;
const WORD = /[a-z0-9]{4,}/g;

const words = (text: string): Set<string> => new Set(text.toLowerCase().match(WORD) ?? []);

function question(prompt: string): string {
  const at = Math.max(prompt.lastIndexOf("Question:"), prompt.lastIndexOf("Q:"));
  return at < 0 ? "" : prompt.slice(at, at + 400);
}

/** The numbers of the parts sharing at least half as many words with the question as the closest one. */
function relevantParts(prompt: string): string[] {
  const asked = words(question(prompt));
  const starts = [...prompt.matchAll(PART)];
  const scored = starts.map((m, i) => {
    const body = prompt.slice(m.index + m[0].length, starts[i + 1]?.index ?? prompt.length);
    return { n: m[1]!, score: [...words(body)].filter((w) => asked.has(w)).length };
  });
  const best = Math.max(1, ...scored.map((s) => s.score));
  return scored.filter((s) => s.score * 2 >= best).map((s) => s.n);
}

// Line shapes by what the instruction says, first match wins.
const SHAPES: Array<[RegExp, (item: string, i: number) => string]> = [
  [/→/, (item) => `→ ${item}.`],
  [/-- /, (item) => `-- ${item}`],
  [/Key = Value/, (item, i) => `Item ${i + 1} = ${item}`],
  [/number, period, space/i, (item, i) => `${i + 1}. "${item}": noted`],
  [/hyphen and a space/i, (item) => `- ${item}`],
];
const FORMAT_LABEL = /Format(?:ting instructions)?:/;
const ITEMS = ["First item", "Second item", "Third item"];

function play({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  const marker = MARKER.exec(prompt);
  if (marker) {
    const parts = relevantParts(prompt);
    if (parts.length === 0) return decline("I cannot find the document parts to cite.");
    return say(correct ? `The document answers this${parts.map((n) => ` [${marker[1]}${n}]`).join("")}.` : "The document answers this.");
  }
  // Only the instruction itself: the documents hold dashes, arrows and lists of their own.
  const label = FORMAT_LABEL.exec(prompt);
  const instruction = label ? prompt.slice(label.index, label.index + 600) : "";
  const shape = SHAPES.find(([asks]) => asks.test(instruction));
  if (!shape) return decline("I cannot tell which format this asks for.");
  return say(correct ? ITEMS.map(shape[1]).join("\n") : ITEMS.join(", ") + ".");
}

export default { play } satisfies Skill;
