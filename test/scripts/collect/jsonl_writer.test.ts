// The collector's output files: lines are written in batches (one write call per batch, not per
// line), in order, all of them by close.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { JsonlWriter } from "../../../scripts/collect/jsonl.ts";

const read = (path: string) => readFileSync(path, "utf8");

describe("JsonlWriter", () => {
  test("lines queue and go to disk together, in order, within a tenth of a second; close writes the rest", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "edge-gym-jsonl-")), "out.jsonl");
    const out = await JsonlWriter.open(path, "truncate");
    for (let i = 0; i < 50; i++) await out.write({ i });
    // Queued, not yet written: one write will carry them all.
    expect(read(path)).toBe("");
    await new Promise((r) => setTimeout(r, 300));
    expect(read(path).trim().split("\n").map((l) => JSON.parse(l).i)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    await out.write({ i: 50 });
    await out.close();
    expect(read(path).trim().split("\n")).toHaveLength(51);
  });

  test("a batch's worth of lines waits for the disk; appending keeps what was there", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "edge-gym-jsonl-")), "out.jsonl");
    const first = await JsonlWriter.open(path, "truncate");
    await first.write({ first: true });
    await first.close();
    const out = await JsonlWriter.open(path, "append");
    const big = "x".repeat(100_000);
    for (let i = 0; i < 3; i++) await out.write({ i, big });
    // Over the batch size: written before write() returned, with no timer needed.
    expect(read(path).trim().split("\n")).toHaveLength(4);
    await out.close();
    expect(JSON.parse(read(path).split("\n")[0]!)).toEqual({ first: true });
  });
});
