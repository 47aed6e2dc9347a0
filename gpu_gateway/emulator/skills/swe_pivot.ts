// swe_pivot: the next step of a coding task, as one tool call on the editor or the shell the row
// offers, read from what the user asks: show a line range, create a file from a fenced block, put
// one quoted line in place of another, find where a function or class is defined, run a test file.
// Wrong path: a near miss the verifier's levels catch (another range, the wrong directory, a file
// cut short, the shell's `cat` instead of the command). Rows offering no tool (NeMo's examples) are
// declined: only a call written as text could come back. tool_simulation_agent asks once: the
// call is the whole step.
import type { ToolSpec } from "../messages.ts";
import { lastUserText } from "../policy/conversation.ts";
import { call, decline, type Action, type PlannedCall, type Situation, type Skill } from "../policy/types.ts";

const PATH = /\/[A-Za-z0-9_.\/-]+/;
const LINES = /\blines? (\d{1,7}) (?:to|through|-) (\d{1,7})\b/i;
const FENCE = /```[a-z]*\n([^`]*)```/;
const REPLACE = /`([^`\n]+)`[^`\n]{0,40}?should (?:read|be) `([^`\n]+)`/;
const CLASS = /\bclass `/i;
const NAME = /`([A-Za-z_][A-Za-z0-9_]*)`/;

const pick = (tools: readonly ToolSpec[], pattern: RegExp) => tools.find((t) => pattern.test(t.name));

/** The call the request asks for, and a near miss of it; undefined when the request is none of the five. */
function plan(request: string, editor: string | undefined, shell: string | undefined): { right: PlannedCall; wrong: PlannedCall } | undefined {
  const path = PATH.exec(request)?.[0]?.replace(/\.$/, "");
  if (!path) return undefined;
  const edit = (args: Record<string, unknown>) => (editor ? { name: editor, arguments: { path, ...args } } : undefined);
  const bash = (command: string) => (shell ? { name: shell, arguments: { command } } : undefined);
  const both = (right: PlannedCall | undefined, wrong: PlannedCall | undefined) => (right && wrong ? { right, wrong } : undefined);
  const lines = LINES.exec(request);
  if (lines) {
    const [start, end] = [Number(lines[1]), Number(lines[2])];
    return both(edit({ command: "view", view_range: [start, end] }), edit({ command: "view", view_range: [end, end + (end - start)] }));
  }
  const fence = /\bcreate\b/i.test(request) ? FENCE.exec(request) : null;
  if (fence) {
    const text = fence[1]!;
    return both(edit({ command: "create", file_text: text }), edit({ command: "create", file_text: text.split("\n")[0] + "\n" }));
  }
  const replace = REPLACE.exec(request);
  if (replace) return both(edit({ command: "str_replace", old_str: replace[1], new_str: replace[2] }), edit({ command: "str_replace", old_str: replace[1], new_str: "pass  # TODO" }));
  const defined = /\bdefined\b/i.test(request) ? NAME.exec(request) : null;
  if (defined) {
    const keyword = CLASS.test(request) ? "class" : "def";
    const parent = path.slice(0, path.lastIndexOf("/")) || "/";
    return both(bash(`grep -rn '${keyword} ${defined[1]}' ${path}`), bash(`grep -rn '${keyword} ${defined[1]}' ${parent}`));
  }
  if (/\b(?:run|pytest)\b/i.test(request) && /test/i.test(path)) return both(bash(`python -m pytest ${path} -q`), bash(`cat ${path}`));
  return undefined;
}

function play(situation: Situation): Action {
  const { turns, tools, correct } = situation;
  if (tools.length === 0) return decline("No tools are available to me here, so I cannot take the next step as a tool call.");
  const editor = pick(tools, /edit|write|file/i)?.name;
  const shell = pick(tools, /bash|shell|terminal|exec/i)?.name;
  const planned = plan(lastUserText(turns), editor, shell);
  if (!planned) return decline("I cannot tell which single tool call this step needs.");
  return call(correct ? planned.right : planned.wrong);
}

export default { play } satisfies Skill;
