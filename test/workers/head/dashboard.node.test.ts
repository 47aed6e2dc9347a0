// The dashboard (/ui on the head) in headless Chromium during a real local collection: it counts
// rollouts in flight while they run, then exactly the run's (and a trainer's direct /run) once they
// end, draws pass@k and the reward distribution from them, and a rollout opened from it in the
// viewer shows its tool calls. Then the same with bearer auth: the pages open, the data asks for a
// token, and each caller sees only its own rollouts.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { launchChromium } from "../../../scripts/browser/chromium.ts";
import { collect } from "../../../scripts/collect/collect.ts";
import { bringUp } from "../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../scripts/stack/up.ts";
import { readJsonl } from "../../stack_helpers.ts";

const ENV = "example_multi_step";
const AGENT = `${ENV}_simple_agent`;
const INPUT = `workers/resources/${ENV}/data/example.jsonl`;
const REPEATS = 4;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

/**
 * Waits (bounded) until `check`, run in the page on its last snapshot's agents, holds. The page's
 * CSP allows no eval: `check` goes as a function, self-contained, with its argument beside it.
 */
function until(page: Page, check: (arg: number | null) => boolean, arg: number | null): Promise<unknown> {
  return page.waitForFunction(check, arg, { timeout: 30_000, polling: 100 });
}

describe("the live dashboard during a local collection", () => {
  let running: RunningStack;
  const dir = mkdtempSync(join(tmpdir(), "edge-gym-dashboard-"));
  beforeAll(async () => {
    // 150 ms per model call: rollouts stay in flight long enough to be seen there.
    running = await bringUp({ headPort: 0, only: [AGENT], emulatorArgs: ["--latency-ms", "150"] });
  }, 120_000);
  afterAll(async () => {
    await running?.stop();
  });

  test("counts what runs, then what ran; opens a rollout with its tool calls", async () => {
    const page = await browser.newPage({ viewport: { width: 1300, height: 1000 } });
    const errors: string[] = [];
    const foreign: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("request", (r) => !r.url().startsWith(running.stack.headUrl) && foreign.push(r.url()));
    await page.goto(`${running.stack.headUrl}/ui`);
    await until(page, () => !!(globalThis as any).dashboard?.snapshot, null);

    const output = join(dir, "rollouts.jsonl");
    const collecting = collect({ headUrl: running.stack.headUrl, input: INPUT, output, agent: AGENT, concurrency: 4, numRepeats: REPEATS, rolloutTimeoutS: 120, progress: false });
    await until(page, () => ((globalThis as any).dashboard?.snapshot?.agents ?? []).some((a: any) => a.in_flight > 0), null);
    const summary = await collecting;
    expect(summary.failed).toBe(0);
    const rows = readJsonl(output);
    expect(rows).toHaveLength(5 * REPEATS);

    // A trainer calling the agent's /run itself is counted too.
    const direct = await fetch(`${running.stack.urls.get(AGENT)}/run`, { method: "POST", headers: { "content-type": "application/json" }, body: readFileSync(INPUT, "utf8").split("\n")[0]! });
    expect(direct.status).toBe(200);
    const directReward = ((await direct.json()) as { reward: number }).reward;
    const total = rows.length + 1;
    await until(
      page,
      (n) => {
        const agents = (globalThis as any).dashboard?.snapshot?.agents ?? [];
        return agents.length === 1 && agents[0].done + agents[0].failed === n && agents[0].in_flight === 0;
      },
      total,
    );

    const agentsRow = await page.$$eval("#agents tbody tr td", (cells) => cells.map((c) => c.textContent));
    expect(agentsRow).toEqual([AGENT, "0", String(total), "0", "0"]);
    const card = page.locator(`[data-environment="${ENV}_resources_server"]`);
    expect(await card.locator("p").textContent()).toContain(`${total} done, 0 failed, 5 tasks`);

    // The charts hold the run's numbers: rewards per bin add up, pass@1 is the mean reward (binary) on 0-100.
    const charts = await page.evaluate((env) => {
      const c = (globalThis as any).dashboard.charts;
      const view = (u: any) => ({ data: u.data, y: [u.scales.y.min, u.scales.y.max], x: [u.scales.x.min, u.scales.x.max] });
      return { rewards: view(c[`rewards:${env}`]), pass: view(c[`pass:${env}`]), throughput: view(c.throughput) };
    }, `${ENV}_resources_server`);
    // pass@1 of binary rewards: each task's share of right rollouts, averaged over tasks (the direct run was task 0's row).
    const byTask = new Map<number, number[]>();
    for (const r of [...rows, { _ng_task_index: 0, reward: directReward }]) byTask.set(r._ng_task_index, [...(byTask.get(r._ng_task_index) ?? []), r.reward]);
    const passAt1 = (100 * [...byTask.values()].reduce((sum, rewards) => sum + rewards.reduce((a, b) => a + b, 0) / rewards.length, 0)) / byTask.size;
    expect((charts.rewards.data[1] as number[]).reduce((a, b) => a + b, 0)).toBe(total);
    expect(charts.pass.y).toEqual([0, 100]);
    expect(charts.pass.data[0]).toEqual([1, 2, 3, 4, 5].slice(0, charts.pass.data[0].length));
    expect((charts.pass.data[1] as number[])[0]).toBeCloseTo(passAt1, 6);
    expect((charts.throughput.data[1] as number[]).some((v) => v > 0)).toBe(true);

    // The slowest rollout opens in the viewer with its tool calls.
    const first = page.locator("#slowest a.rollout").first();
    const id = decodeURIComponent((await first.getAttribute("href"))!.split("/rollout/")[1]!);
    const detail = (await (await fetch(`${running.stack.headUrl}/ui/api/rollouts/${encodeURIComponent(id)}`)).json()) as any;
    expect(detail.summary.tool_calls).toBeGreaterThan(0);
    await first.click();
    await page.waitForSelector("#turns .item.call");
    expect(await page.locator("#turns .item.call").count()).toBe(detail.summary.tool_calls);
    const names = detail.rollout.response.output.filter((i: any) => i.type === "function_call").map((i: any) => i.name);
    expect(await page.locator("#turns .item.call b").allTextContents()).toEqual(names);
    expect(await page.locator("#turns .item.output").count()).toBe(names.length);

    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  }, 180_000);
});

