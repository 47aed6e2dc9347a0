// proof_judge's emulator skill: the policy's reply for each bundled row parses as the server reads
// it (right: a closed proof rated 1; wrong: a case taken on trust, still rated 1), and its judge
// scores both through the bundled prompts and NeMo's layout: the verifier 1 for the closed proof
// and 0 for the other, the meta-verifier 1 for an honest self-score and 0 for an overclaim, each
// the other way round on the wrong path.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { play } from "../../../../gpu_gateway/emulator/policy/index.ts";
import { boxedScore } from "../../../../shared/judge/proof_scores.ts";
import { formatTemplate, templateFields } from "../../../../shared/judge/template.ts";
import { parseProofReply } from "../../../../workers/resources/proof_judge/reply.ts";

const NAME = "proof_judge";
const dir = new URL(`../../../../workers/resources/${NAME}/`, import.meta.url);
const rows = readFileSync(new URL("data/example.jsonl", dir), "utf8").trim().split("\n").map((l) => JSON.parse(l));
const bundled = (file: string): string => parse(readFileSync(new URL(`prompt_templates/${file}`, dir), "utf8")).user;
const NEMO_VERIFIER = "Score it.\n\\boxed{{...}}\n\n---\n\nHere is your task input:\n\n## Problem\n{problem}\n\n## Solution\n{proof}";
const NEMO_META = "Rate the evaluation.\n\\boxed{{...}}\n\n---\n\n## Problem\n{problem}\n\n## Solution\n{proof}\n\n## Solution Evaluation\n{proof_analysis}";

const turn = (content: string, correct: boolean, environment: string) => play({ turns: [{ role: "user", content }], tools: [], correct }, environment).content ?? "";

describe("emulator: proof_judge", () => {
  test("the bundled prompts fill NeMo's placeholders", () => {
    expect(templateFields(bundled("verifier.yaml")).sort()).toEqual(["problem", "proof"]);
    expect(templateFields(bundled("meta-verifier.yaml")).sort()).toEqual(["problem", "proof", "proof_analysis"]);
    expect(templateFields(bundled("prover.yaml"))).toEqual(["problem"]);
    expect(formatTemplate(bundled("verifier.yaml"), { problem: "P", proof: "Q" })).toContain("\\boxed{...}");
  });

  test.each(rows.map((row, i) => [i, row]))("row %s: replies that parse, scored truly or falsely as drawn", (_i, row) => {
    const prompt = row.responses_create_params.input[0].content;
    const right = parseProofReply(turn(prompt, true, NAME), false)!;
    const wrong = parseProofReply(turn(prompt, false, NAME), false)!;
    expect([right.selfScore, wrong.selfScore]).toEqual([1, 1]);
    for (const [verifier, meta] of [[bundled("verifier.yaml"), bundled("meta-verifier.yaml")], [NEMO_VERIFIER, NEMO_META]]) {
      const verify = (proof: string, correct: boolean) => boxedScore(turn(formatTemplate(verifier!, { problem: row.problem, proof }), correct, `${NAME}#judge`));
      const rate = (reply: typeof right, correct: boolean) =>
        boxedScore(turn(formatTemplate(meta!, { problem: row.problem, proof: reply.proof, proof_analysis: reply.selfEvaluation }), correct, `${NAME}#judge`));
      expect([verify(right.proof, true), verify(wrong.proof, true), verify(right.proof, false), verify(wrong.proof, false)]).toEqual([1, 0, 0, 1]);
      expect([rate(right, true), rate(wrong, true), rate(right, false), rate(wrong, false)]).toEqual([1, 0, 0, 1]);
    }
  });
});
