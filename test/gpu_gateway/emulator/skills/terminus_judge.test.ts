// terminus_judge's emulator skill: for each bundled row a command batch in the row's harness
// format, right or wrong, and the judge comparing GOLD and CANDIDATE through the bundled prompts
// (and NeMo's layout), truly on the right path and falsely on the wrong.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { play } from "../../../../gpu_gateway/emulator/policy/index.ts";
import { formatTemplate, templateFields } from "../../../../shared/judge/template.ts";
import { HARNESSES } from "../../../../workers/resources/terminus_judge/harness.ts";
import { readVerdict } from "../../../../workers/resources/terminus_judge/verdict.ts";

const NAME = "terminus_judge";
const dir = new URL(`../../../../workers/resources/${NAME}/`, import.meta.url);
const rows = readFileSync(new URL("data/example.jsonl", dir), "utf8").trim().split("\n").map((l) => JSON.parse(l));
const prompt = (file: string) => readFileSync(new URL(`prompt_templates/${file}`, dir), "utf8").trim();
const NEMO = "Grade.\n- If equivalent: [[A=B]] they are equivalent\n\n===== Example =====\nGOLD:\n{{}}\n\nCANDIDATE:\n{{}}\n\n===== Inputs =====\nGOLD:\n{expected_answer}\n\nCANDIDATE:\n{generated_answer}";
const LABELS = { equal: "[[A=B]]", notEqual: "[[A!=B]]" };

const turn = (content: string, correct: boolean, environment: string) => play({ turns: [{ role: "user", content }], tools: [], correct }, environment);

describe("emulator: terminus_judge", () => {
  test("the bundled prompts fill NeMo's placeholders", () => {
    for (const file of ["terminus_prompt.txt", "rubrics_v4.txt"]) expect(templateFields(prompt(file)).sort()).toEqual(["expected_answer", "generated_answer"]);
  });

  test.each(rows.map((row) => [row.uuid, row]))("%s: batches in the row's harness, judged truly or falsely", (_id, row) => {
    const schema = HARNESSES[row.metadata.harness as keyof typeof HARNESSES];
    const [right, wrong] = [true, false].map((correct) => turn(row.responses_create_params.input[0].content, correct, NAME));
    for (const action of [right!, wrong!]) {
      expect(action.declined).toBeFalsy();
      expect(schema.safeParse(JSON.parse(action.content!)).success).toBe(true);
    }
    for (const template of [prompt("terminus_prompt.txt"), prompt("rubrics_v4.txt"), NEMO]) {
      const judged = (candidate: string, correct: boolean) =>
        readVerdict(turn(formatTemplate(template, { expected_answer: row.expected_answer, generated_answer: candidate }), correct, `${NAME}#judge`).content!, LABELS).equal;
      expect([judged(right!.content!, true), judged(wrong!.content!, true), judged(right!.content!, false), judged(wrong!.content!, false)]).toEqual([true, false, false, true]);
    }
  });

  test("a task it cannot work out is declined", () => {
    expect(turn("Task Description:\nFix the flaky test in the repository.\n", true, NAME).declined).toBe(true);
  });
});
