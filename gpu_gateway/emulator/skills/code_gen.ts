// code_gen: the five example problems (sum of two integers, reverse a string, count vowels,
// average of numbers, running_sum), recognised by their wording and answered with a ```python
// block. Wrong path: a solution that passes the easy cases and misses one edge (negative sums,
// one-letter words, capitals, a fractional average, the running total's order).
import { lastUserText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

interface Problem {
  recognise: RegExp;
  right: string;
  wrong: string;
}

const PROBLEMS: Problem[] = [
  {
    recognise: /print their sum/i,
    right: "a, b = map(int, input().split())\nprint(a + b)",
    wrong: "a, b = map(int, input().split())\nprint(abs(a + b))",
  },
  {
    recognise: /print it reversed/i,
    right: "s = input().strip()\nprint(s[::-1])",
    wrong: "s = input().strip()\nprint(s[:0:-1])",
  },
  {
    recognise: /how many vowels/i,
    right: 'line = input()\nprint(sum(1 for c in line if c in "aeiouAEIOU"))',
    wrong: 'line = input()\nprint(sum(1 for c in line if c in "aeiou"))',
  },
  {
    recognise: /print their average/i,
    right: "n = int(input())\nnums = list(map(int, input().split()))\nprint(sum(nums) / n)",
    wrong: "n = int(input())\nnums = list(map(int, input().split()))\nprint(sum(nums) // n)",
  },
  {
    recognise: /running_sum\(nums\)/,
    right: "def running_sum(nums):\n    out, total = [], 0\n    for x in nums:\n        total += x\n        out.append(total)\n    return out",
    wrong: "def running_sum(nums):\n    out, total = [], 0\n    for x in nums:\n        out.append(total + x if not out else total)\n        total += x\n    return out",
  },
];

function play({ turns, correct }: Situation): Action {
  const problem = PROBLEMS.find((p) => p.recognise.test(lastUserText(turns)));
  if (!problem) return decline("I cannot solve this problem.");
  return say(`Here is my solution.\n\n\`\`\`python\n${correct ? problem.right : problem.wrong}\n\`\`\``);
}

export default { play } satisfies Skill;
