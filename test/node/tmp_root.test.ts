// The node project's temporary root: made for the run, handed to every test through TMPDIR, and
// removed with whatever the tests left in it.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import setup from "./tmp_root.ts";

test("this run's tests write under a root of their own", () => {
  expect(tmpdir()).toMatch(/[\\/]edge-gym-tests-[^\\/]+$/);
});

test("the teardown removes the root with what tests left behind, and restores TMPDIR", () => {
  const before = process.env.TMPDIR;
  const teardown = setup();
  const root = tmpdir();
  expect(root).not.toBe(before);
  expect(root.startsWith(before ?? "")).toBe(true);
  mkdirSync(join(root, "left-behind", "deep"), { recursive: true });
  writeFileSync(join(root, "left-behind", "deep", "file"), "x");
  teardown();
  expect(existsSync(root)).toBe(false);
  expect(process.env.TMPDIR).toBe(before);
});
