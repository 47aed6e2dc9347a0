// evalplus: the five example functions (add, is_palindrome, fizzbuzz, max_element, count_words),
// recognised by their signature and answered with a ```python block. Wrong path: a function that
// passes the base tests and misses the edge a plus test catches (negative sums, the empty string,
// n = 0, all-negative lists, blank text), so base 1 / plus 0 comes out.
import { lastUserText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

interface Problem {
  recognise: RegExp;
  right: string;
  wrong: string;
}

const PROBLEMS: Problem[] = [
  {
    recognise: /def add\(/,
    right: "def add(a: int, b: int) -> int:\n    return a + b",
    wrong: "def add(a: int, b: int) -> int:\n    return abs(a + b)",
  },
  {
    recognise: /def is_palindrome\(/,
    right: "def is_palindrome(text: str) -> bool:\n    return text == text[::-1]",
    wrong: "def is_palindrome(text: str) -> bool:\n    return len(text) > 1 and text == text[::-1]",
  },
  {
    recognise: /def fizzbuzz\(/,
    right:
      'from typing import List\n\n\ndef fizzbuzz(n: int) -> List[str]:\n    out = []\n    for i in range(1, n + 1):\n        out.append("FizzBuzz" if i % 15 == 0 else "Fizz" if i % 3 == 0 else "Buzz" if i % 5 == 0 else str(i))\n    return out',
    wrong:
      'from typing import List\n\n\ndef fizzbuzz(n: int) -> List[str]:\n    out = ["1"]\n    for i in range(2, n + 1):\n        out.append("FizzBuzz" if i % 15 == 0 else "Fizz" if i % 3 == 0 else "Buzz" if i % 5 == 0 else str(i))\n    return out',
  },
  {
    recognise: /def max_element\(/,
    right: "from typing import List\n\n\ndef max_element(l: List[int]) -> int:\n    return max(l)",
    wrong: "from typing import List\n\n\ndef max_element(l: List[int]) -> int:\n    m = 0\n    for x in l:\n        if x > m:\n            m = x\n    return m",
  },
  {
    recognise: /def count_words\(/,
    right: "def count_words(s: str) -> int:\n    return len(s.split())",
    wrong: 'def count_words(s: str) -> int:\n    return len([w for w in s.split(" ") if w]) if s else 1',
  },
];

function play({ turns, correct }: Situation): Action {
  const problem = PROBLEMS.find((p) => p.recognise.test(lastUserText(turns)));
  if (!problem) return decline("I cannot complete this function.");
  return say(`Here is the completed function.\n\n\`\`\`python\n${correct ? problem.right : problem.wrong}\n\`\`\``);
}

export default { play } satisfies Skill;
