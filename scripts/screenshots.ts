// `npm run screenshots [-- --output-dir DIR]`: pictures of what a user sees, from a real local run.
// A stack with three environments (binary rewards, sokoban's continuous ones, multireward's
// components) and the emulator slowed to 100 ms a call; the dashboard while they run and once they
// ran, the viewer's list, one rollout and a comparison, then each environment's report and the
// index. Headless Chromium from the @sparticuz/chromium dev dependency (scripts/browser/chromium.ts).
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import type { Page } from "playwright-core";
import { launchChromium } from "./browser/chromium.ts";
import { collect } from "./collect/collect.ts";
import { writeIndex } from "./profile/index_page.ts";
import type { IndexEntry } from "./profile/index_page.ts";
import { profile } from "./profile/profile.ts";
import { writeReport } from "./profile/report.ts";
import { bringUp } from "./stack/up.ts";

const DATASETS = [
  { report: "report_binary", environment: "example_multi_step", agent: "example_multi_step_simple_agent" },
  { report: "report_continuous", environment: "grl_sokoban", agent: "grl_sokoban_gymnasium_agent" },
  { report: "report_components", environment: "example_tool_call_multireward", agent: "example_tool_call_multireward_simple_agent" },
];
const REPEATS = 4;
const WAIT_MS = 60_000;

const { values } = parseArgs({ options: { "output-dir": { type: "string" } } });
const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*/, "").replace("T", "-");
const outDir = resolve(values["output-dir"] ?? join("results", `screenshots-${stamp}`));
mkdirSync(outDir, { recursive: true });

async function shot(page: Page, name: string): Promise<void> {
  const path = join(outDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  console.log(path);
}

const running = await bringUp({ headPort: 0, only: DATASETS.map((d) => d.agent), emulatorArgs: ["--latency-ms", "100"] });
const browser = await launchChromium();
try {
  const head = running.stack.headUrl;
  const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
  await page.goto(`${head}/ui`);

  const collected = Promise.all(
    DATASETS.map((d) =>
      collect({ headUrl: head, input: `workers/resources/${d.environment}/data/example.jsonl`, output: join(outDir, `${d.agent}.jsonl`), agent: d.agent, concurrency: 4, numRepeats: REPEATS, rolloutTimeoutS: 120, progress: false }),
    ),
  );
  await page.waitForFunction(() => {
    const agents = (globalThis as any).dashboard?.snapshot?.agents ?? [];
    return agents.some((a: any) => a.in_flight > 0) && agents.some((a: any) => a.done > 0);
  }, undefined, { timeout: WAIT_MS, polling: 100 });
  await shot(page, "dashboard_live");
  const summaries = await collected;
  const total = summaries.reduce((n, s) => n + s.succeeded + s.failed, 0);
  await page.waitForFunction((n) => {
    const agents = (globalThis as any).dashboard?.snapshot?.agents ?? [];
    return agents.reduce((sum: number, a: any) => sum + a.done + a.failed, 0) >= n && agents.every((a: any) => a.in_flight === 0);
  }, total, { timeout: WAIT_MS, polling: 200 });
  await shot(page, "dashboard");

  await page.goto(`${head}/ui/viewer`);
  await page.waitForSelector("#rollouts tbody tr");
  await shot(page, "viewer_list");
  const list = (await (await fetch(`${head}/ui/api/rollouts?agent=${DATASETS[0]!.agent}&limit=200`)).json()) as { rollouts: { id: string; task: string }[] };
  const first = list.rollouts[0]!;
  await page.goto(`${head}/ui/viewer#/rollout/${encodeURIComponent(first.id)}`);
  await page.waitForSelector("#turns");
  await shot(page, "viewer_rollout");
  const sameTask = list.rollouts.filter((r) => r.task === first.task).slice(0, 2);
  await page.goto(`${head}/ui/viewer#/compare/${sameTask.map((r) => encodeURIComponent(r.id)).join(",")}`);
  await page.waitForLoadState("networkidle");
  await shot(page, "viewer_compare");

  const entries: IndexEntry[] = [];
  for (const [i, d] of DATASETS.entries()) {
    const files = summaries[i]!.files;
    const result = await profile({ inputs: files.materialized, rollouts: files.rollouts });
    const report = await writeReport(result, files.rollouts);
    for (const agent of result.agents) entries.push({ environment: d.environment, agent, report, failed: summaries[i]!.failed });
    await page.goto(pathToFileURL(report).href);
    await page.waitForLoadState("load");
    await shot(page, d.report);
  }
  await page.goto(pathToFileURL(await writeIndex(outDir, entries)).href);
  await shot(page, "report_index");
} finally {
  await browser.close();
  await running.stop();
}
