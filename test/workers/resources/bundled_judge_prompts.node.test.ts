// The prompt files frontierscience_judge, imo_proofbench_judge and math_with_autograder bundle (our
// own wording): each parses, holds its prompt under `user`, names exactly the placeholders NeMo's
// does, and asks for the verdict in the format the server reads.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { formatTemplate, templateFields } from "../../../shared/judge/template.ts";

const RESOURCES = join(import.meta.dirname, "../../../workers/resources");

const PROMPTS = [
  { server: "frontierscience_judge", file: "prompts/judge.yaml", fields: ["question", "expected_answer", "generation"], asks: ["Judgement: YES", "Judgement: NO"] },
  { server: "frontierscience_judge", file: "prompts/research_judge.yaml", fields: ["question", "rubric", "generation"], asks: ["Score: <points>/10", "Judgement: YES", "Judgement: NO"] },
  { server: "imo_proofbench_judge", file: "prompts/judge.yaml", fields: ["problem", "reference_solution", "rubric", "predicted_answer"], asks: ["<points>7 out of 7</points>", "<points>0 out of 7</points>"] },
  { server: "math_with_autograder", file: "prompts/judge.yaml", fields: ["problem", "predicted_answer", "expected_answer"], asks: ["\\boxed{Correct}", "\\boxed{Incorrect}"] },
];

describe("bundled judge prompts", () => {
  test.each(PROMPTS)("$server $file: placeholders and verdict format", ({ server, file, fields, asks }) => {
    const prompt = parse(readFileSync(join(RESOURCES, server, file), "utf8")) as { user: string };
    expect(templateFields(prompt.user).sort()).toEqual([...fields].sort());
    const filled = formatTemplate(prompt.user, Object.fromEntries(fields.map((f) => [f, `<${f}>`])));
    for (const label of asks) expect(filled).toContain(label);
  });
});
