// The HTML report in a real browser (headless Chromium, scripts/browser/chromium.ts): each chart
// is a uPlot instance on window.charts, whose scales and data are checked against the run's
// numbers, for a binary, a continuous and a multi-component environment, at k up to 100 and at
// 1,000 tasks; an all-failed run in words; the page fetches nothing and throws nothing.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { launchChromium } from "../../../scripts/browser/chromium.ts";
import { profile } from "../../../scripts/profile/profile.ts";
import type { Profile } from "../../../scripts/profile/profile.ts";
import { writeIndex } from "../../../scripts/profile/index_page.ts";
import { writeReport } from "../../../scripts/profile/report.ts";
import { tableKs } from "../../../scripts/profile/table.ts";

const dir = mkdtempSync(join(tmpdir(), "edge-gym-report-"));
const lines = (rows: object[]) => rows.map((r) => `${JSON.stringify(r)}\n`).join("");

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

interface Run {
  tasks: number;
  repeats: number;
  agent?: (task: number) => string;
  /** The rollout's reward and, for a multi-component environment, its components; undefined: it failed. */
  outcome: (task: number, rollout: number) => { reward: number; components?: Record<string, number> } | undefined;
  /** Model calls of the rollout: tool calls and their outputs, then a last message. */
  turns?: (task: number, rollout: number) => number;
  failureClass?: (task: number, rollout: number) => string;
  /** Lines without `_eg_duration_ms`, as NeMo Gym's own collection writes them. */
  untimed?: boolean;
}

const prompt = (task: number) => `What is the weather in city ${task}? <b>bold</b>`;

/** A run's three files, shaped as collect writes them (results echo the row; failures the row and a class). */
async function run(name: string, spec: Run): Promise<{ result: Profile; rollouts: string }> {
  const inputs: object[] = [];
  const rollouts: object[] = [];
  const failures: object[] = [];
  for (let task = 0; task < spec.tasks; task++) {
    for (let rollout = 0; rollout < spec.repeats; rollout++) {
      const row = {
        responses_create_params: { input: [{ role: "developer", content: "Answer with one tool call." }, { role: "user", content: prompt(task) }] },
        agent_ref: { name: spec.agent?.(task) ?? "weather_agent" },
        _ng_task_index: task,
        _ng_rollout_index: rollout,
      };
      inputs.push(row);
      const outcome = spec.outcome(task, rollout);
      if (!outcome) {
        failures.push({ ...row, _ng_failure_class: spec.failureClass?.(task, rollout) ?? "deadline_exceeded", error: {}, _ng_attempts: 3 });
        continue;
      }
      const turns = spec.turns?.(task, rollout) ?? 1;
      const output = [
        ...Array.from({ length: turns - 1 }, (_, i) => [
          { type: "function_call", call_id: `c${i}`, name: "get_weather", arguments: "{}" },
          { type: "function_call_output", call_id: `c${i}`, output: "sunny" },
        ]).flat(),
        { type: "message", role: "assistant", content: [{ type: "output_text", text: "done" }] },
      ];
      const input = 100 + task * 13 + rollout * 7;
      const usage = { input_tokens: input, input_tokens_details: { cached_tokens: 0 }, output_tokens: 20 + ((task * 31 + rollout * 17) % 90), output_tokens_details: { reasoning_tokens: 0 }, total_tokens: input + 50 };
      const components = outcome.components ? { reward_components: outcome.components, ...outcome.components } : {};
      rollouts.push({ ...row, response: { id: `r${task}.${rollout}`, output, usage }, reward: outcome.reward, ...components, ...(spec.untimed ? {} : { _eg_duration_ms: 200 + ((task * 7 + rollout * 13) % 50) * 100 }) });
    }
  }
  const path = (suffix: string) => join(dir, `${name}${suffix}.jsonl`);
  writeFileSync(path("_materialized_inputs"), lines(inputs));
  writeFileSync(path(""), lines(rollouts));
  writeFileSync(path("_failures"), lines(failures));
  return { result: await profile({ inputs: path("_materialized_inputs"), rollouts: path("") }), rollouts: path("") };
}

interface ChartState {
  x: [number, number];
  y: [number, number];
  distr: number;
  data: (number | null)[][];
}

