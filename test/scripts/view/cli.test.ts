// `edge-gym view` from the command line: what it prints, its API's answers over HTTP, Ctrl+C, and
// one-line errors with a non-zero exit for a missing file, a bad line and a port in use.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ROOT } from "../../../scripts/plan/registry.ts";
import { writeFixture } from "./fixture.ts";
import { startView } from "./serve.ts";

function view(...args: string[]) {
  const result = spawnSync(process.execPath, ["scripts/bin/edge-gym.mjs", "view", ...args], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const oneLine = (text: string) => text.trimEnd().split("\n");

describe("edge-gym view", () => {
  test("serves the page and the API over the file, on loopback, until Ctrl+C", async () => {
    const fixture = writeFixture();
    const viewer = await startView([fixture.rollouts, "--port", "0"]);
    try {
      expect(viewer.lines[0]).toBe(`12 rollouts (2 failed) from ${fixture.rollouts}`);
      const url = new URL(viewer.url);
      expect(url.hostname).toBe("127.0.0.1");
      expect(url.pathname).toBe("/ui/viewer");
      const page = await fetch(viewer.url);
      expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(await page.text()).toContain('<div id="view">');
      const root = await fetch(new URL("/", url), { redirect: "manual" });
      expect([root.status, root.headers.get("location")]).toEqual([302, "/ui/viewer"]);

      const list = (await (await fetch(new URL("/ui/api/rollouts?agent=agent_b", url))).json()) as { rollouts: { id: string }[] };
      expect(list.rollouts.map((r) => r.id)).toEqual(["r8", "r9"]);
      const detail = (await (await fetch(new URL("/ui/api/rollouts/f1", url))).json()) as { summary: { failure_class: string }; rollout: { error: unknown } };
      expect(detail.summary.failure_class).toBe("deadline_exceeded");
      expect(detail.rollout.error).toEqual({ message: "the rollout ran past its deadline" });

      // Bad queries are 400s naming the field; an unknown rollout a 404.
      const bad = await fetch(new URL("/ui/api/rollouts?min_reward=high", url));
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/^min_reward: .*number/);
      const unknown = await fetch(new URL("/ui/api/rollouts?colour=red", url));
      expect(((await unknown.json()) as { error: { message: string } }).error.message).toBe("colour: unknown field");
      expect((await fetch(new URL("/ui/api/rollouts?cursor=r7", url))).status).toBe(400);
      expect((await fetch(new URL("/ui/api/rollouts/r7", url))).status).toBe(404);
      expect((await fetch(new URL("/ui/api/rollouts/%E0%A4%A", url))).status).toBe(400);
      expect((await fetch(new URL("/ui/api/rollouts", url), { method: "POST" })).status).toBe(405);
    } finally {
      expect(await viewer.stop()).toBe(0);
    }
  });

  test("a missing file, a bad line, a port in use: one line each, non-zero exit", async () => {
    const fixture = writeFixture();
    const missing = view(join(fixture.dir, "nope.jsonl"));
    expect(missing.code).not.toBe(0);
    expect(oneLine(missing.stderr)).toEqual([`edge-gym: file not found: ${join(fixture.dir, "nope.jsonl")}`]);

    const bad = join(fixture.dir, "bad.jsonl");
    writeFileSync(bad, `${JSON.stringify(fixture.lines[0])}\nnot json\n`);
    const badLine = view(bad);
    expect(badLine.code).not.toBe(0);
    expect(oneLine(badLine.stderr)).toHaveLength(1);
    expect(badLine.stderr).toContain(`${bad}:2: not valid JSON`);

    const usage = view();
    expect(usage.code).toBe(2);
    expect(oneLine(usage.stderr)).toEqual(["edge-gym: view needs a rollouts file: edge-gym view ROLLOUTS.jsonl"]);

    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = taken.address() as AddressInfo;
      const inUse = view(fixture.rollouts, "--port", String(port));
      expect(inUse.code).not.toBe(0);
      expect(oneLine(inUse.stderr)).toEqual([`edge-gym: port ${port} on 127.0.0.1 is in use: pick another with --port (0 = any free port)`]);
    } finally {
      taken.close();
    }
  });
});
