import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/citation_if/index.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const params = { input: [{ role: "user", content: "When did it rain?" }] };
const verifier = {
  type: "citation_if",
  mode: "cite",
  grammar: "ascii_brackets",
  id_kind: "full_source",
  id_regex: "citation_[a-z0-9]{4}",
  valid_id_set: ["citation_aaaa", "citation_bbbb", "citation_cccc"],
  expected_ids: ["citation_aaaa"],
  expected_slack: 1,
  min_valid_citations: 1,
};

const message = (...texts: string[]) => ({ type: "message", role: "assistant", content: texts.map((text) => ({ type: "output_text", text, annotations: [] })) });

async function post(v: unknown, output: unknown[], extra: Record<string, unknown> = {}) {
  return client(server, serverEnv("citation_if")).post("/verify", { responses_create_params: params, verifier: v, ...extra, response: { id: "r1", output } });
}

async function verify(v: unknown, ...texts: string[]) {
  const res = await post(v, [message(...texts)]);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

// [case, reply, verifier, reward, gate_failed, parsed_ids, missed_ids], as NeMo Gym's scorer gives them.
const CASES: Array<[string, string, Record<string, unknown>, number, string | null, string[] | null, string[] | null]> = [
  ["a well-formed citation of the gold ID", "It rained [citation_aaaa].", {"grammar": "ascii_brackets", "id_regex": "citation_[a-z0-9]{4}", "valid_id_set": ["citation_aaaa", "citation_bbbb", "citation_cccc"], "expected_ids": ["citation_aaaa"]}, 1.0, null, ["citation_aaaa"], []],
  ["a markdown link is no bracket citation, so its ID is leaked", "It rained [citation_aaaa](http://x).", {"grammar": "ascii_brackets", "id_regex": "citation_[a-z0-9]{4}", "valid_id_set": ["citation_aaaa", "citation_bbbb", "citation_cccc"], "expected_ids": ["citation_aaaa"]}, 0.0, "malformed_attempt", [], []],
  ["one good citation does not excuse a leaked trailer", "It rained [citation_aaaa]. Sources: citation_1", {"grammar": "ascii_brackets", "id_regex": "citation_[a-z0-9]{4}", "valid_id_set": ["citation_aaaa", "citation_bbbb", "citation_cccc"], "expected_ids": ["citation_aaaa"]}, 0.0, "malformed_attempt", ["citation_aaaa"], []],
  ["a citation with no answer", "[citation_aaaa]", {"grammar": "ascii_brackets", "id_regex": "citation_[a-z0-9]{4}", "valid_id_set": ["citation_aaaa", "citation_bbbb", "citation_cccc"], "expected_ids": ["citation_aaaa"]}, 0.0, "no_answer", ["citation_aaaa"], []],
  ["an ID that does not exist", "It rained [citation_aaaa][citation_zzzz].", {"grammar": "ascii_brackets", "id_regex": "citation_[a-z0-9]{4}", "valid_id_set": ["citation_aaaa", "citation_bbbb", "citation_cccc"], "expected_ids": ["citation_aaaa"]}, 0.0, "no_hallucination", ["citation_aaaa", "citation_zzzz"], []],
  ["the gold ID not cited", "It rained [citation_bbbb].", {"grammar": "ascii_brackets", "id_regex": "citation_[a-z0-9]{4}", "valid_id_set": ["citation_aaaa", "citation_bbbb", "citation_cccc"], "expected_ids": ["citation_aaaa"]}, 0.0, "correctness_missed_gold", ["citation_bbbb"], ["citation_aaaa"]],
  ["more than gold plus slack", "It rained [citation_aaaa][citation_bbbb][citation_cccc].", {"grammar": "ascii_brackets", "id_regex": "citation_[a-z0-9]{4}", "valid_id_set": ["citation_aaaa", "citation_bbbb", "citation_cccc"], "expected_ids": ["citation_aaaa"]}, 0.0, "correctness_over_cap", ["citation_aaaa", "citation_bbbb", "citation_cccc"], []],
  ["gold plus one within slack", "It rained [citation_aaaa][citation_bbbb].", {"grammar": "ascii_brackets", "id_regex": "citation_[a-z0-9]{4}", "valid_id_set": ["citation_aaaa", "citation_bbbb", "citation_cccc"], "expected_ids": ["citation_aaaa"]}, 1.0, null, ["citation_aaaa", "citation_bbbb"], []],
  ["no citation", "It rained.", {"grammar": "ascii_brackets", "id_regex": "citation_[a-z0-9]{4}", "valid_id_set": ["citation_aaaa", "citation_bbbb", "citation_cccc"], "expected_ids": ["citation_aaaa"]}, 0.0, "must_cite", [], []],
  ["a repeated citation counts once", "A [citation_aaaa] B [citation_aaaa].", {"grammar": "ascii_brackets", "id_regex": "citation_[a-z0-9]{4}", "valid_id_set": ["citation_aaaa", "citation_bbbb", "citation_cccc"], "expected_ids": ["citation_aaaa"]}, 1.0, null, ["citation_aaaa"], []],
  ["cite_xml takes a comma list", "A <cite>citation_aaaa,citation_bbbb</cite>.", {"grammar": "cite_xml", "id_regex": "citation_[a-z0-9]{4}", "valid_id_set": ["citation_aaaa", "citation_bbbb", "citation_cccc"], "expected_ids": ["citation_aaaa"]}, 1.0, null, ["citation_aaaa", "citation_bbbb"], []],
  ["cite_xml with an unclosed tag", "A <cite>citation_aaaa</cite> <cite>x.", {"grammar": "cite_xml", "id_regex": "citation_[a-z0-9]{4}", "valid_id_set": ["citation_aaaa", "citation_bbbb", "citation_cccc"], "expected_ids": ["citation_aaaa"]}, 0.0, "malformed_attempt", ["citation_aaaa"], []],
  ["a claim wrap alone is an answer", "<cite index=\"citation_aaaa\">It rained</cite>", {"grammar": "claim_wrap_xml", "id_regex": "citation_[a-z0-9]{4}", "valid_id_set": ["citation_aaaa", "citation_bbbb", "citation_cccc"], "expected_ids": ["citation_aaaa"]}, 1.0, null, ["citation_aaaa"], []],
  ["an empty claim wrap is no citation, and its tags unbalance", "<cite index=\"citation_aaaa\"> </cite> It rained <cite index=\"citation_bbbb\">x</cite>", {"grammar": "claim_wrap_xml", "id_regex": "citation_[a-z0-9]{4}", "valid_id_set": ["citation_aaaa", "citation_bbbb", "citation_cccc"], "expected_ids": ["citation_aaaa"]}, 0.0, "malformed_attempt", ["citation_bbbb"], []],
  ["a claim spans lines", "<cite index=\"citation_aaaa\">It\nrained</cite>", {"grammar": "claim_wrap_xml", "id_regex": "citation_[a-z0-9]{4}", "valid_id_set": ["citation_aaaa", "citation_bbbb", "citation_cccc"], "expected_ids": ["citation_aaaa"]}, 1.0, null, ["citation_aaaa"], []],
  ["a claim wrap never closed", "<cite index=\"citation_aaaa\">It rained", {"grammar": "claim_wrap_xml", "id_regex": "citation_[a-z0-9]{4}", "valid_id_set": ["citation_aaaa", "citation_bbbb", "citation_cccc"], "expected_ids": ["citation_aaaa"]}, 0.0, "malformed_attempt", [], []],
  ["no_cite: plain answer", "It rained.", {"grammar": "ascii_brackets", "id_regex": "citation_[a-z0-9]{4}", "valid_id_set": ["citation_aaaa", "citation_bbbb", "citation_cccc"], "expected_ids": ["citation_aaaa"], "mode": "no_cite"}, 1.0, null, [], []],
  ["no_cite: a stray open tag", "It rained <cite>.", {"grammar": "cite_xml", "id_regex": "citation_[a-z0-9]{4}", "valid_id_set": ["citation_aaaa", "citation_bbbb", "citation_cccc"], "expected_ids": ["citation_aaaa"], "mode": "no_cite"}, 0.0, "no_cite", [], []],
  ["no_cite: an ID in any case", "It rained CITATION_x.", {"grammar": "ascii_brackets", "id_regex": "citation_[a-z0-9]{4}", "valid_id_set": ["citation_aaaa", "citation_bbbb", "citation_cccc"], "expected_ids": ["citation_aaaa"], "mode": "no_cite"}, 0.0, "no_cite", [], []],
  ["an unknown grammar", "x", {"grammar": "nope", "id_regex": "citation_[a-z0-9]{4}", "valid_id_set": ["citation_aaaa", "citation_bbbb", "citation_cccc"], "expected_ids": ["citation_aaaa"]}, 0.0, "unknown_grammar", null, null],
  ["numeric IDs by default", "Rain [citation_12].", {"grammar": "ascii_brackets", "valid_id_set": ["citation_12"]}, 1.0, null, ["citation_12"], []],
  ["snippet IDs by default for snippet rows", "Rain [citation_12:snippet_3].", {"grammar": "ascii_brackets", "id_kind": "snippet", "valid_id_set": ["citation_12:snippet_3"]}, 1.0, null, ["citation_12:snippet_3"], []],
  ["fewer than min_valid_citations", "Rain [citation_aaaa].", {"grammar": "ascii_brackets", "id_regex": "citation_[a-z0-9]{4}", "valid_id_set": ["citation_aaaa", "citation_bbbb", "citation_cccc"], "expected_ids": null, "min_valid_citations": 2}, 0.0, "must_cite", ["citation_aaaa"], []],
  ["an answer in any script", "雨 [citation_aaaa]", {"grammar": "ascii_brackets", "id_regex": "citation_[a-z0-9]{4}", "valid_id_set": ["citation_aaaa", "citation_bbbb", "citation_cccc"], "expected_ids": ["citation_aaaa"]}, 1.0, null, ["citation_aaaa"], []],
  ["fullwidth brackets", "Rain 【citation_aaaa】", {"grammar": "fullwidth_brackets", "id_regex": "citation_[a-z0-9]{4}", "valid_id_set": ["citation_aaaa", "citation_bbbb", "citation_cccc"], "expected_ids": ["citation_aaaa"]}, 1.0, null, ["citation_aaaa"], []],
  ["the reserved example ID echoed", "Rain [citation_xmpl].", {"grammar": "ascii_brackets", "id_regex": "citation_[a-z0-9]{4}", "valid_id_set": ["citation_aaaa", "citation_bbbb", "citation_cccc"], "expected_ids": ["citation_aaaa"]}, 0.0, "must_cite", ["citation_xmpl"], []],
];

describe("citation_if: the gates", () => {
  test.each(CASES)("%s", async (_name, reply, v, reward, gate, parsed, missed) => {
    const { match_details: details, ...body } = await verify(v, reply);
    expect(body.reward).toBe(reward);
    expect(details.gate_failed).toBe(gate);
    // An unknown grammar's details are only the gate and the grammar.
    expect(details.parsed_ids ?? null).toEqual(parsed);
    expect(details.missed_ids ?? null).toEqual(missed);
  });

  test("every match_details field, and the row echoed with its build metadata", async () => {
    const res = await post(verifier, [message("It rained [citation_aaaa][citation_bbbb].")], { _gen_config: { seed: 1 } });
    expect(res.body).toMatchObject({ reward: 1, verifier, _gen_config: { seed: 1 } });
    expect(res.body.match_details).toEqual({
      gate_failed: null,
      mode: "cite",
      grammar: "ascii_brackets",
      id_kind: "full_source",
      id_regex: "citation_[a-z0-9]{4}",
      structural_ok: true,
      function_call_count: 0,
      attempt_hits: true,
      bare_id_hits: true,
      parsed_ids: ["citation_aaaa", "citation_bbbb"],
      cited_ids: ["citation_aaaa", "citation_bbbb"],
      valid_cited: ["citation_aaaa", "citation_bbbb"],
      invalid_cited: [],
      num_valid_cited: 2,
      expected_ids: ["citation_aaaa"],
      missed_ids: [],
      over_cap: false,
    });
  });

  test("a reply that calls a tool fails the structural gate; the tool gets the terminal text", async () => {
    const call = { type: "function_call", call_id: "c1", name: "web_search", arguments: "{}" };
    const res = await post(verifier, [call, message("It rained [citation_aaaa].")]);
    expect(res.body).toMatchObject({ reward: 0, match_details: { gate_failed: "structural", structural_ok: false, function_call_count: 1, parsed_ids: [] } });
    const tool = await client(server, serverEnv("citation_if")).post("/web_search", { query: "rain" });
    expect(tool.status).toBe(200);
    expect(JSON.stringify(tool.body)).toContain("No further tool results are available");
  });

  test("assistant messages' parts are joined by newlines (empty ones skipped), then trimmed", async () => {
    // Joined with nothing between them these two parts would make one well-formed citation.
    expect((await verify(verifier, "It rained [citation_aaaa", "", "]")).match_details).toMatchObject({ gate_failed: "malformed_attempt", parsed_ids: [] });
    expect((await verify(verifier, "   ", "")).match_details).toMatchObject({ gate_failed: "structural" });
  });
});

describe("citation_if: rows and long replies", () => {
  test.each([
    ["an unknown mode", { ...verifier, mode: "maybe" }, "verifier.mode"],
    ["an ID pattern that can backtrack without bound", { ...verifier, id_regex: "(a+)+" }, "verifier.id_regex"],
    ["IDs that are not strings", { ...verifier, valid_id_set: [1] }, "verifier.valid_id_set[0]"],
    ["a slack that is not an integer", { ...verifier, expected_slack: 0.5 }, "verifier.expected_slack"],
  ])("%s is a 400 naming the field", async (_name, v, path) => {
    const res = await post(v, [message("x")]);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(path);
  });

  test("500 KB replies are graded quickly, claim wraps never closed included", async () => {
    const started = performance.now();
    const wraps = '<cite index="citation_aaaa">'.repeat(18_000);
    expect((await verify({ ...verifier, grammar: "claim_wrap_xml" }, wraps)).match_details).toMatchObject({ gate_failed: "malformed_attempt", parsed_ids: [] });
    expect((await verify(verifier, "It rained. ".repeat(45_000) + "[citation_aaaa]")).reward).toBe(1);
    expect((await verify({ ...verifier, grammar: "cite_xml" }, "<cite>citation_aaaa," + "citation_bbbb,".repeat(35_000))).reward).toBe(0);
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});
