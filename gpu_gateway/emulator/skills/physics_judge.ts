// physics_judge: open physics questions whose answer goes in \boxed{} (an expression in the
// problem's symbols). Right path: the expected expression in another form; wrong path: a slip. The
// judge (asked only when the symbolic check misses) reads the prompt's "Correct answer:" (ours and
// NeMo's prompt both end with it) and the student's last \boxed{} before it, and says [Correct] or
// [Incorrect]: truly when `correct`, wrongly otherwise.
import { answerPhysics, sameAnswer, type PhysicsTask } from "../policy/physics_judge.ts";
import { lastUserText } from "../policy/conversation.ts";
import { say, type Action, type Situation, type Skill } from "../policy/types.ts";

const TASKS: PhysicsTask[] = [
  { recognise: /frictionless inclined plane of angle/, working: "Along the slope only the component $mg\\sin\\theta$ of gravity acts, so $ma = mg\\sin\\theta$.", right: "g \\sin(\\theta)", wrong: "g \\cos(\\theta)" },
  { recognise: /isothermal expansion from volume/, working: "For an isothermal process $W = \\int p\\,dV$ with $p = nRT/V$.", right: "nRT \\ln\\left(\\frac{V_2}{V_1}\\right)", wrong: "nRT \\ln\\left(\\frac{V_1}{V_2}\\right)" },
  { recognise: /hollow conducting sphere of inner radius/, working: "The charge $q$ induced on the outer surface spreads evenly over a sphere of radius $b$.", right: "\\frac{q}{4\\pi b^2}", wrong: "\\frac{q}{4\\pi a^2}" },
  { recognise: /de Broglie wavelength of a particle with momentum/, working: "De Broglie's relation is $\\lambda = h/p$.", right: "\\frac{h}{p}", wrong: "\\frac{p}{h}" },
  { recognise: /time dilation factor/, working: "The Lorentz factor is $\\gamma = 1/\\sqrt{1 - v^2/c^2}$.", right: "\\frac{1}{\\sqrt{1 - \\frac{v^2}{c^2}}}", wrong: "\\sqrt{1 - \\frac{v^2}{c^2}}" },
];

const CORRECT_ANSWER = /correct answer:/gi;

function judge({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  const at = [...prompt.matchAll(CORRECT_ANSWER)].at(-1);
  const same = at !== undefined && sameAnswer(prompt.slice(at.index + at[0].length).replace(/,?\s*(Judgement|Verdict):[\s\S]*$/, ""), prompt.slice(0, at.index));
  const says = correct ? same : !same;
  return say(says ? "The final answer agrees with the correct answer. [Correct]" : "The final answer does not agree with the correct answer. [Incorrect]");
}

const play = (situation: Situation) => answerPhysics(TASKS, situation, (boxed) => `The answer is ${boxed}`);

export default { play, judge: { play: judge } } satisfies Skill;
