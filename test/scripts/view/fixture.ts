// A rollouts file shaped like collect's (multi-turn, function calls and their outputs, reasoning,
// reward components) and its failures file, written to a fresh folder: the viewer's tests read it.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const XSS = `<img src=x onerror="window.__xss=1"></script><script>window.__xss=2</script>`;
/** The big tool output's length: past the page's cut, and with its line across the reader's 1 MiB chunks. */
export const BIG = 1_100_000;

const usage = (input: number, output: number) => ({
  input_tokens: input,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: output,
  output_tokens_details: { reasoning_tokens: 7 },
  total_tokens: input + output,
});

function rollout(agent: string, task: number, index: number, reward: number, tool: { args: string; output: string }, answer: string) {
  const prompt = task === 5 ? `Say ${XSS}` : `Question ${task}: add 2 and ${task} (é—🙂)`;
  const call = `call_${agent}_${task}_${index}`;
  return {
    responses_create_params: {
      input: [
        { type: "message", role: "system", content: "You add numbers with the calculator." },
        { type: "message", role: "user", content: prompt },
      ],
      tools: [{ type: "function", name: "calculator", description: "Adds two numbers.", parameters: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } } }, strict: true }],
    },
    agent_ref: { name: agent },
    expected_answer: String(2 + task),
    response: {
      id: `resp_${task}_${index}`,
      model: "test-model",
      status: "completed",
      output: [
        { id: "rs_1", type: "reasoning", summary: [{ type: "summary_text", text: `I should call the calculator for task ${task}.` }] },
        { id: "fc_1", type: "function_call", call_id: call, name: "calculator", arguments: tool.args, status: "completed" },
        { type: "function_call_output", call_id: call, output: tool.output },
        { type: "message", role: "user", content: "Now answer in one word." },
        { id: "msg_1", type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: answer, annotations: [] }] },
      ],
      usage: usage(100 + task, 20 + index),
    },
    reward,
    reward_components: { accuracy: reward, format: 1, note: "not a number" },
    _ng_task_index: task,
    _ng_rollout_index: index,
  };
}

export interface Fixture {
  dir: string;
  rollouts: string;
  failures: string;
  /** Each line of the rollouts file (blank lines as null) and of the failures file. */
  lines: (Record<string, unknown> | null)[];
  failureLines: Record<string, unknown>[];
}

/**
 * Lines 1-6: agent_a, tasks 0-2 x rollouts 0-1 (reward 1 when task + rollout is even, else 0);
 * line 7 blank; lines 8-9: agent_b, task 0 (reward 0.5); line 10: task 5, hostile text everywhere;
 * line 11: task 3 with a BIG-character tool output. Failures: a deadline on task 4, an invalid row.
 */
export function writeFixture(): Fixture {
  const dir = mkdtempSync(join(tmpdir(), "edge-gym-view-"));
  const args = (task: number) => JSON.stringify({ a: 2, b: task });
  const lines: (Record<string, unknown> | null)[] = [];
  for (let task = 0; task < 3; task++) {
    for (let index = 0; index < 2; index++) lines.push(rollout("agent_a", task, index, (task + index) % 2 === 0 ? 1 : 0, { args: args(task), output: JSON.stringify({ sum: 2 + task }) }, String(2 + task)));
  }
  lines.push(null);
  for (let index = 0; index < 2; index++) lines.push(rollout("agent_b", 0, index, 0.5, { args: args(0), output: "2" }, "two"));
  lines.push(rollout("agent_a", 5, 0, 0, { args: `{"a": "${XSS}"}`, output: XSS }, XSS));
  lines.push(rollout("agent_a", 3, 0, 1, { args: args(3), output: "x".repeat(BIG) }, "5"));
  const failureLines = [
    { ...rollout("agent_a", 4, 0, 0, { args: "", output: "" }, ""), response: undefined, reward: undefined, reward_components: undefined, _ng_failure_class: "deadline_exceeded", error: { message: "the rollout ran past its deadline" }, _ng_attempts: 3 },
    { responses_create_params: { input: "bad row" }, agent_ref: { name: "agent_a" }, _ng_failure_class: "invalid_row", error: "responses_create_params.input: too short", _ng_input_line: 12 },
  ];
  const rollouts = join(dir, "run.jsonl");
  const failures = join(dir, "run_failures.jsonl");
  // The last line has no newline after it, as a file cut short may end.
  writeFileSync(rollouts, lines.map((l) => (l === null ? "" : JSON.stringify(l))).join("\n"));
  writeFileSync(failures, failureLines.map((l) => `${JSON.stringify(l)}\n`).join(""));
  return { dir, rollouts, failures, lines, failureLines: failureLines.map((l) => JSON.parse(JSON.stringify(l)) as Record<string, unknown>) };
}
