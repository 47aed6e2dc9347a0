// The letter-graded short-answer servers' shared play (simpleqa, omniscience, abstention): the
// policy recalls the facts of their example rows (ours and NeMo's) and states the answer; wrong
// path: a plausible wrong answer or, for one question in three, "not sure". The judge reads the
// letter legend of the prompt ("A: CORRECT", ...) and the last gold target and predicted answer,
// and gives the true letter, or a wrong one on the wrong path.
import { lastUserText } from "./conversation.ts";
import { say, type Action, type Situation, type Skill } from "./types.ts";

interface Fact {
  asks: RegExp;
  answer: string;
  wrong: string;
}

const FACTS: readonly Fact[] = [
  { asks: /Frank Rosenblatt Award in 2010/i, answer: "Michio Sugeno", wrong: "Geoffrey Hinton" },
  { asks: /capital of France/i, answer: "Paris", wrong: "Lyon" },
  { asks: /Berlin Wall fall/i, answer: "1989", wrong: "1991" },
  { asks: /organ .* produces insulin/i, answer: "Pancreas", wrong: "Liver" },
  { asks: /wrote the play "Hamlet"/i, answer: "William Shakespeare", wrong: "Christopher Marlowe" },
  { asks: /speed of light in a vacuum/i, answer: "299792458", wrong: "300000000" },
  { asks: /pyproject\.toml and was created by Astral/i, answer: "uv", wrong: "poetry" },
  { asks: /amendment .* abolished slavery/i, answer: "13th Amendment", wrong: "14th Amendment" },
  { asks: /atomic number of tungsten/i, answer: "74", wrong: "73" },
  { asks: /river flows through Budapest/i, answer: "Danube", wrong: "Tisza" },
  { asks: /git subcommand records changes/i, answer: "git commit", wrong: "git add" },
  { asks: /planets .* have no natural moons/i, answer: "2", wrong: "3" },
  { asks: /"Frankenstein" first published/i, answer: "1818", wrong: "1831" },
  { asks: /Scott Derrickson and Ed Wood/i, answer: "Yes", wrong: "No" },
  { asks: /portrayed Vivien Harmon/i, answer: "United Nations Goodwill Ambassador", wrong: "Mayor of Los Angeles" },
  { asks: /Arthur's Magazine or First for Women/i, answer: "Arthur's Magazine", wrong: "First for Women" },
  { asks: /"Big Stone Gap"/i, answer: "Greenwich Village", wrong: "Harlem" },
  { asks: /combiz Ransen/i, answer: "Ransen Kamangar", wrong: "Combiz Rahimi" },
];

export interface Recalled {
  /** What the policy says: the answer, or the wrong one on the wrong path. */
  answer: string;
  /** On the wrong path, whether it says it does not know instead of a wrong answer. */
  abstains: boolean;
}

/** The fact the question asks for, right or wrong as drawn; undefined for a question it does not know. */
export function recall(question: string, correct: boolean): Recalled | undefined {
  const fact = FACTS.find((f) => f.asks.test(question));
  if (!fact) return undefined;
  // Which wrong questions abstain is fixed per question, so replays agree.
  const abstains = !correct && [...question].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % 3 === 0;
  return { answer: correct ? fact.answer : fact.wrong, abstains };
}

type Tier = "CORRECT" | "INCORRECT" | "PARTIAL_ANSWER" | "NOT_ATTEMPTED";

// Horizontal space only: `\s*` at a line start rescans every run of newlines (quadratic on a model's).
const LEGEND = /^[ \t]*([A-D]): (CORRECT|INCORRECT|PARTIAL_ANSWER|NOT_ATTEMPTED)[ \t]*$/gm;
const DEFAULT_LEGEND: ReadonlyMap<Tier, string> = new Map([["CORRECT", "A"], ["INCORRECT", "B"], ["NOT_ATTEMPTED", "C"]]);
const ABSTAINS = /\b(?:i don'?t know|not sure|can(?:no|')t answer|no idea|idk)\b/i;

const comparable = (text: string) => text.toLowerCase().replace(/\\boxed\{|\\text\{|[^\p{L}\p{N}\s]/gu, "").replace(/\s+/g, " ").trim();

/** The text after the last `label` in the prompt, up to the end of its block. */
function lastField(prompt: string, label: string): string | undefined {
  const at = prompt.lastIndexOf(`${label}:`);
  if (at === -1) return undefined;
  const rest = prompt.slice(at + label.length + 1);
  const end = rest.search(/\n[ \t]*(?:```|Gold target:|Predicted answer:|Grade the predicted answer)/);
  return (end === -1 ? rest : rest.slice(0, end)).trim();
}

/** The tier the predicted answer earns against the gold target. */
function truth(gold: string, predicted: string): Tier {
  if (predicted === "" || ABSTAINS.test(predicted)) return "NOT_ATTEMPTED";
  const said = ` ${comparable(predicted)} `;
  return said.includes(` ${comparable(gold)} `) ? "CORRECT" : "INCORRECT";
}

function judgePlay({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  const legend = new Map<Tier, string>([...prompt.matchAll(LEGEND)].map((m) => [m[2] as Tier, m[1]!]));
  const letters = legend.size > 0 ? legend : DEFAULT_LEGEND;
  const tier = truth(lastField(prompt, "Gold target") ?? "", lastField(prompt, "Predicted answer") ?? "");
  // A judge's mistake: a wrong answer passed, anything else failed.
  const given: Tier = correct ? tier : tier === "CORRECT" ? "INCORRECT" : "CORRECT";
  return say(letters.get(given) ?? letters.get("INCORRECT") ?? "B");
}

/** The judge of the letter-graded servers (simpleqa, omniscience, abstention). */
export const letterJudge: Skill = { play: judgePlay };
