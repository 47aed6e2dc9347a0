// The rollout viewer in headless Chromium against a real `edge-gym view`: the list, its filters,
// a rollout read in full, compare, long texts cut, hostile model output kept as text, and no
// request leaving the server's origin.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { launchChromium } from "../../../scripts/browser/chromium.ts";
import { BIG, XSS, writeFixture } from "./fixture.ts";
import { startView } from "./serve.ts";
import type { Viewer } from "./serve.ts";

let browser: Browser;
let viewer: Viewer;
beforeAll(async () => {
  [browser, viewer] = await Promise.all([launchChromium(), startView([writeFixture().rollouts, "--port", "0"])]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await viewer?.stop();
});

interface Watched {
  page: Page;
  requests: string[];
  errors: string[];
}

async function open(hash: string): Promise<Watched> {
  const page = await browser.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("dialog", (d) => {
    errors.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  await page.goto(viewer.url + hash);
  return { page, requests, errors };
}

const rowIds = (page: Page) => page.$$eval("#rollouts tbody tr", (rows) => rows.map((r) => r.getAttribute("data-id")));

async function listed(page: Page, count: number) {
  await expect.poll(() => page.locator("#rollouts tbody tr").count()).toBe(count);
  return rowIds(page);
}

/** Every request went to the server that served the page. */
function sameOrigin(w: Watched) {
  const origin = new URL(viewer.url).origin;
  expect(w.requests.length).toBeGreaterThan(1);
  expect(w.requests.filter((r) => new URL(r).origin !== origin)).toEqual([]);
  expect(w.errors).toEqual([]);
}

describe("the rollout viewer", () => {
  test("lists every rollout and failure; the menus filter it", async () => {
    const w = await open("");
    const { page } = w;
    expect(await listed(page, 12)).toEqual(["r1", "r2", "r3", "r4", "r5", "r6", "r8", "r9", "r10", "r11", "f1", "f2"]);
    const r1 = await page.$$eval('#rollouts tr[data-id="r1"] td', (cells) => cells.map((c) => c.textContent));
    expect(r1).toEqual(expect.arrayContaining(["done", "1", "accuracy 1 · format 1", "2", "1", "100 / 20", "0 #0", "agent_a"]));

    await page.selectOption('select[name="agent"]', "agent_b");
    expect(await listed(page, 2)).toEqual(["r8", "r9"]);
    expect(page.url()).toContain("agent=agent_b");

    await page.click("text=clear");
    await listed(page, 12);
    await page.selectOption('select[name="failure_class"]', "deadline_exceeded");
    expect(await listed(page, 1)).toEqual(["f1"]);

    // Typed filters apply on submit; the hash carries them, so the filtered list is a link.
    // Pages of 5 (the hash may set the size): "more" appends the next until the last.
    await page.goto(`${viewer.url}#/?limit=5`);
    expect(await listed(page, 5)).toEqual(["r1", "r2", "r3", "r4", "r5"]);
    await page.click("button:text('more')");
    await listed(page, 10);
    await page.click("button:text('more')");
    expect(await listed(page, 12)).toEqual(["r1", "r2", "r3", "r4", "r5", "r6", "r8", "r9", "r10", "r11", "f1", "f2"]);
    expect(await page.isHidden("button:text('more')")).toBe(true);
    expect(await page.textContent(".bar")).toContain("12 rollouts");

    await page.goto(`${viewer.url}#/?min_reward=1`);
    expect(await listed(page, 4)).toEqual(["r1", "r4", "r5", "r11"]);
    expect(await page.inputValue('input[name="min_reward"]')).toBe("1");
    await page.fill('input[name="min_reward"]', "0.4");
    await page.fill('input[name="max_reward"]', "0.6");
    await page.click("button:text('filter')");
    expect(await listed(page, 2)).toEqual(["r8", "r9"]);
    sameOrigin(w);
    await page.close();
  });

  test("a rollout opens from the list: prompt, turns, tool calls and outputs, reward, verify fields", async () => {
    const w = await open("");
    const { page } = w;
    await listed(page, 12);
    await page.click('#rollouts tr[data-id="r3"] td:nth-child(3)');
    await page.waitForSelector("#turns");
    expect(page.url()).toMatch(/#\/rollout\/r3$/);
    const text = (selector: string) => page.textContent(selector).then((t) => t ?? "");
    expect(await text(".title")).toContain("Rollout r3");
    expect(await text(".title")).toContain("reward 0");
    expect(await text("#outcome")).toMatch(/· accuracy\s*0/);
    expect(await text("#outcome")).toMatch(/input tokens\s*101/);
    expect(await text("#prompt")).toContain("Question 1: add 2 and 1 (é—🙂)");
    expect(await text("#prompt")).toContain("1 tools offered: calculator");
    // Two turns in order: reasoning and the call, then (after the output and the environment's message) the answer.
    const turns = await page.$$eval("#turns .turn", (ts) => ts.map((t) => [...t.querySelectorAll(".item")].map((i) => i.className.replace("item ", ""))));
    expect(turns).toEqual([["reasoning", "call", "output", "msg user"], ["msg assistant"]]);
    expect(await text("#turns .call")).toContain("calculator");
    expect(await text("#turns .call pre")).toBe('{"a":2,"b":1}');
    expect(await text("#turns .output")).toContain("tool output of calculator");
    expect(await text("#turns .output pre")).toBe('{"sum":3}');
    expect(await text("#turns .reasoning")).toContain("I should call the calculator for task 1.");
    expect(await text("#verify")).toContain("expected_answer");
    expect(await text("#verify")).not.toContain("responses_create_params");

    await page.goto(`${viewer.url}#/rollout/f1`);
    await page.waitForSelector("#outcome");
    expect(await text("#outcome")).toContain("deadline_exceeded");
    expect(await text("#outcome")).toContain("the rollout ran past its deadline");
    sameOrigin(w);
    await page.close();
  });

  test("compare: tick two rollouts of one task, see both turn by turn, rewards on top", async () => {
    const w = await open("#/?task=0");
    const { page } = w;
    expect(await listed(page, 4)).toEqual(["r1", "r2", "r8", "r9"]);
    const compare = page.locator("button:text('compare')");
    await page.check('#rollouts tr[data-id="r1"] input[type=checkbox]');
    expect(await compare.isDisabled()).toBe(true);
    await page.check('#rollouts tr[data-id="r8"] input[type=checkbox]');
    await compare.click();
    await page.waitForSelector(".compare");
    expect(page.url()).toMatch(/#\/compare\/r1,r8$/);
    const header = await page.$$eval(".compare .cell", (cells) => cells.slice(0, 2).map((c) => c.textContent));
    expect(header[0]).toContain("r1");
    expect(header[0]).toContain("reward 1");
    expect(header[1]).toContain("r8");
    expect(header[1]).toContain("reward 0.5");
    const rows = await page.$$eval(".compare .rowname", (names) => names.map((n) => n.textContent));
    expect(rows).toEqual(["Turn 1", "Turn 2", "verify fields"]);
    const lastTurn = await page.$$eval(".compare .cell", (cells) => cells.slice(4, 6).map((c) => c.textContent));
    expect(lastTurn[0]).toContain("2");
    expect(lastTurn[1]).toContain("two");
    // Rollouts of two tasks can be compared by URL, with a warning.
    await page.goto(`${viewer.url}#/compare/r1,r3`);
    await page.waitForSelector(".compare");
    expect(await page.textContent("main")).toContain("these rollouts are of 2 different tasks");
    sameOrigin(w);
    await page.close();
  });

  test("hostile model output stays text, and a 1 MB output is cut until asked", async () => {
    const w = await open("#/?task=5");
    const { page } = w;
    expect(await listed(page, 1)).toEqual(["r10"]);
    expect(await page.textContent('#rollouts tr[data-id="r10"] .prompt')).toBe(`Say ${XSS}`);
    await page.goto(`${viewer.url}#/rollout/r10`);
    await page.waitForSelector("#turns");
    expect(await page.$$eval("#view img, #view script", (els) => els.length)).toBe(0);
    expect(await page.textContent("#turns .output pre")).toBe(XSS);
    expect(await page.textContent("#turns .msg.assistant pre")).toBe(XSS);
    // Arguments that do not parse as JSON show as written.
    expect(await page.textContent("#turns .call pre")).toBe(`{"a": "${XSS}"}`);
    expect(await page.textContent("#prompt")).toContain(`Say ${XSS}`);
    expect(await page.evaluate(() => typeof (globalThis as { __xss?: unknown }).__xss)).toBe("undefined");

    await page.goto(`${viewer.url}#/rollout/r11`);
    await page.waitForSelector("#turns");
    const output = page.locator("#turns .output pre");
    expect((await output.textContent())!.length).toBe(20_000);
    await page.click("#turns .output button:text('show all')");
    expect((await output.textContent())!.length).toBe(BIG);
    expect(await page.locator("#turns .output button").count()).toBe(0);
    sameOrigin(w);
    await page.close();
  });
});
