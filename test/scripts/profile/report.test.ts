// The HTML report in a real browser (headless Chromium from the @sparticuz/chromium npm package,
// driven by playwright-core; another build via EDGE_GYM_CHROMIUM): every chart draws as many marks
// as its data has, the page fetches nothing, and the script throws nothing.
import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import { pathToFileURL } from "node:url";
import { brotliDecompressSync, createBrotliDecompress } from "node:zlib";
import { chromium } from "playwright-core";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { profile } from "../../../scripts/profile/profile.ts";
import { writeReport } from "../../../scripts/profile/report.ts";
import { histogram } from "../../../scripts/profile/report_data.ts";

const dir = mkdtempSync(join(tmpdir(), "edge-gym-report-"));
const jsonl = (rows: object[]) => rows.map((r) => JSON.stringify(r)).join("\n") + "\n";

// @sparticuz/chromium ships a headless Chromium for x64 Linux inside the npm package (brotli files
// under bin/, nothing downloaded at install), so `npm ci` is all this test needs. Unpacked once per
// package version into node_modules/.cache (which `npm ci` clears): the binary, the NSS/NSPR/expat
// libraries it links (al2023.tar.br) and a font, so the browser needs nothing from the system.
// The package's own executablePath() unpacks into the shared os.tmpdir() and, as root, chowns
// the font files to uid 1001 (which fails under `unshare -r`), so this reads its files directly.
// Staged, then renamed into place: two test runs at once never launch a half-written binary.
async function packagedChromium(): Promise<{ executablePath: string; env: NodeJS.ProcessEnv }> {
  const packageDir = join(dirname(createRequire(import.meta.url).resolve("@sparticuz/chromium")), "..");
  const { version } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { version: string };
  const root = join(packageDir, "..", "..", ".cache", `edge-gym-sparticuz-chromium-${version}`);
  if (!existsSync(join(root, "ready"))) {
    const staging = `${root}.${process.pid}.tmp`;
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    const packed = (name: string) => join(packageDir, "bin", name);
    await pipeline(createReadStream(packed("chromium.br")), createBrotliDecompress(), createWriteStream(join(staging, "chromium"), { mode: 0o755 }));
    untar(brotliDecompressSync(readFileSync(packed("al2023.tar.br"))), staging); // lib/libnss3.so, ...
    untar(brotliDecompressSync(readFileSync(packed("fonts.tar.br"))), staging); // fonts/Open_Sans/*.ttf
    writeFileSync(join(staging, "fonts.conf"), `<?xml version="1.0"?>\n<fontconfig><dir>${root}/fonts</dir><cachedir>${root}/fonts-cache</cachedir></fontconfig>\n`);
    writeFileSync(join(staging, "ready"), `${version}\n`);
    try {
      renameSync(staging, root);
    } catch {
      rmSync(staging, { recursive: true, force: true }); // another run got there first
    }
  }
  const libraries = [join(root, "lib"), process.env.LD_LIBRARY_PATH].filter(Boolean).join(":");
  return { executablePath: join(root, "chromium"), env: { ...process.env, LD_LIBRARY_PATH: libraries, FONTCONFIG_FILE: join(root, "fonts.conf") } };
}

// The package's tarballs hold plain files and folders with short names.
function untar(tar: Buffer, into: string) {
  for (let at = 0; at + 512 <= tar.length && tar[at] !== 0; ) {
    const field = (from: number, to: number) => tar.toString("latin1", at + from, at + to).replace(/\0[^]*$/, "").trim();
    const name = field(0, 100);
    const size = Number.parseInt(field(124, 136) || "0", 8);
    const type = field(156, 157) || "0";
    const path = join(into, name);
    if (!path.startsWith(`${into}/`)) throw new Error(`tar entry outside the target folder: ${name}`);
    if (type === "5") mkdirSync(path, { recursive: true });
    else if (type === "0") {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, tar.subarray(at + 512, at + 512 + size), { mode: Number.parseInt(field(100, 108), 8) });
    } else throw new Error(`tar entry of unexpected type ${type}: ${name}`);
    at += 512 + Math.ceil(size / 512) * 512;
  }
}

