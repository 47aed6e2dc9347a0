import { describe, expect, test } from "vitest";
import { formatTemplate, templateFields } from "../../../shared/judge/template.ts";
import { lastLabel, lastMatch, lastNumber } from "../../../shared/judge/verdicts.ts";
import { HttpError } from "../../../shared/server/errors.ts";

describe("formatTemplate (Python str.format, named fields)", () => {
  test("fills fields once and unescapes doubled braces", () => {
    expect(formatTemplate('Q: {question}\nA: {answer}\nJSON: {{"score": 1}}', { question: "2+2?", answer: "4" })).toBe('Q: 2+2?\nA: 4\nJSON: {"score": 1}');
  });

  test("an answer holding a placeholder is not filled again", () => {
    expect(formatTemplate("{generation} vs {expected_answer}", { generation: "{expected_answer}", expected_answer: "42" })).toBe("{expected_answer} vs 42");
  });

  test("a field the server does not fill is a 500 naming it", () => {
    const err = (() => {
      try {
        formatTemplate("{question} {rubric}", { question: "q" });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(500);
    expect((err as Error).message).toMatch(/\{rubric\}/);
    expect(templateFields("{a} {{b}} {c} {a}")).toEqual(["a", "c"]);
  });
});

describe("verdict readers", () => {
  test("lastLabel: the label written last, a label inside a longer one not read there", () => {
    expect(lastLabel("[[YES]] ... final: [[NO]]", ["[[YES]]", "[[NO]]"])).toBe("[[NO]]");
    expect(lastLabel("first [[A!=B]] then [[A=B]]", ["[[A=B]]", "[[A!=B]]"])).toBe("[[A=B]]");
    expect(lastLabel("only [[A!=B]]", ["[[A=B]]", "[[A!=B]]"])).toBe("[[A!=B]]");
    expect(lastLabel("nothing", ["[[A=B]]"])).toBeUndefined();
  });

  test("lastMatch and lastNumber", () => {
    expect(lastMatch("Judgement: NO ... Judgement: YES", /Judgement:\s*(YES|NO)/)?.[1]).toBe("YES");
    expect(lastNumber("<points>2 out of 7</points> <points>6 out of 7</points>", /<points>\s*(\d+)\s*out of 7/)).toBe(6);
    expect(lastNumber("no score", /(\d+)/)).toBeUndefined();
  });
});
