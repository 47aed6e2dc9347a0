import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/format_verification/index.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const params = { input: [{ role: "user", content: "List the winners, one per line, each starting with an arrow." }] };
const freeform = { type: "regex", pattern_id: "bullet_arrow", verify_regex: ["^→ .+"], verify_min_matches: 3 };
const citation = { type: "string_match", patterns: ["\\[ref:2\\]"], expected_markers: ["[ref:2]"] };

const message = (...texts: string[]) => ({ type: "message", role: "assistant", content: texts.map((text) => ({ type: "output_text", text, annotations: [] })) });

async function post(verifier: unknown, output: unknown[]) {
  return client(server, serverEnv("format_verification")).post("/verify", { responses_create_params: params, verifier, response: { id: "r1", output } });
}

async function verify(verifier: unknown, ...texts: string[]) {
  const res = await post(verifier, [message(...texts)]);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe("format_verification: freeform (regex) rows", () => {
  test("lines matching a pattern reach the threshold; the verifier is echoed as sent", async () => {
    const body = await verify(freeform, "Winners:\n→ Ada\n→ Bo\n→ Cy\n");
    expect(body).toMatchObject({ reward: 1, verifier: freeform, match_details: { matching_lines: 3, min_matches: 3, passed: true } });
    expect(await verify(freeform, "→ Ada\n→ Bo")).toMatchObject({ reward: 0, match_details: { matching_lines: 2, passed: false } });
  });

  test("patterns are case-sensitive, searched per \\n-split line, and a line counts once whatever it matches", async () => {
    const v = { type: "regex", verify_regex: ["^- ", "item"], verify_min_matches: 2 };
    expect((await verify(v, "- item one\n- ITEM two")).match_details).toMatchObject({ matching_lines: 2 });
    expect((await verify(v, "- ITEM\r\nITEM")).match_details).toMatchObject({ matching_lines: 1 });
    // `.` spans a \r as Python's does, but lines split on \n only.
    expect((await verify({ type: "regex", verify_regex: ["^a.b$"], verify_min_matches: 1 }, "a\rb")).reward).toBe(1);
  });

  test("message parts are joined with nothing between them; only output_text of messages counts", async () => {
    expect((await verify(freeform, "→ Ada\n→ B", "o\n→ Cy")).match_details).toMatchObject({ matching_lines: 3 });
    const res = await post(freeform, [{ type: "reasoning", id: "x", summary: [{ type: "summary_text", text: "→ a\n→ b\n→ c" }] }, message("→ only")]);
    expect(res.body.match_details).toMatchObject({ matching_lines: 1 });
  });

  test("no patterns count nothing; the threshold defaults to 1 and may be 0; inline_prose is graded alike", async () => {
    expect(await verify({ type: "regex" }, "anything")).toMatchObject({ reward: 0, match_details: { matching_lines: 0, min_matches: 1 } });
    expect(await verify({ type: "regex", verify_regex: [], verify_min_matches: 0 }, "")).toMatchObject({ reward: 1 });
    expect((await verify({ ...freeform, type: "inline_prose" }, "→ a\n→ b\n→ c")).reward).toBe(1);
  });
});

describe("format_verification: citation (string_match) rows", () => {
  test("every expected marker present, none spurious", async () => {
    expect(await verify(citation, "Opened in 1931 [ref:2].")).toMatchObject({
      reward: 1,
      match_details: { expected: ["[ref:2]"], missing: [], spurious: [], passed: true },
    });
    expect((await verify(citation, "Opened in 1931 [ref:3].")).match_details).toMatchObject({ missing: ["[ref:2]"], spurious: [], passed: false });
  });

  test("a pattern hit that is not an expected marker is spurious, once per hit; markers are matched verbatim", async () => {
    const v = { type: "string_match", patterns: ["\\[ref:\\d\\]"], expected_markers: ["[ref:2]"] };
    expect(await verify(v, "[ref:2] [ref:5] [ref:5]")).toMatchObject({ reward: 0, match_details: { missing: [], spurious: ["[ref:5]", "[ref:5]"] } });
    expect((await verify(v, "[REF:2]")).match_details).toMatchObject({ missing: ["[ref:2]"], spurious: [] });
    // Without patterns nothing is spurious; with no markers expected, nothing is missing.
    expect((await verify({ type: "string_match", expected_markers: ["[1]"] }, "[1] [2]")).reward).toBe(1);
    expect((await verify({ type: "string_match" }, "")).reward).toBe(1);
  });
});

describe("format_verification: rows and long replies", () => {
  test.each([
    ["an unknown type", { type: "markdown" }, "verifier.type"],
    ["a pattern that is not a regex", { type: "regex", verify_regex: ["(unclosed"] }, "verifier.verify_regex[0]"],
    ["a pattern that can backtrack without bound", { type: "string_match", patterns: ["(a+)+b"] }, "verifier.patterns[0]"],
    ["a threshold that is not an integer", { type: "regex", verify_min_matches: "3" }, "verifier.verify_min_matches"],
  ])("%s is a 400 naming the field", async (_name, verifier, path) => {
    const res = await post(verifier, [message("x")]);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(path);
  });

  test("a 500 KB reply is graded quickly", async () => {
    const long = "→ item\n".repeat(70_000) + "x".repeat(10_000);
    const started = performance.now();
    expect((await verify(freeform, long)).match_details).toMatchObject({ matching_lines: 70_000, passed: true });
    expect((await verify(citation, "[ref:2]" + "[".repeat(500_000))).reward).toBe(1);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