let browser: Browser;
beforeAll(async () => {
  const own = process.env.EDGE_GYM_CHROMIUM;
  const { executablePath, env } = own ? { executablePath: own, env: process.env } : await packagedChromium();
  browser = await chromium.launch({
    executablePath,
    env,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

// 30 tasks x 4 rollouts of a binary reward over two agents, token counts spread over many
// values, three failure classes.
function fixture() {
  const inputs: object[] = [];
  const rollouts: object[] = [];
  for (let task = 0; task < 30; task++) {
    const agent = { name: task < 20 ? "agent_a" : "agent_b" };
    for (let rollout = 0; rollout < 4; rollout++) {
      const row = { responses_create_params: { input: `q${task}` }, agent_ref: agent, _ng_task_index: task, _ng_rollout_index: rollout };
      inputs.push(row);
      if (task === 7 && rollout > 1) continue;
      const input = 100 + task * 13 + rollout * 7;
      const output = 20 + ((task * 31 + rollout * 17) % 90);
      const usage = { input_tokens: input, input_tokens_details: { cached_tokens: 0 }, output_tokens: output, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: input + output };
      rollouts.push({ ...row, response: { id: "r", output: [], usage }, reward: (task + rollout) % 3 === 0 ? 1 : 0 });
    }
  }
  const failures = [
    { ...(inputs[30] as object), _ng_failure_class: "deadline_exceeded", error: {} },
    { ...(inputs[31] as object), _ng_failure_class: "deadline_exceeded", error: {} },
    { ...(inputs[31] as object), _ng_failure_class: "upstream_unavailable", error: {} },
    { ...(inputs[0] as object), _ng_failure_class: "judge_failed", error: {} },
  ];
  writeFileSync(join(dir, "run_materialized_inputs.jsonl"), jsonl(inputs));
  writeFileSync(join(dir, "run.jsonl"), jsonl(rollouts));
  writeFileSync(join(dir, "run_failures.jsonl"), jsonl(failures));
  return { inputs: join(dir, "run_materialized_inputs.jsonl"), rollouts: join(dir, "run.jsonl") };
}

describe("the HTML report", () => {
  test("histograms: a bar per distinct value when few, equal-width bins when many", () => {
    expect(histogram([0, 1, 1, 0, 1])).toEqual([{ label: "0", count: 2 }, { label: "1", count: 3 }]);
    const bins = histogram(Array.from({ length: 100 }, (_, i) => i), 10);
    expect(bins).toHaveLength(10);
    expect(bins.every((b) => b.count === 10)).toBe(true);
    expect(bins[0]!.label).toBe("0–9.9");
  });

  test("renders every chart with its data in headless Chromium, offline", async () => {
    const files = fixture();
    const result = await profile(files);
    const path = await writeReport(result, files.rollouts);
    const url = pathToFileURL(path).href;

    const page = await browser.newPage();
    const requests: string[] = [];
    const errors: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await page.goto(url);

    const charts = await page.$$eval("figure[data-chart]", (figures) =>
      figures.map((f) => ({
        chart: f.getAttribute("data-chart"),
        marks: Number(f.getAttribute("data-marks")),
        drawn: f.querySelectorAll("svg .mark").length,
        svgs: f.querySelectorAll("svg").length,
        error: f.getAttribute("data-error"),
      })),
    );
    expect(errors).toEqual([]);
    expect(requests).toEqual([url]);

    const tokenBins = ["input_tokens", "output_tokens", "total_tokens"].reduce((n, f) => n + histogram(result.rollouts.map((r) => r[f]!)).length, 0);
    expect(charts).toEqual([
      // rewards 0 and 1
      { chart: "reward-histogram", marks: 2, drawn: 2, svgs: 1, error: null },
      // two agents with pass@k at every k from 1 to 4 (was 6 marks: pass@1, @2, @4 only)
      { chart: "pass-at-k", marks: 8, drawn: 8, svgs: 1, error: null },
      { chart: "task-difficulty", marks: 30, drawn: 30, svgs: 1, error: null },
      { chart: "token-usage", marks: tokenBins, drawn: tokenBins, svgs: 3, error: null },
      { chart: "failures", marks: 3, drawn: 3, svgs: 1, error: null },
    ]);
    expect(tokenBins).toBeGreaterThan(30);

    // Bars carry their data: the histogram counts add up to the completed rollouts, the tasks
    // are sorted hardest first, the failure classes are counted.
    const values = (chart: string) => page.$$eval(`figure[data-chart="${chart}"] svg .mark`, (marks) => marks.map((m) => Number(m.getAttribute("data-value"))));
    expect((await values("reward-histogram")).reduce((a, b) => a + b, 0)).toBe(result.rollouts.length);
    const difficulty = await values("task-difficulty");
    expect(difficulty).toEqual([...difficulty].sort((a, b) => a - b));
    expect(difficulty).toEqual(result.tasks.map((t) => t.meanReward).sort((a, b) => a - b));
    expect(await values("failures")).toEqual([2, 1, 1]);
    expect(await page.textContent("table")).toContain("agent_b");
    await page.close();
  });
});
