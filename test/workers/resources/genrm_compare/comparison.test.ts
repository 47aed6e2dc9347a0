// genrm_compare's parts, each to the reference's documented behaviour: which pairs are compared,
// how a GenRM's verdict is read, and how verdicts become rewards (tie rule, bonuses, penalties).
import { describe, expect, test } from "vitest";
import { aggregateComparisons } from "../../../../workers/resources/genrm_compare/aggregate.ts";
import type { Adjustments, Comparison } from "../../../../workers/resources/genrm_compare/aggregate.ts";
import { comparisonPairs } from "../../../../workers/resources/genrm_compare/pairs.ts";
import { styleDensity } from "../../../../workers/resources/genrm_compare/style.ts";
import { readVerdict } from "../../../../workers/resources/genrm_compare/verdict.ts";
import { assistantMessage } from "../../../workerd/helpers.ts";

const defaults = { score: 3, ranking: 3.5 };
const none: Adjustments = {
  default_score: 3,
  reasoning_bonus: 0,
  answer_bonus: 0,
  top_percentile: 0.2,
  group_reasoning_length_penalty_coeff: 0,
  group_answer_length_penalty_coeff: 0,
  group_style_penalty_coeff: 0,
};
const response = (answer: string, reasoning = "") => ({
  output: [...(reasoning ? [{ type: "reasoning", summary: [{ type: "summary_text", text: reasoning }] }] : []), assistantMessage(answer)],
});
const verdict = (i: number, j: number, score_1: number, score_2: number, ranking: number, judge_idx = 0): Comparison => ({ response_i: i, response_j: j, judge_idx, score_1, score_2, ranking });

