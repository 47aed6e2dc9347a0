// math_with_code: the five example problems (primes below 1000, subsets without neighbours, a
// power's remainder, two dice summing to a prime, divisors of 360), recognised by their wording.
// Three turns, as the environment's max_steps allows: an execute_python cell that stores the
// answer in `answer`, a second that prints it (so the answer only comes back if the interpreter
// kept the first cell's variables), then `\boxed{}` around what it printed. The skill never
// knows the answer itself. Wrong path: a program with one subtle slip (a bound off by one, a
// prime missed, squares of primes let through), whose output is then boxed just the same.
import { callRecords, isObject, lastUserText, parseJson, quote } from "../policy/conversation.ts";
import { call, decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

interface Problem {
  recognise: RegExp;
  right: string;
  wrong: string;
}

const PROBLEMS: Problem[] = [
  {
    recognise: /sum of all prime numbers less than 1000/i,
    right: "def is_prime(n):\n    return n > 1 and all(n % d for d in range(2, int(n ** 0.5) + 1))\n\nanswer = sum(n for n in range(1000) if is_prime(n))",
    wrong: "def is_prime(n):\n    return n > 1 and all(n % d for d in range(2, int(n ** 0.5)))\n\nanswer = sum(n for n in range(1000) if is_prime(n))",
  },
  {
    recognise: /4-element subsets of .* no two consecutive integers/i,
    right: "from itertools import combinations\n\nanswer = sum(1 for c in combinations(range(1, 21), 4) if all(b - a > 1 for a, b in zip(c, c[1:])))",
    wrong: "from itertools import combinations\n\nanswer = sum(1 for c in combinations(range(1, 20), 4) if all(b - a > 1 for a, b in zip(c, c[1:])))",
  },
  {
    recognise: /remainder when .*3\^\{1000\}.* divided by 1001/i,
    right: "answer = 1\nfor _ in range(1000):\n    answer = answer * 3 % 1001",
    wrong: "answer = 1\nfor _ in range(1, 1000):\n    answer = answer * 3 % 1001",
  },
  {
    recognise: /two fair six-sided dice .* prime/i,
    right: "from fractions import Fraction\n\nprimes = {2, 3, 5, 7, 11}\nanswer = Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b in primes), 36)",
    wrong: "from fractions import Fraction\n\nprimes = {2, 3, 5, 7}\nanswer = Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b in primes), 36)",
  },
  {
    recognise: /sum of all positive divisors of 360/i,
    right: "answer = sum(d for d in range(1, 361) if 360 % d == 0)",
    wrong: "answer = sum(d for d in range(1, 360) if 360 % d == 0)",
  },
];

export const PRINT_CELL = "print(answer)";

/** The stdout of an execute_python answer, or why there is none. */
function printed(output: string | undefined): { stdout: string } | { failure: string } {
  const parsed = output === undefined ? undefined : parseJson(output);
  if (!isObject(parsed) || typeof parsed.stdout !== "string") return { failure: `the tool answered ${quote(output ?? "nothing")}` };
  if (parsed.success !== true) return { failure: typeof parsed.error_message === "string" ? parsed.error_message : "the code failed" };
  return { stdout: parsed.stdout.trim() };
}

function play({ turns, correct }: Situation): Action {
  const last = callRecords(turns).at(-1);
  if (last === undefined) {
    const problem = PROBLEMS.find((p) => p.recognise.test(lastUserText(turns)));
    if (!problem) return decline("I cannot solve this one.");
    return call({ name: "execute_python", arguments: { code: correct ? problem.right : problem.wrong } });
  }
  const seen = printed(last.output);
  if ("failure" in seen) return say(`My code did not work: ${seen.failure}`);
  if (last.arguments.code !== PRINT_CELL) return call({ name: "execute_python", arguments: { code: PRINT_CELL } });
  return say(`The program prints ${seen.stdout}.\n\nThe answer is \\(\\boxed{${seen.stdout}}\\).`);
}

export default { play } satisfies Skill;
