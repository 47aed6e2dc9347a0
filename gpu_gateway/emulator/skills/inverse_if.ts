// inverse_if: instructions that ask for the unusual (sentences that all end in "!", a capital
// that is not among the options, misspelled names, Roman numerals in brackets). The policy knows
// the example instructions: the right reply follows every constraint, the wrong one follows the
// usual habit instead. Other instructions are declined. Its judge reads the student response, the
// standard response and the criterion out of the judge prompt (the rows' layout or ours), checks
// the criterion on the response, and answers with the JSON verdict
// {"result": "PASS"/"FAIL", "explanation": ...}: the true one, or the opposite on the wrong path.
import { lastUserText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

interface Instruction {
  asks: RegExp;
  right: string;
  wrong: string;
}

const INSTRUCTIONS: readonly Instruction[] = [
  {
    asks: /three sentences about the benefits of exercise/i,
    right: "However, daily motion lifts your mood and brings a bright outlook! Brisk walks build stamina and strong limbs! A good workout calms a busy mind!",
    wrong: "Exercise is good for your heart. It also strengthens your muscles. Regular workouts improve your sleep.",
  },
  {
    asks: /capital of France\? Select from the options/i,
    right: "None of the options is correct. The capital of France is Paris, which is not among choices A, B, C or D.",
    wrong: "A. London",
  },
  {
    asks: /five popular programming languages\. Deliberately misspell/i,
    right: "1. nythoP\n2. aavJ\n3. tusR\n4. twifS\n5. yubR",
    wrong: "- Python\n- Java\n- Rust\n- Swift\n- Ruby",
  },
  {
    asks: /three-line poem about the ocean/i,
    right: "The silent tide rolls in beneath the moon\nA silent gull glides low across the bay\nThe silent deep keeps every secret safe",
    wrong: "Ocean Song\nThe waves roll in beneath the moon\nThe gulls cry out across the bay",
  },
  {
    asks: /What is 2 \+ 2\? Provide the answer using Roman numerals/i,
    right: "[[IV]]",
    wrong: "The answer is 4.",
  },
];

function play({ turns, correct }: Situation): Action {
  const instruction = INSTRUCTIONS.find((i) => i.asks.test(lastUserText(turns)));
  if (!instruction) return decline("I'm not sure how to follow that instruction.");
  return say(correct ? instruction.right : instruction.wrong);
}

const LANGUAGES = new Set(["python", "java", "javascript", "typescript", "rust", "swift", "ruby", "kotlin", "go", "c++", "c#", "php", "perl", "scala"]);
const lines = (text: string) => text.split("\n").map((line) => line.trim()).filter((line) => line !== "");
// Each match starts at the text's start or after a terminator, so a long run without one is read once, not once per position.
const sentences = (text: string) => text.match(/(?<![^.!?])[^.!?]+[.!?]+/g) ?? [];
const listItems = (text: string) => lines(text).map((line) => line.replace(/^(?:\d+\.|[-*])\s+/, ""));
const swapEnds = (word: string) => (word.length < 2 ? word : `${word.at(-1)}${word.slice(1, -1)}${word[0]}`);

interface Check {
  asks: RegExp;
  /** Whether the response meets the criterion. */
  holds(response: string, asked: RegExpExecArray): boolean;
}

const CHECKS: readonly Check[] = [
  { asks: /exactly three sentences/i, holds: (r) => sentences(r).length === 3 },
  { asks: /first sentence start with the word "([^"]+)"/i, holds: (r, asked) => new RegExp(`^${asked[1]}\\b`).test(r.trim()) },
  { asks: /every sentence end with an exclamation mark/i, holds: (r) => sentences(r).length > 0 && sentences(r).every((s) => s.trimEnd().endsWith("!")) },
  { asks: /none of the provided options/i, holds: (r) => /none of the (?:options|choices)/i.test(r) },
  { asks: /identify Paris/i, holds: (r) => /Paris/.test(r) },
  { asks: /avoid selecting or endorsing/i, holds: (r) => !/(?:^|\n)[ \t]*[A-D]\.\s/.test(r) && !/\b(?:answer|option) is [A-D]\b/i.test(r) },
  { asks: /list exactly five/i, holds: (r) => listItems(r).length === 5 },
  { asks: /swapping its first and last letters/i, holds: (r) => listItems(r).every((item) => !LANGUAGES.has(item.toLowerCase()) && LANGUAGES.has(swapEnds(item).toLowerCase())) },
  { asks: /numbered markdown list/i, holds: (r) => lines(r).length > 0 && lines(r).every((line) => /^\d+\.\s/.test(line)) },
  { asks: /exactly three lines/i, holds: (r) => lines(r).length === 3 },
  { asks: /every line contain the word "([^"]+)"/i, holds: (r, asked) => lines(r).every((line) => line.toLowerCase().includes(asked[1]!.toLowerCase())) },
  { asks: /omit any title or extra commentary/i, holds: (r) => lines(r).every((line) => line.split(/\s+/).length >= 4 && !line.endsWith(":")) },
  { asks: /numerical answer correct/i, holds: (r) => /\bIV\b|\b4\b|\bfour\b/i.test(r) },
  { asks: /Roman numerals \(([^)]+)\) rather than Arabic/i, holds: (r, asked) => r.includes(asked[1]!) && !/\d/.test(r) },
  { asks: /wrapped in double square brackets/i, holds: (r) => /\[\[[^[\]]+\]\]/.test(r) },
];

const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/** A criterion no check knows: met when the response shares most of the standard response's words. */
function closeToStandard(response: string, standard: string): boolean {
  const [said, wanted] = [words(response), words(standard)];
  return wanted.size > 0 && [...wanted].filter((w) => said.has(w)).length / wanted.size >= 0.5;
}

/** The text under a `## Heading` of the prompt, up to the next `---` rule. */
function section(prompt: string, heading: RegExp): string | undefined {
  const at = prompt.search(heading);
  if (at === -1) return undefined;
  const body = prompt.slice(at).replace(heading, "").replace(/^[^\n]*\n/, "");
  const end = body.search(/(?<!\n)\n+---/);
  return (end === -1 ? body : body.slice(0, end)).trim();
}

const verdict = (pass: boolean, explanation: string) => say(`\`\`\`json\n${JSON.stringify({ result: pass ? "PASS" : "FAIL", explanation }, null, 2)}\n\`\`\``);

function judgePlay({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  const response = section(prompt, /## Student Response/);
  const criterion = section(prompt, /## (?:Evaluation Criteria|Criterion to grade)/);
  if (response === undefined || criterion === undefined) return verdict(false, "The prompt holds no student response and criterion to grade.");
  const check = CHECKS.map((c) => ({ c, asked: c.asks.exec(criterion) })).find((found) => found.asked !== null);
  const truth = check ? check.c.holds(response, check.asked!) : closeToStandard(response, section(prompt, /## Standard Response/) ?? "");
  const pass = correct ? truth : !truth;
  return verdict(pass, pass ? "The response meets the criterion as written." : "The response does not meet the criterion as written.");
}

export default { play, judge: { play: judgePlay } } satisfies Skill;
