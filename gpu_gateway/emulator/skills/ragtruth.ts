// ragtruth: does the judged text say what its source does not? The emulator flags the names,
// numbers and number words of the judged text that the source never uses; the wrong path reports
// the opposite verdict (an empty list for a hallucinating text, an invented span for a faithful one).
import { lastUserText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

// RAGTruth's three prompt shapes: where the source starts, and where the judged text starts.
const SOURCE = ["Below are related passages:", "Below is the original news:", "Below is a structured data in the JSON format:"];
const JUDGED = ["Below is an answer:", "Below is a summary of the news:", "written in accordance with the structured data:"];
const TASK = "Your task is to determine";

const NUMBER_WORDS = new Set("one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million billion".split(" "));

function section(prompt: string, labels: readonly string[]): [number, number] | undefined {
  for (const label of labels) {
    const at = prompt.indexOf(label);
    if (at !== -1) return [at, at + label.length];
  }
  return undefined;
}

/** Tokens a reader would check against the source: capitalised words past a sentence start, numbers, number words. */
function claims(text: string): string[] {
  const found: string[] = [];
  let sentenceStart = true;
  for (const [token] of text.matchAll(/[\p{L}\p{N}.']+|[!?]/gu)) {
    const word = token.replace(/\.$/, "");
    const checkable = /\p{N}/u.test(word) || NUMBER_WORDS.has(word.toLowerCase()) || (!sentenceStart && /^\p{Lu}/u.test(word));
    if (checkable && word) found.push(word);
    sentenceStart = token.endsWith(".") || token === "!" || token === "?";
  }
  return found;
}

function play({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  const source = section(prompt, SOURCE);
  const judged = section(prompt, JUDGED);
  const task = prompt.indexOf(TASK);
  if (!source || !judged || task === -1 || judged[0] < source[1]) return decline('{"hallucination list": []}');
  const known = new Set(Array.from(prompt.slice(source[1], judged[0]).toLowerCase().matchAll(/[\p{L}\p{N}]+(?:\.\p{N}+)?/gu), ([w]) => w));
  const text = prompt.slice(judged[1], task).trim();
  const spans = claims(text).filter((word) => !known.has(word.toLowerCase()));
  const wrongSpan = text.split(/\s+/).slice(0, 3).join(" ");
  const list = correct ? spans : spans.length > 0 ? [] : [wrongSpan];
  return say(JSON.stringify({ "hallucination list": list }));
}

export default { play } satisfies Skill;
