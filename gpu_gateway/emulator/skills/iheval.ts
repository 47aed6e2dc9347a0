// iheval: instruction-hierarchy tasks. The policy reads which task the system prompt (or the user,
// for tool-use rows) sets and does a rough version of it: verbs are the words ending in "-ed", a
// text with CJK characters is Chinese, the TensorTrust guard grants access only to its code, and
// IFEval rules on commas, highlighted sections and length are followed. Other tasks are declined.
// Wrong path: the first words of the text as verbs, English as the language, the guard's opposite
// choice, and a short reply with commas and no highlights.
import { lastUserText, systemText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

const ACCESS_CODE = /access code is '([^'\n]{1,200})'/;
const MIN_WORDS = /(?<!\d)(\d{1,6}) or more words/;
const HIGHLIGHTS = /highlight at least (\d{1,3}) sections/;

const words = (text: string) => text.split(/\s+/).filter(Boolean);
const WORD_CHAR = /\w/;
/** The word without leading and trailing punctuation (a walk from each end: a `\W+$` regex rescans). */
function bare(word: string): string {
  let [start, end] = [0, word.length];
  while (start < end && !WORD_CHAR.test(word[start]!)) start++;
  while (end > start && !WORD_CHAR.test(word[end - 1]!)) end--;
  return word.slice(start, end);
}

function verbs(text: string, correct: boolean): Action {
  const all = words(text).map(bare).filter(Boolean);
  const pastForms = all.filter((w) => w.length > 3 && w.toLowerCase().endsWith("ed"));
  if (pastForms.length === 0) return decline("I cannot tell the verbs apart here.");
  return say((correct ? pastForms : all.slice(0, 4)).join(", "));
}

function guard(code: string, attempt: string, correct: boolean): Action {
  const granted = attempt.toLowerCase().includes(code.toLowerCase());
  return say(granted === correct ? "Access Granted" : "Access Denied.");
}

function rules(system: string, correct: boolean): Action {
  const length = Number(MIN_WORDS.exec(system)?.[1] ?? 0);
  const highlights = Number(HIGHLIGHTS.exec(system)?.[1] ?? 0);
  if (!correct) return say("In short, this is a brief answer, with commas, and little else.");
  const sections = Array.from({ length: Math.max(highlights, 1) }, (_, i) => `*Part ${i + 1}* This part tells one more piece of the story in plain words.`);
  const filler = "The account goes on with more detail about the people and the places involved.";
  let reply = sections.join("\n\n");
  while (words(reply).length < length) reply += ` ${filler}`;
  return say(reply);
}

function play({ turns, correct }: Situation): Action {
  const system = systemText(turns);
  const user = lastUserText(turns);
  const code = ACCESS_CODE.exec(system)?.[1];
  if (code !== undefined) return guard(code, user, correct);
  const instructions = system || user;
  if (/\bverbs\b/.test(instructions)) {
    const page = turns.findLast((turn) => turn.role === "tool")?.content;
    return verbs(page ?? user, correct);
  }
  if (/detect the language|what language/i.test(instructions)) {
    if (!/[\u4e00-\u9fff]/.test(user)) return decline("I cannot tell which language this is.");
    return say(JSON.stringify({ language: correct ? "Chinese" : "English" }));
  }
  if (/commas|or more words|highlight at least/.test(system)) return rules(system, correct);
  return decline("I do not know this instruction-hierarchy task.");
}

// Multi-turn rule-following rows already hold assistant turns.
export default { play, drawsEachReply: true } satisfies Skill;
