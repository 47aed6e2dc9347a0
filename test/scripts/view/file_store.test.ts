// The file store behind `edge-gym view`: a line per summary, filters and pages over them, each
// rollout read back from its place in the file, and bad files refused naming the line.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { RolloutQuery } from "../../../shared/ui/api.ts";
import { UnknownCursor } from "../../../shared/ui/rollout_list.ts";
import { RolloutFile } from "../../../scripts/view/file_store.ts";
import { BIG, XSS, writeFixture } from "./fixture.ts";
import type { Fixture } from "./fixture.ts";

let fixture: Fixture;
let store: RolloutFile;
beforeAll(async () => {
  fixture = writeFixture();
  store = await RolloutFile.load(fixture.rollouts, { environmentOf: (agent) => (agent === "agent_a" ? "env_a" : null) });
});
afterAll(async () => {
  await store?.close();
});

const query = (q: Record<string, string> = {}) => RolloutQuery.parse(q);
const ids = (q: Record<string, string> = {}) => store.list(query(q)).rollouts.map((s) => s.id);

describe("edge-gym view's file store", () => {
  test("one summary per line, by its line number, failures after the rollouts", () => {
    expect(store.summaries.map((s) => s.id)).toEqual(["r1", "r2", "r3", "r4", "r5", "r6", "r8", "r9", "r10", "r11", "f1", "f2"]);
    const r3 = store.summaries.find((s) => s.id === "r3")!;
    expect(r3).toMatchObject({
      agent: "agent_a",
      environment: "env_a",
      caller: null,
      task: "1",
      rollout_index: 0,
      status: "done",
      reward: 0,
      // Numeric components only.
      reward_components: { accuracy: 0, format: 1 },
      failure_class: null,
      turns: 2,
      tool_calls: 1,
      input_tokens: 101,
      output_tokens: 20,
      duration_ms: null,
      prompt: "Question 1: add 2 and 1 (é—🙂)",
    });
    expect(store.summaries.find((s) => s.id === "r8")!.environment).toBeNull();
    expect(store.summaries.find((s) => s.id === "f1")).toMatchObject({ status: "failed", failure_class: "deadline_exceeded", reward: null, task: "4", turns: null });
    expect(store.summaries.find((s) => s.id === "f2")).toMatchObject({ status: "failed", failure_class: "invalid_row", prompt: "bad row" });
  });

  test("filters narrow the list to the matching lines, in file order", () => {
    expect(ids({ agent: "agent_b" })).toEqual(["r8", "r9"]);
    expect(ids({ environment: "env_a", task: "0" })).toEqual(["r1", "r2"]);
    expect(ids({ status: "failed" })).toEqual(["f1", "f2"]);
    expect(ids({ failure_class: "invalid_row" })).toEqual(["f2"]);
    expect(ids({ min_reward: "0.5", max_reward: "0.5" })).toEqual(["r8", "r9"]);
    // A reward bound leaves out the rollouts without a reward.
    expect(ids({ max_reward: "0" })).toEqual(["r2", "r3", "r6", "r10"]);
    expect(ids({ min_reward: "2" })).toEqual([]);
  });

  test("facets list every value the menus offer, whatever the filter", () => {
    expect(store.list(query({ agent: "agent_b" })).facets).toEqual({
      environments: ["env_a"],
      agents: ["agent_a", "agent_b"],
      failure_classes: ["deadline_exceeded", "invalid_row"],
    });
  });

  test("pages: next names the last row, the pages together are the list once, the last page says no more", () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = store.list(query({ limit: "5", ...(cursor ? { cursor } : {}) }));
      seen.push(...page.rollouts.map((s) => s.id));
      cursor = page.next ?? undefined;
      if (page.next !== null) expect(page.next).toBe(page.rollouts.at(-1)!.id);
      pages++;
    } while (cursor !== undefined);
    expect(pages).toBe(3);
    expect(seen).toEqual(store.summaries.map((s) => s.id));
    // Filtered: a full page with nothing after it that matches has no next.
    const page = store.list(query({ status: "failed", limit: "2" }));
    expect(page.rollouts.map((s) => s.id)).toEqual(["f1", "f2"]);
    expect(page.next).toBeNull();
    const first = store.list(query({ agent: "agent_b", limit: "1" }));
    expect(first.next).toBe("r8");
    expect(store.list(query({ agent: "agent_b", limit: "1", cursor: "r8" })).rollouts.map((s) => s.id)).toEqual(["r9"]);
    expect(() => store.list(query({ cursor: "r7" }))).toThrow(UnknownCursor);
  });

  test("a rollout is its line as written, read from the file again, hostile text and all", async () => {
    for (const [i, line] of fixture.lines.entries()) {
      if (line === null) continue;
      const detail = await store.detail(`r${i + 1}`);
      expect(detail!.rollout).toEqual(line);
      expect(detail!.note).toBeNull();
    }
    const hostile = await store.detail("r10");
    expect(hostile!.summary.prompt).toBe(`Say ${XSS}`);
    expect(JSON.stringify(hostile!.rollout)).toContain("</script><script>");
    const big = await store.detail("r11");
    expect(((big!.rollout!.response as { output: { output?: string }[] }).output[2]!.output)!.length).toBe(BIG);
    expect((await store.detail("f1"))!.rollout).toEqual(fixture.failureLines[0]);
    expect(await store.detail("r7")).toBeUndefined();
    expect(await store.detail("nope")).toBeUndefined();
  });

  test("a line that is not a JSON object fails the load, naming its file and line", async () => {
    const bad = join(fixture.dir, "bad.jsonl");
    writeFileSync(bad, `${JSON.stringify(fixture.lines[0])}\n\n{"reward": 1,\n`);
    await expect(RolloutFile.load(bad)).rejects.toThrow(`${bad}:3: not valid JSON`);
    writeFileSync(bad, `${JSON.stringify(fixture.lines[0])}\n[1, 2]\n`);
    await expect(RolloutFile.load(bad)).rejects.toThrow(`${bad}:2: not a JSON object`);
    await expect(RolloutFile.load(join(fixture.dir, "missing.jsonl"))).rejects.toThrow(`file not found: ${join(fixture.dir, "missing.jsonl")}`);
  });

  test("without a failures file, the rollouts only; a line without agent_ref still lists", async () => {
    const alone = join(fixture.dir, "alone.jsonl");
    writeFileSync(alone, `${JSON.stringify({ responses_create_params: { input: "hi" }, reward: 1 })}\n`);
    const file = await RolloutFile.load(alone);
    try {
      expect(file.summaries).toHaveLength(1);
      expect(file.summaries[0]).toMatchObject({ id: "r1", agent: "(no agent_ref)", environment: null, task: expect.stringMatching(/^#[0-9a-f]{8}$/), turns: null });
    } finally {
      await file.close();
    }
  });
});
