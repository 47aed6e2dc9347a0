// code_fim: HumanEval-Infilling prompts (a prefix block and a suffix block), recognised by looking
// the two blocks up in the four released splits the server bundles. Right path: the task's own
// missing span in a ```python block closed right after it (no newline added, since spans often
// end mid-line); wrong path: a `return None` line, which does not fit the gap. Prompts of other
// shapes, or blocks of no task, are declined.
import { gunzipSync } from "node:zlib";
import { lastUserText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";
import { PACKED } from "../../../shared/datasets/human_eval_infilling/index.ts";

const PREFIX = "### Prefix\n\n```python\n";
const SUFFIX = "\n```\n\n### Suffix\n\n```python\n";
const END = "\n```\n\n### Answer";

let spans: Map<string, string> | undefined;

/** Each task's missing span, by its prefix and suffix (read once, from every split). */
function knownSpans(): Map<string, string> {
  if (spans) return spans;
  spans = new Map();
  for (const packed of Object.values(PACKED)) {
    for (const line of gunzipSync(Buffer.from(packed, "base64")).toString("utf8").split("\n")) {
      if (!line.trim()) continue;
      const task = JSON.parse(line) as { prompt: string; suffix: string; canonical_solution: string };
      spans.set(`${task.prompt}\u0000${task.suffix}`, task.canonical_solution);
    }
  }
  return spans;
}

/** The prompt's prefix and suffix blocks, found by plain substring search (linear in the prompt). */
function blocks(text: string): string | undefined {
  const start = text.indexOf(PREFIX);
  if (start < 0) return undefined;
  const middle = text.indexOf(SUFFIX, start + PREFIX.length);
  if (middle < 0) return undefined;
  const end = text.indexOf(END, middle + SUFFIX.length);
  if (end < 0) return undefined;
  return `${text.slice(start + PREFIX.length, middle)}\u0000${text.slice(middle + SUFFIX.length, end)}`;
}

function play({ turns, correct }: Situation): Action {
  const key = blocks(lastUserText(turns));
  const span = key === undefined ? undefined : knownSpans().get(key);
  if (span === undefined) return decline("I cannot tell what fills this gap.");
  return say(`\`\`\`python\n${correct ? span : "return None\n"}\`\`\``);
}

export default { play } satisfies Skill;