/** Opens the report; every request but the file's own, and every script error, fails the test. */
async function open(path: string): Promise<{ page: Page; charts: Record<string, ChartState> }> {
  const url = pathToFileURL(path).href;
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  const requests: string[] = [];
  const errors: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(url);
  const charts: Record<string, ChartState> = await page.evaluate(() => {
    const all: Record<string, any> = (globalThis as any).charts ?? {};
    return Object.fromEntries(
      Object.entries(all).map(([name, u]) => [name, { x: [u.scales.x.min, u.scales.x.max], y: [u.scales.y.min, u.scales.y.max], distr: u.scales.x.distr, data: u.data }]),
    );
  });
  expect(errors).toEqual([]);
  expect(requests).toEqual([url]);
  return { page, charts };
}

const sum = (values: readonly (number | null)[]) => values.reduce<number>((s, v) => s + (v ?? 0), 0);
const metric = (result: Profile, agent: number, key: string) => result.agents[agent]!.metrics[key] as number;

describe("the HTML report", () => {
  test("binary rewards at 1,000 tasks: pass@k on a 0-100 axis, every task a bar, the prompt on hover", async () => {
    const { result, rollouts } = await run("binary", {
      tasks: 1000,
      repeats: 4,
      agent: (task) => (task < 600 ? "agent_a" : "agent_b"),
      outcome: (task, rollout) => (task === 7 && rollout > 1 ? undefined : { reward: (task + rollout) % 3 === 0 ? 1 : 0 }),
      turns: (task, rollout) => 1 + ((task + rollout) % 3),
      failureClass: (task, rollout) => (rollout === 2 ? "deadline_exceeded" : "upstream_unavailable"),
    });
    const { page, charts } = await open(await writeReport(result, rollouts));

    expect(Object.keys(charts).sort()).toEqual(["duration", "failures", "pass-at-k", "reward-histogram", "task-difficulty", "tokens:input_tokens", "tokens:output_tokens", "tokens:total_tokens", "tool-calls", "turns"]);
    const pass = charts["pass-at-k"]!;
    expect(pass.y).toEqual([0, 100]);
    expect(pass.data[0]).toEqual([1, 2, 3, 4]);
    expect(pass.data[1]).toEqual([1, 2, 3, 4].map((k) => metric(result, 0, `pass@${k}/accuracy`)));
    expect(pass.data[2]).toEqual([1, 2, 3, 4].map((k) => metric(result, 1, `pass@${k}/accuracy`)));

    // Rewards 0 and 1: a bin each, centred on its value.
    const reward = charts["reward-histogram"]!;
    expect(reward.data[0]).toEqual([-0.5, 0.5]);
    expect(reward.x).toEqual([-0.5, 1.5]);
    expect(reward.data[1]).toEqual([result.rollouts.filter((r) => r.reward === 0).length, result.rollouts.filter((r) => r.reward === 1).length]);

    // Turns 1-3 (tool calls 0-2), at their integer positions; durations in seconds over their range.
    expect(charts.turns!.data[0]).toEqual([0.5, 1.5, 2.5]);
    expect(sum(charts.turns!.data[1]!)).toBe(result.rollouts.length);
    expect(charts["tool-calls"]!.data[0]).toEqual([-0.5, 0.5, 1.5]);
    const seconds = result.rollouts.map((r) => r._eg_duration_ms! / 1000);
    expect(charts.duration!.x[0]).toBe(Math.min(...seconds));
    expect(charts.duration!.x[1]).toBe(Math.max(...seconds));
    expect(sum(charts.duration!.data[1]!)).toBe(result.rollouts.length);

    // Every one of the 1,000 tasks, hardest first.
    const difficulty = charts["task-difficulty"]!;
    expect(difficulty.data[1]).toHaveLength(1000);
    expect(difficulty.data[1]).toEqual(result.tasks.map((t) => t.meanReward).sort((a, b) => a - b));
    expect(charts.failures!.data[1]).toEqual([result.failures[0]!.count, result.failures[1]!.count]);
    expect(sum(charts.failures!.data[1]!)).toBe(2);

    // Hovering the hardest task's bar shows its prompt (as text, not markup) and its rewards.
    await page.locator('[data-chart="task-difficulty"]').scrollIntoViewIfNeeded();
    const hardest = await page.evaluate(() => {
      const u = (globalThis as any).charts["task-difficulty"];
      const box = u.over.getBoundingClientRect();
      return { x: box.left + u.valToPos(0, "x"), y: box.top + box.height - 5 };
    });
    await page.mouse.move(hardest.x, hardest.y);
    const first = result.tasks.slice().sort((a, b) => a.meanReward - b.meanReward || a.task - b.task)[0]!;
    const tip = page.locator('[data-chart="task-difficulty"] .tip');
    await expect.poll(() => tip.isVisible()).toBe(true);
    expect(await tip.locator(".tip-prompt").textContent()).toBe(prompt(first.task));
    expect(await tip.locator(".tip-head").textContent()).toContain(`task ${first.task} (`);
    expect(await tip.locator(".tip-rewards").textContent()).toMatch(/^rewards: [01](, [01])*$/);
    expect(await page.textContent("table.summary")).toContain("agent_b");
    await page.close();
  }, 60_000);

  test("continuous rewards (sokoban's -2, 9.8, 10.3) at 100 repeats: reward units on a fitted axis, k on a log axis, true bin positions", async () => {
    const values = [-2, 9.8, 10.3];
    const { result, rollouts } = await run("sokoban", {
      tasks: 6,
      repeats: 100,
      outcome: (task, rollout) => ({ reward: values[(task * rollout + task) % 3]! }),
    });
    const { page, charts } = await open(await writeReport(result, rollouts));
    expect(charts["pass-at-k"]).toBeUndefined();
    const pass = charts["pass-at-k-reward"]!;
    const expected = Array.from({ length: 100 }, (_, i) => metric(result, 0, `pass@${i + 1}/accuracy`) / 100);
    pass.data[1]!.forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 9));
    // Fitted to the data (not a 0-100 percent axis), and k = 1..100 on a log2 axis.
    expect(pass.y[0]).toBeLessThanOrEqual(Math.min(...expected));
    expect(pass.y[1]).toBeGreaterThanOrEqual(Math.max(...expected));
    expect(pass.y[1]).toBeLessThan(20);
    expect(pass.distr).toBe(3);
    expect(pass.x[0]).toBeLessThanOrEqual(1);
    expect(pass.x[1]).toBeGreaterThanOrEqual(100);

    const reward = charts["reward-histogram"]!;
    [-2.25, 9.55, 10.05].forEach((edge, i) => expect(reward.data[0]![i]).toBeCloseTo(edge, 9));
    expect(reward.x[0]).toBeCloseTo(-2.25, 9);
    expect(reward.x[1]).toBeCloseTo(10.55, 9);
    // uPlot places them where the numbers say: the -2 bar is far from the two close ones.
    const pixels = await page.evaluate(() => {
      const u = (globalThis as any).charts["reward-histogram"];
      return u.data[0].map((x: number) => u.valToPos(x, "x"));
    });
    expect(pixels[1] - pixels[0]).toBeGreaterThan(10 * (pixels[2] - pixels[1]));

    // The table: the terminal's columns (not 100 of them), in reward units, and the page does not scroll sideways.
    const heads = await page.$$eval("table.summary th", (ths) => ths.map((th) => th.textContent));
    expect(heads).toEqual(["agent", "tasks", "rollouts", "mean reward", ...tableKs(100).map((k) => `pass@${k}`)]);
    expect(await page.textContent("table.summary tbody")).toContain((metric(result, 0, "pass@100/accuracy") / 100).toFixed(3));
    expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth <= (globalThis as any).innerWidth)).toBe(true);
    expect(await page.textContent(".note")).toContain("the mean best reward of k rollouts");
    await page.close();
  }, 60_000);

  test("reward components: each component's mean and distribution; a sum of three above 1 in reward units; no durations said in words", async () => {
    const { result, rollouts } = await run("multireward", {
      tasks: 12,
      repeats: 4,
      untimed: true,
      outcome: (task, rollout) => {
        const components = { correctness: (task + rollout) % 2, schema_valid: task % 3 === 0 ? 0 : 1, format: rollout === 0 ? 0 : 1 };
        return { reward: components.correctness + components.schema_valid + components.format, components };
      },
    });
    const rows = result.rollouts;
    const { page, charts } = await open(await writeReport(result, rollouts));
    const names = ["correctness", "schema_valid", "format"];
    const means = charts["reward-components"]!;
    names.forEach((name, i) => expect(means.data[1]![i]).toBeCloseTo(sum(rows.map((r) => r[name]!)) / rows.length, 12));
    expect(means.x).toEqual([-0.5, 2.5]);
    for (const name of names) {
      const c = charts[`component:${name}`]!;
      expect(c.data[0]).toEqual([-0.5, 0.5]);
      expect(c.data[1]).toEqual([rows.filter((r) => r[name] === 0).length, rows.filter((r) => r[name] === 1).length]);
    }
    expect(charts["pass-at-k-reward"]!.data[1]![0]).toBeCloseTo(metric(result, 0, "pass@1/accuracy") / 100, 12);
    expect(charts.duration).toBeUndefined();
    expect(await page.textContent("body")).toContain("No per-rollout durations: this rollouts file has no _eg_duration_ms");
    // Hovering a bar names its component.
    await page.locator('[data-chart="reward-components"]').scrollIntoViewIfNeeded();
    const second = await page.evaluate(() => {
      const u = (globalThis as any).charts["reward-components"];
      const box = u.over.getBoundingClientRect();
      return { x: box.left + u.valToPos(1, "x"), y: box.top + box.height - 5 };
    });
    await page.mouse.move(second.x, second.y);
    await expect.poll(() => page.textContent('[data-chart="reward-components"] .u-legend')).toContain("schema_valid");
    await page.close();
  }, 60_000);

  test("an all-failed run says so in words, with no empty charts", async () => {
    const { result, rollouts } = await run("all_failed", {
      tasks: 4,
      repeats: 2,
      outcome: () => undefined,
      failureClass: (task) => (task < 3 ? "deadline_exceeded" : "upstream_unavailable"),
    });
    const { page, charts } = await open(await writeReport(result, rollouts));
    expect(await page.textContent(".all-failed")).toBe("All 8 rollouts failed: deadline_exceeded (6), upstream_unavailable (2).");
    expect(charts).toEqual({});
    expect(await page.$$("figure, [data-chart], table.summary")).toHaveLength(0);
    await page.close();
  }, 60_000);

  test("an eval's index page links every environment's report with its headline numbers", async () => {
    const binary = await run("index_binary", { tasks: 5, repeats: 2, outcome: (task) => ({ reward: task % 2 }) });
    const summed = await run("index_summed", { tasks: 4, repeats: 2, outcome: (task, rollout) => (rollout === 1 && task === 0 ? undefined : { reward: 2 + task }) });
    const failed = await run("index_failed", { tasks: 2, repeats: 2, outcome: () => undefined });
    const entries = await Promise.all(
      [binary, summed, failed].map(async ({ result, rollouts }, i) => ({
        environment: ["mcqa", "multireward", "broken"][i]!,
        report: await writeReport(result, rollouts),
        agent: result.agents[0] ?? { name: "broken", tasks: 0, rollouts: 0, maxRollouts: 0, metrics: {} },
        failed: result.failures.reduce((n, f) => n + f.unresolved, 0),
      })),
    );
    const { page } = await open(await writeIndex(dir, entries));
    const rows = await page.$$eval("table.summary tbody tr", (trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent)));
    expect(rows).toEqual([
      ["mcqa", "5", "10", metric(binary.result, 0, "mean/reward").toFixed(3), metric(binary.result, 0, "pass@1/accuracy").toFixed(1), "0"],
      ["multireward", "4", "7", metric(summed.result, 0, "mean/reward").toFixed(3), (metric(summed.result, 0, "pass@1/accuracy") / 100).toFixed(3), "1"],
      ["broken", "0", "0", "–", "–", "4"],
    ]);
    // Each link opens its environment's report.
    const hrefs = await page.$$eval("table.summary a", (links) => links.map((a) => (a as unknown as { href: string }).href));
    expect(hrefs).toEqual(entries.map((e) => pathToFileURL(e.report).href));
    await page.click("text=multireward");
    await page.waitForURL(hrefs[1]!);
    expect(await page.title()).toBe(`Reward profile: ${summed.rollouts}`);
    await page.close();
  }, 60_000);
});
