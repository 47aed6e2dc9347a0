// proof_verification's emulator skill: the policy's boxed grade of each bundled row's proof (right:
// by what the proof admits to; wrong: 0), and its meta-verifier rating the candidate against the
// reference evaluation through the bundled prompt and NeMo's layout, truly or falsely as drawn.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { play } from "../../../../gpu_gateway/emulator/policy/index.ts";
import { boxedScore } from "../../../../shared/judge/proof_scores.ts";
import { formatTemplate, templateFields } from "../../../../shared/judge/template.ts";

const NAME = "proof_verification";
const dir = new URL(`../../../../workers/resources/${NAME}/`, import.meta.url);
const rows = readFileSync(new URL("data/example.jsonl", dir), "utf8").trim().split("\n").map((l) => JSON.parse(l));
const BUNDLED: string = parse(readFileSync(new URL("prompt_templates/meta-verifier.yaml", dir), "utf8")).user;
const NEMO = "Compare.\n\\boxed{{...}}\n\n---\n\n## Problem\n{problem}\n\n## Solution\n{proof}\n\n## Reference Evaluation\n{ground_truth_judgement}\n\n## Candidate Evaluation\n{candidate_judgement}";

const turn = (content: string, correct: boolean, environment: string) => play({ turns: [{ role: "user", content }], tools: [], correct }, environment).content ?? "";

describe("emulator: proof_verification", () => {
  test("the bundled prompt fills NeMo's placeholders", () => {
    expect(templateFields(BUNDLED).sort()).toEqual(["candidate_judgement", "ground_truth_judgement", "problem", "proof"]);
  });

  test.each(rows.map((row, i) => [i, row]))("row %s: a boxed grade, rated against the reference truly or falsely", (_i, row) => {
    const prompt = row.responses_create_params.input[0].content;
    const right = turn(prompt, true, NAME);
    const wrong = turn(prompt, false, NAME);
    expect(boxedScore(right)).toBe(1);
    expect(boxedScore(wrong)).toBe(0);
    // The reference's score read from its wording, as the rows give it.
    const agreement = (candidate: string) => 1 - Math.abs(boxedScore(candidate)! - row.ground_truth_verify_score);
    for (const template of [BUNDLED, NEMO]) {
      const rate = (candidate: string, correct: boolean) =>
        boxedScore(turn(formatTemplate(template, { problem: row.problem, proof: row.proof, ground_truth_judgement: row.ground_truth_judgement, candidate_judgement: candidate }), correct, `${NAME}#judge`));
      expect([rate(right, true), rate(wrong, true)]).toEqual([agreement(right), agreement(wrong)]);
      expect([rate(right, false), rate(wrong, false)]).toEqual([1 - agreement(right), 1 - agreement(wrong)]);
    }
  });
});
