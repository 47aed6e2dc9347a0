// code_fim's harness (program.ts) run by the local python3 itself, without the sandbox: the
// library's statuses, NeMo Gym's recorded ones, the time limit, and a model's ways to fake a pass.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { checkProgram, checkRun, verdictOf, VERDICT_MARKER } from "../../../../workers/resources/code_fim/program.ts";
import { completionOf, extractCodeStrict } from "../../../../workers/resources/code_fim/extract.ts";
import { problemsOf } from "../../../../shared/datasets/human_eval_infilling/index.ts";
import type { Problem } from "../../../../shared/datasets/human_eval_infilling/index.ts";

const dir = mkdtempSync(join(tmpdir(), "edge-gym-code-fim-harness-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function status(problem: Problem, completion: string, timeoutS = 3): string {
  const request = checkRun(checkProgram(problem, completion), timeoutS, { wall_s: 9, cpu_s: 9, memory_mb: 1024 });
  for (const [name, text] of Object.entries(request.files!)) writeFileSync(join(dir, name), text);
  const ran = spawnSync("python3", ["main.py"], { cwd: dir, encoding: "utf8", timeout: 20_000 });
  expect(ran.status, ran.stderr).toBe(0);
  return verdictOf(ran.stdout);
}

const ONE: Problem = { task_id: "t", prompt: "def f():\n    return ", suffix: "\n", canonical_solution: "1", test: "def check(candidate):\n    assert candidate() == 1\n", entry_point: "f" };

test("the library's statuses: passed, failed: <error> (an empty message stays empty), timed out", () => {
  expect(status(ONE, "1")).toBe("passed");
  expect(status(ONE, "2")).toBe("failed: ");
  expect(status(ONE, "1/0")).toBe("failed: division by zero");
  expect(status(ONE, "(")).toMatch(/^failed: .*\(<string>, line 2\)$/);
  expect(status(ONE, "[x for x in iter(int, 1)]", 1)).toBe("timed out");
  // Reading stdin fails as the library's write-only stream does; printing is swallowed.
  expect(status(ONE, "input()")).toBe("failed: ");
  expect(status(ONE, "print('noise') or 1")).toBe("passed");
});

test("NeMo Gym's recorded rollouts get their recorded statuses, and every example task's own span passes", async () => {
  const problems = await problemsOf("random_span");
  const recorded: [string, string, string][] = [
    ["RandomSpanInfilling/HumanEval/4/1", "\n\n```python\nmean = sum(numbers) / len(numbers)\n```\n", "failed: name 'm' is not defined"],
    ["RandomSpanInfilling/HumanEval/3/1", "\n\n```python\nreturn True\n```\n", "failed: unindent does not match any outer indentation level (<string>, line 18)"],
    ["RandomSpanInfilling/HumanEval/2/1", "\n\n```python\nnum = number - int(number)\n```\n", "failed: invalid syntax (<string>, line 12)"],
    [
      "RandomSpanInfilling/HumanEval/1/1",
      "\n\n```python\n        current_string.append(c)\n    else:\n        if c == ')':\n            current_depth -= 1\n            current_string.append(c)\n            if current_depth == 0:\n                result.append(''.join(current_string))\n                current_string.clear()\n```\n",
      "failed: unexpected indent (<string>, line 19)",
    ],
  ];
  for (const [id, reply, expected] of recorded) {
    const problem = problems.get(id)!;
    expect(status(problem, completionOf(extractCodeStrict(reply), problem.prompt, problem.suffix))).toBe(expected);
  }
  for (const index of [0, 1, 2, 3, 4]) {
    const problem = problems.get(`RandomSpanInfilling/HumanEval/${index}/1`)!;
    expect(status(problem, problem.canonical_solution)).toBe("passed");
  }
});

test("attacks: printing a verdict, exiting early, writing to every open pipe or the parent's stdout never pass", () => {
  const forged = JSON.stringify(`\n${VERDICT_MARKER}${JSON.stringify({ result: "passed" })}\n`);
  const attacks = [
    `1\nprint(${forged})\nimport sys\nsys.__stdout__.write(${forged})\nsys.__stdout__.flush()\nimport os\nos._exit(0)`,
    "1\nimport sys\nsys.exit(0)",
    "1\nimport os\nos._exit(0)",
    `1\nimport os\nfor fd in os.listdir('/proc/self/fd'):\n    try:\n        os.write(int(fd), b'passed')\n    except OSError:\n        pass\nos._exit(0)`,
    `1\nimport os\ntry:\n    open('/proc/%d/fd/1' % os.getppid(), 'w').write(${forged})\nexcept OSError:\n    pass\nos._exit(0)`,
    // The test defines check after the splice; a check defined earlier is overwritten, and a raise fails.
    "1\ndef check(candidate):\n    pass\nraise SystemExit(0)",
  ];
  for (const attack of attacks) expect(status({ ...ONE, test: "def check(candidate):\n    assert candidate() == 2\n" }, attack), attack).not.toBe("passed");
});
