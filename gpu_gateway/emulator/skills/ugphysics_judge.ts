// ugphysics_judge: undergraduate physics problems, numbers or expressions, ending "So the final
// answer is \boxed{answer}(unit)." as the prompt asks. Right path: the expected answer (in another
// form where there is one); wrong path: a slip. The judge (asked only when the symbolic check
// misses) reads the reference answer and the student solution after it (ours and NeMo's prompt both
// end with them) and writes "## Equivalence Judgement" TRUE or FALSE: truly when `correct`, wrongly otherwise.
import { answerPhysics, sameAnswer, type PhysicsTask } from "../policy/physics_judge.ts";
import { lastUserText } from "../policy/conversation.ts";
import { say, type Action, type Situation, type Skill } from "../policy/types.ts";

const TASKS: PhysicsTask[] = [
  { recognise: /ball is dropped from a height of 5 m/, working: "Energy conservation gives $v = \\sqrt{2gh} = \\sqrt{2 \\cdot 10 \\cdot 5}$.", right: "\\sqrt{100}", wrong: "50" },
  { recognise: /heated isobarically to 600 K/, working: "At constant pressure $W = nR\\Delta T = 1 \\cdot 8.314 \\cdot 300$.", right: "2494.2", wrong: "4988.4" },
  { recognise: /infinite square well of width L/, working: "The ground state has $k = \\pi/L$, so $E_1 = \\hbar^2 k^2 / 2m$.", right: "\\frac{\\pi^2\\hbar^2}{2mL^2}", wrong: "\\frac{\\pi^2 \\hbar^2}{m L^2}" },
  { recognise: /5 \\Omega resistor is connected to a 10 V battery/, working: "Ohm's law: $I = V/R = 10/5$.", right: "2", wrong: "50" },
  { recognise: /spaceship moves at 0\.6c/, working: "$\\gamma = 1/\\sqrt{1 - 0.6^2} = 1/0.8$.", right: "\\frac{5}{4}", wrong: "0.8" },
];

// From the last "reference answer" heading: its text, then the student's solution to the end.
const SECTIONS = /^[^\n]*\n([\s\S]*?)\n[^\n]*student solution[^\n]*\n([\s\S]*)$/i;

function judge({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  const found = SECTIONS.exec(prompt.slice(prompt.toLowerCase().lastIndexOf("reference answer")));
  const same = found !== null && sameAnswer(found[1]!.trim(), found[2]!.replace(/<\/physics solution>\s*$/, ""));
  const says = correct ? same : !same;
  return say(`## Equivalence Judgement\n${says ? "TRUE" : "FALSE"}\n\n## Justification\nThe student's final answer ${says ? "states" : "does not state"} the reference answer.\n\n=== report over ===`);
}

const play = (situation: Situation) => answerPhysics(TASKS, situation, (boxed) => `So the final answer is ${boxed}(unit).`);

export default { play, judge: { play: judge } } satisfies Skill;