describe("comparison pairs", () => {
  test("circular: each with the next, wrapping round", () => {
    expect(comparisonPairs("circular", 4)).toEqual([[0, 1], [1, 2], [2, 3], [3, 0]]);
    expect(comparisonPairs("circular", 2)).toEqual([[0, 1], [1, 0]]);
  });
  test("all_pairs: every pair once, i < j", () => {
    expect(comparisonPairs("all_pairs", 4)).toEqual([[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]);
    expect(comparisonPairs("all_pairs", 16)).toHaveLength(120);
  });
  test("fewer than two responses is an error", () => {
    expect(() => comparisonPairs("circular", 1)).toThrow(/at least 2/);
  });
});

describe("reading a verdict", () => {
  test("a fenced json block wins over a later bare object", () => {
    const text = 'Thinking...\n```json\n{"score_1": 4, "score_2": 2, "ranking": 2}\n```\nAlso {"score_1": 1, "score_2": 5, "ranking": 6}';
    expect(readVerdict(text, defaults)).toEqual({ score_1: 4, score_2: 2, ranking: 2 });
  });
  test("without a fence, the last object holding a score key; braces inside strings are not structure", () => {
    const text = 'Draft {"score_1": 1, "score_2": 1, "ranking": 3} then {"note": "a } brace", "score_1": 5, "score_2": "3", "ranking": 1} {"unrelated": 1}';
    expect(readVerdict(text, defaults)).toEqual({ score_1: 5, score_2: 3, ranking: 1 });
  });
  test("a nested `overall` object is read; a missing key takes its default", () => {
    expect(readVerdict('{"rubric_evaluations": [], "overall": {"score_2": 4}}', defaults)).toEqual({ score_1: 3, score_2: 4, ranking: 3.5 });
  });
  test("no verdict: prose only, a non-numeric score, an unclosed object", () => {
    expect(readVerdict("Response 1 is better.", defaults)).toBeUndefined();
    expect(readVerdict('{"score_1": "good", "score_2": 3}', defaults)).toBeUndefined();
    expect(readVerdict('{"score_1": 4, "score_2": 3', defaults)).toBeUndefined();
    expect(readVerdict('{"score_1": null}', defaults)).toBeUndefined();
  });
  test("scores read as Python's float(): booleans and numeric strings", () => {
    expect(readVerdict('{"score_1": true, "score_2": " 2.5 ", "ranking": "1e0"}', defaults)).toEqual({ score_1: 1, score_2: 2.5, ranking: 1 });
  });
});

describe("aggregating verdicts into rewards", () => {
  const four = ["a", "b", "c", "d"].map((x) => response(x));

  test("each response averages its scores; a tie is broken by the ranking's distance from 3.5", () => {
    const comparisons = [verdict(0, 1, 4, 2, 2), verdict(1, 2, 3, 3, 2), verdict(2, 3, 5, 1, 1), verdict(3, 0, 2, 2, 5)];
    const { rewards, metrics } = aggregateComparisons(comparisons, four, none);
    // (1,2) tie, ranking 2: response 1 +1.5, response 2 -1.5; (3,0) tie, ranking 5: 3 -1.5, 0 +1.5.
    expect(rewards).toEqual([(4 + 3.5) / 2, (2 + 4.5) / 2, (1.5 + 5) / 2, (1 + 0.5) / 2]);
    expect(metrics.tiebreak_usage_rate).toBe(0.5);
    const scores = [4, 2, 3, 3, 5, 1, 2, 2];
    const mean = scores.reduce((a, b) => a + b) / scores.length;
    expect(metrics.mean_individual_score).toBe(mean);
    expect(metrics.std_individual_score).toBeCloseTo(Math.sqrt(scores.reduce((s, x) => s + (x - mean) ** 2, 0) / scores.length), 12);
  });

  test("a response in no comparison gets default_score; no comparisons, no metrics", () => {
    const { rewards, metrics } = aggregateComparisons([verdict(0, 1, 5, 1, 1)], [...four.slice(0, 3)], { ...none, default_score: 2.5 });
    expect(rewards).toEqual([5, 1, 2.5]);
    expect(aggregateComparisons([], four.slice(0, 2), none).metrics).toEqual({});
  });

  test("answer bonus: only the shortest non-empty answer, and only if it is among the top scorers", () => {
    const responses = [response("long answer here"), response("short"), response("")];
    const comparisons = [verdict(0, 1, 3, 5, 5), verdict(1, 2, 5, 1, 1), verdict(2, 0, 1, 3, 5)];
    const base = aggregateComparisons(comparisons, responses, none).rewards;
    const withBonus = aggregateComparisons(comparisons, responses, { ...none, answer_bonus: 0.5 }).rewards;
    expect(withBonus).toEqual([base[0], base[1]! + 0.5, base[2]]);
    // The shortest answer scoring below the top fifth gets nothing.
    const flipped = [verdict(0, 1, 5, 1, 1), verdict(1, 2, 1, 3, 5), verdict(2, 0, 3, 5, 5)];
    expect(aggregateComparisons(flipped, responses, { ...none, answer_bonus: 0.5 }).rewards).toEqual(aggregateComparisons(flipped, responses, none).rewards);
  });

  test("group length penalty: zero-centred, shorter answers gain and longer lose", () => {
    const responses = [response("x".repeat(10)), response("x".repeat(20)), response("x".repeat(30))];
    const comparisons = [verdict(0, 1, 3, 3, 3.5), verdict(1, 2, 3, 3, 3.5), verdict(2, 0, 3, 3, 3.5)];
    const { rewards } = aggregateComparisons(comparisons, responses, { ...none, group_answer_length_penalty_coeff: 1 });
    // Raw weights 1, 0.5, 0; mean 0.5.
    expect(rewards.map((r) => r - 3)).toEqual([0.5, 0, -0.5]);
  });

  test("reasoning bonus reads the reasoning summaries", () => {
    const responses = [response("same", "a long chain of thought"), response("same", "brief")];
    const comparisons = [verdict(0, 1, 4, 4, 3.5), verdict(1, 0, 4, 4, 3.5)];
    const { rewards } = aggregateComparisons(comparisons, responses, { ...none, reasoning_bonus: 0.25, top_percentile: 1 });
    expect(rewards).toEqual([4, 4.25]);
  });

  test("style penalty: denser formatting loses, plainer gains, code blocks do not count", () => {
    const busy = "# Title\n- **one**\n- **two**\n";
    const plain = "One and two, said plainly in a sentence.";
    const coded = "Plain words.\n```\n# not a header\n- not a list\n```";
    expect(styleDensity(coded)).toBe(0);
    expect(styleDensity(busy)).toBeGreaterThan(styleDensity(plain));
    const responses = [response(busy), response(plain)];
    const comparisons = [verdict(0, 1, 4, 4, 3.5), verdict(1, 0, 4, 4, 3.5)];
    const { rewards } = aggregateComparisons(comparisons, responses, { ...none, group_style_penalty_coeff: 1 });
    expect(rewards).toEqual([3.5, 4.5]);
  });
});
