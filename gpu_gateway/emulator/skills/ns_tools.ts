// ns_tools: four of the five AIME 2025 example problems (bases b where 17_b divides 97_b, the
// ice-cream flavour assignments, integer pairs on 12x²-xy-6y²=0, eight-digit permutations
// divisible by 22), recognised by their wording; the heptagon's geometry it declines. A
// stateful_python_code_exec cell stores the count in `answer`, a second prints it (so it only
// comes back if the interpreter kept the first cell's variables), then the reply boxes what was
// printed: the skill never knows the answer itself. Wrong path: the same program with one slip
// (a range cut short, a strict inequality made loose, a wrong
// divisor), boxed just the same.
import { callRecords, lastUserText, parseJson, quote } from "../policy/conversation.ts";
import { call, decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

const TOOL = "stateful_python_code_exec";
const PRINT_CELL = "print(answer)";

interface Problem {
  recognise: RegExp;
  right: string;
  wrong: string;
}

const PROBLEMS: Problem[] = [
  {
    recognise: /integer bases .*17_b.* divisor of .*97_b/i,
    right: "answer = sum(b for b in range(10, 1000) if (9 * b + 7) % (b + 7) == 0)",
    wrong: "answer = sum(b for b in range(10, 40) if (9 * b + 7) % (b + 7) == 0)",
  },
  {
    recognise: /members of a baseball team went to an ice-cream parlor/i,
    right: "from itertools import product\n\nanswer = sum(1 for f in product(range(3), repeat=9) if f.count(0) > f.count(1) > f.count(2) >= 1) % 1000",
    wrong: "from itertools import product\n\nanswer = sum(1 for f in product(range(3), repeat=9) if f.count(0) >= f.count(1) > f.count(2) >= 1) % 1000",
  },
  {
    recognise: /ordered pairs .* between\s+\$-100\$\s+and\s+\$100\$.*12x\^2-xy-6y\^2=0/i,
    right: "answer = sum(1 for x in range(-100, 101) for y in range(-100, 101) if 12 * x * x - x * y - 6 * y * y == 0)",
    wrong: "answer = sum(1 for x in range(-100, 100) for y in range(-100, 100) if 12 * x * x - x * y - 6 * y * y == 0)",
  },
  {
    recognise: /eight-digit positive integers .* divisible by\s+\$22\$/i,
    right: "from itertools import permutations\n\nanswer = sum(1 for p in permutations('12345678') if int(''.join(p)) % 22 == 0) - 2025",
    wrong: "from itertools import permutations\n\nanswer = sum(1 for p in permutations('12345678') if int(''.join(p)) % 11 == 0) - 2025",
  },
];

/** The tool's text: the server answers a JSON string; a bare text is taken as it is. */
function toolText(output: string): string {
  const parsed = parseJson(output);
  return typeof parsed === "string" ? parsed : output;
}

function play({ turns, correct }: Situation): Action {
  const last = callRecords(turns).at(-1);
  if (last === undefined) {
    const problem = PROBLEMS.find((p) => p.recognise.test(lastUserText(turns)));
    if (!problem) return decline("I cannot solve this one.");
    return call({ name: TOOL, arguments: { code: correct ? problem.right : problem.wrong } });
  }
  const text = toolText(last.output ?? "").trim();
  if (!/^-?\d+$/.test(text) && last.arguments.code === PRINT_CELL) return say(`My code did not work: the tool answered ${quote(text)}`);
  if (last.arguments.code !== PRINT_CELL) return call({ name: TOOL, arguments: { code: PRINT_CELL } });
  return say(`The program prints ${text}.\n\nSo the answer is $\\boxed{${text}}$.`);
}

export default { play } satisfies Skill;