describe("the dashboard behind bearer auth", () => {
  let running: RunningStack;
  beforeAll(async () => {
    running = await bringUp({ headPort: 0, only: [AGENT], authTokens: "alice:token-alice-123456,bob:token-bob-1234567" });
  }, 120_000);
  afterAll(async () => {
    await running?.stop();
  });

  const get = (path: string, token?: string) => fetch(`${running.stack.headUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  test("the pages open without a token, the data needs one, and each caller reads only its own", async () => {
    expect((await get("/ui")).status).toBe(200);
    expect((await get("/ui/viewer")).status).toBe(200);
    expect((await get("/ui/assets/uplot.js")).status).toBe(200);
    expect((await get("/ui/api/snapshot")).status).toBe(401);
    expect((await get("/ui/api/rollouts")).status).toBe(401);
    expect((await get("/ui/api/events")).status).toBe(401);

    const run = await fetch(`${running.stack.urls.get(AGENT)}/run`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer token-alice-123456" },
      body: readFileSync(INPUT, "utf8").split("\n")[0]!,
    });
    expect(run.status).toBe(200);
    const done = async (token: string) => ((await (await get("/ui/api/snapshot", token)).json()) as any).agents.reduce((n: number, a: any) => n + a.done, 0);
    await expect.poll(() => done("token-alice-123456"), { timeout: 15_000 }).toBe(1);
    expect(await done("token-bob-1234567")).toBe(0);
    const [alices] = ((await (await get("/ui/api/rollouts", "token-alice-123456")).json()) as any).rollouts;
    expect(alices.caller).toBe("alice");
    expect((await get(`/ui/api/rollouts/${alices.id}`, "token-bob-1234567")).status).toBe(404);

    // In the browser: the token form, then the numbers.
    const page = await browser.newPage();
    await page.goto(`${running.stack.headUrl}/ui`);
    await page.waitForSelector("#auth.shown");
    await page.fill("#auth input", "token-alice-123456");
    await page.click("#auth button");
    await until(
      page,
      (n) => {
        const agents = (globalThis as any).dashboard?.snapshot?.agents ?? [];
        return agents.length === 1 && agents[0].done === n;
      },
      1,
    );
    await page.close();
  }, 120_000);
});
