// frontierscience_judge: short science questions (a formula, an organ, a unit, an atomic number, a
// constant). The right path recalls the answer, sometimes after a closed <think> block; the wrong
// path gives a plausible neighbour (CO2 for water, the liver for insulin). The judge finds the
// reference and attempted answers in its prompt (ours, or NeMo's "The reference answer: ..."
// layout, or a rubric in research mode), compares them as words and numbers, and ends with
// "Judgement: YES/NO" (after a "Score: N/10" line when the prompt asks for one); on the wrong path
// it gives the opposite verdict.
import { lastUserText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

interface Fact {
  asks: RegExp;
  right: string;
  wrong: string;
}

const FACTS: Fact[] = [
  { asks: /chemical formula of water/i, right: "The formula of water is H2O.", wrong: "CO2" },
  { asks: /organ produces insulin/i, right: "Pancreas", wrong: "The liver." },
  { asks: /SI unit of force/i, right: "The newton (N).", wrong: "Joule" },
  { asks: /atomic number of oxygen/i, right: "8", wrong: "16" },
  { asks: /speed of light in vacuum in km\/s/i, right: "About 299,792 km/s.", wrong: "300000" },
];

function play({ turns, correct }: Situation): Action {
  const fact = FACTS.find((f) => f.asks.test(lastUserText(turns)));
  if (!fact) return decline("I am not sure.");
  return say(correct ? `<think>Recalling the standard value.</think>${fact.right}` : fact.wrong);
}

// A section's text: after its label (ours "=== Label ===", NeMo's "The label:"), up to the next section.
function section(prompt: string, label: string): string | undefined {
  const pattern = new RegExp(String.raw`(?:=== ${label} ===|The ${label}:)[ \t]*\n?([\s\S]*?)(?=\n\*\*\*|\n=== |$)`, "gi");
  return [...prompt.matchAll(pattern)].at(-1)?.[1]?.trim();
}

// Words and numbers, lower case, thousands separators dropped.
const tokens = (text: string) => text.toLowerCase().replace(/(\d),(?=\d{3})/g, "$1").split(/[^a-z0-9.]+/).map((t) => t.replace(/\.$/, "")).filter(Boolean);

/** The attempt states the reference: its words appear in the attempt, in order, as whole tokens (plural "s" allowed). */
function states(reference: string, attempt: string): boolean {
  const want = tokens(reference);
  const have = tokens(attempt).map((t) => t.replace(/s$/, ""));
  if (want.length === 0) return false;
  return want.every((w) => have.includes(w.replace(/s$/, "")));
}

function judgePlay({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  const reference = section(prompt, "reference answer") ?? section(prompt, "grading rubric") ?? section(prompt, "rubric") ?? "";
  const attempt = section(prompt, "attempted answer") ?? "";
  const matches = states(reference, attempt);
  const says = correct ? matches : !matches;
  const reading = says ? `The attempt states the reference answer (${reference}).` : `The attempt (${attempt || "nothing"}) does not state the reference answer (${reference}).`;
  const score = /Score:/.test(prompt) ? `\nScore: ${says ? 9 : 2}/10` : "";
  return say(`${reading}${score}\nJudgement: ${says ? "YES" : "NO"}`);
}

export default { play, judge: { play: judgePlay } } satisfies Skill;
