// genrm_compare's cohort-based /verify keeps cohorts apart by caller (the one its agent
// authenticated, over RPC) and by everything the policy was given: another token holder can neither
// join a trainer's cohort (with or without instructions of its own) nor read its statistics, rows
// that differ in any create param never meet, and a rollout sent twice fills no partner's place.
import { env } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import server from "../../../../workers/resources/genrm_compare/index.ts";
import { answerRpc } from "../../../../shared/server/rpc.ts";
import { ROLLOUT_INDEX_KEY, TASK_INDEX_KEY } from "../../../../shared/schemas/run.ts";
import { assistantMessage, client, judgeModel, serverEnv } from "../../../workerd/helpers.ts";
import type { JudgeAnswer } from "../../../workerd/helpers.ts";

// The scripted GenRM prefers the longer answer.
async function byLength(request: Request) {
  const { metadata } = (await request.json()) as { metadata: Record<string, string> };
  const [a, b] = [metadata.response_1!.length, metadata.response_2!.length];
  return Response.json({ output: [assistantMessage(JSON.stringify({ score_1: a > b ? 5 : 1, score_2: a > b ? 1 : 5, ranking: a > b ? 1 : 6 }))] });
}

function genrm(config: Record<string, unknown>) {
  const answers: JudgeAnswer[] = Array.from({ length: 20 }, () => byLength);
  const judge = judgeModel(answers, "genrm_model");
  const INSTANCE_CONFIG = { genrm_model_server: { type: "responses_api_models", name: "genrm_model" }, num_rollouts_per_prompt: 2, cohort_timeout_s: 0.5, ...config };
  const serverBindings = serverEnv("genrm_compare", { INSTANCE_CONFIG, COHORTS: env.COHORTS, ...judge.bindings });
  const ctx = { waitUntil() {} };
  /** /verify over RPC, as an agent calls it for `caller`. */
  const verify = async (body: Record<string, unknown>, caller?: string) => (await answerRpc(server, { path: "/verify", body, ...(caller === undefined ? {} : { caller }) }, serverBindings, ctx)).body as Record<string, any>;
  return { verify, http: client(server, serverBindings), seen: judge.seen, judge: answers };
}

const params = () => ({ input: `Name a colour (${crypto.randomUUID()}).`, instructions: "Answer in one word." });
const row = (responses_create_params: Record<string, unknown>, text: string, extra: Record<string, unknown> = {}) => ({
  responses_create_params,
  response: { id: `r-${text}-${crypto.randomUUID()}`, output: [assistantMessage(text)] },
  ...extra,
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const textOf = (answer: Record<string, any>) => answer.response.output[0].content[0].text;

describe("genrm_compare cohorts belong to one caller", () => {
  test("another caller's rollout of the same prompt, with or without its own instructions, never joins the trainer's cohort", async () => {
    for (const rivalParams of [(p: Record<string, unknown>) => p, (p: Record<string, unknown>) => ({ ...p, instructions: "Answer at length." })]) {
      const s = genrm({});
      const prompt = params();
      const trainer0 = s.verify(row(prompt, "aa"), "bench");
      const rival = s.verify(row(rivalParams(prompt), "aaaaaaaa"), "rival");
      const trainer1 = s.verify(row(prompt, "a"), "bench");
      const [a, b] = await Promise.all([trainer0, trainer1]);
      // The trainer's own cohort alone: "aa" beats "a" both ways round.
      expect([a.reward, b.reward]).toEqual([5, 1]);
      expect(a.cohort_metrics).toEqual(b.cohort_metrics);
      expect(s.seen.map((call: any) => [call.metadata.response_1, call.metadata.response_2].sort())).toEqual([["a", "aa"], ["a", "aa"]]);
      // The rival's rollout waits in a cohort of its own: no reward, no statistics, at its deadline.
      const lonely = await rival;
      expect(lonely._ng_failure_class).toBe("cohort_incomplete");
      expect(lonely).not.toHaveProperty("reward");
      expect(lonely).not.toHaveProperty("cohort_metrics");
    }
  });

  test("two callers' cohorts of one prompt, gathered at once, are scored each on its own", async () => {
    const s = genrm({});
    const prompt = params();
    const answers = await Promise.all([
      s.verify(row(prompt, "bb"), "bench"),
      s.verify(row(prompt, "rrrrrr"), "rival"),
      s.verify(row(prompt, "b"), "bench"),
      s.verify(row(prompt, "r"), "rival"),
    ]);
    expect(Object.fromEntries(answers.map((a) => [textOf(a), a.reward]))).toEqual({ bb: 5, b: 1, rrrrrr: 5, r: 1 });
  });

  test("without a caller (an open stack), RPC and HTTP are one caller: their rollouts meet", async () => {
    const s = genrm({});
    const prompt = params();
    const [overRpc, overHttp] = await Promise.all([s.verify(row(prompt, "aa")), s.http.post("/verify", row(prompt, "a"))]);
    expect([overRpc.reward, overHttp.body.reward]).toEqual([5, 1]);
  });
});

describe("genrm_compare cohorts belong to one prompt as the policy got it", () => {
  test("rows that differ in any create param (instructions, tools, sampling, model, key order) never share a cohort", async () => {
    const s = genrm({ cohort_timeout_s: 0.3 });
    // Each pair its own prompt: the base rows of two pairs would meet otherwise.
    const base = () => ({ ...params(), temperature: 0.7, tools: [{ type: "function", name: "f", parameters: { type: "object", properties: { a: {}, b: {} } }, strict: false }] });
    const variants: ((b: ReturnType<typeof base>) => Record<string, unknown>)[] = [
      (b) => ({ ...b, instructions: "Answer in two words." }),
      (b) => ({ ...b, temperature: 1 }),
      (b) => ({ ...b, model: "another" }),
      (b) => ({ ...b, tools: [] }),
      (b) => ({ ...b, tools: [{ ...b.tools[0]!, parameters: { type: "object", properties: { b: {}, a: {} } } }] }),
      (b) => ({ ...b, input: [{ role: "user", content: b.input }] }),
    ];
    const answers = await Promise.all(
      variants.map((variant, i) => {
        const prompt = base();
        return Promise.all([s.verify(row(prompt, `base${i}`), "bench"), s.verify(row(variant(prompt), `variant${i}`), "bench")]);
      }),
    );
    for (const pair of answers) for (const answer of pair) expect(answer._ng_failure_class).toBe("cohort_incomplete");
    expect(s.seen).toHaveLength(0);
  });

  test("rows of different tasks, prompt ids or principles never share a cohort", async () => {
    const s = genrm({ cohort_timeout_s: 0.3 });
    const prompt = params();
    const pairs: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ [TASK_INDEX_KEY]: 1 }, { [TASK_INDEX_KEY]: 2 }],
      [{ prompt_id: "p1" }, { prompt_id: "p2" }],
      [{ principle: "Be brief." }, { principle: "Be thorough." }],
      [{ agent_ref: { name: "one_agent" } }, { agent_ref: { name: "another_agent" } }],
    ];
    const answers = await Promise.all(pairs.map(([x, y], i) => Promise.all([s.verify(row(prompt, `x${i}`, x), "bench"), s.verify(row(prompt, `y${i}`, y), "bench")])));
    for (const pair of answers) for (const answer of pair) expect(answer._ng_failure_class).toBe("cohort_incomplete");
  });
});

describe("genrm_compare: a rollout sent twice", () => {
  test("with the same response waits for the same reward and fills no partner's place", async () => {
    const s = genrm({});
    const prompt = params();
    const first = row(prompt, "aa", { [TASK_INDEX_KEY]: 0, [ROLLOUT_INDEX_KEY]: 0 });
    const answers = await Promise.all([s.verify(first, "bench"), s.verify(first, "bench"), s.verify(row(prompt, "a", { [TASK_INDEX_KEY]: 0, [ROLLOUT_INDEX_KEY]: 1 }), "bench")]);
    expect(answers.map((a) => [textOf(a), a.reward])).toEqual([["aa", 5], ["aa", 5], ["a", 1]]);
    expect(s.seen).toHaveLength(2);
  });

  test("with another response takes its earlier entry's place: the earlier request fails, the retry is scored", async () => {
    const s = genrm({});
    const prompt = params();
    const at = (rollout: number) => ({ [TASK_INDEX_KEY]: 0, [ROLLOUT_INDEX_KEY]: rollout });
    const earlier = s.verify(row(prompt, "aaaaaa", at(0)), "bench");
    const superseded = await Promise.race([earlier, sleep(100).then(() => "waiting")]);
    expect(superseded).toBe("waiting");
    const retry = s.verify(row(prompt, "aa", at(0)), "bench");
    expect((await earlier)._ng_failure_class).toBe("cohort_superseded");
    const partner = await s.verify(row(prompt, "a", at(1)), "bench");
    expect([textOf(await retry), (await retry).reward, partner.reward]).toEqual(["aa", 5, 1]);
  });
});

describe("genrm_compare: a cohort's deadline", () => {
  test("ends only its own cohort: one still being scored never fails the next one gathering", async () => {
    const s = genrm({ cohort_timeout_s: 1 });
    const prompt = params();
    // The first cohort's verdicts wait until the test lets them come.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    s.judge.splice(0, 2, ...[0, 1].map(() => async (request: Request) => (await held, byLength(request))));
    const firstCohort = [s.verify(row(prompt, "aa"), "bench"), s.verify(row(prompt, "a"), "bench")];
    // The GenRM is asked once the cohort is complete: both members had joined by then.
    while (s.seen.length < 2) await sleep(10);
    await sleep(500);
    const gathering = s.verify(row(prompt, "bbb"), "bench");
    // Past the first cohort's gathering deadline, within this one's.
    await sleep(650);
    const next = await Promise.all([gathering, s.verify(row(prompt, "b"), "bench")]);
    release();
    expect(next.map((a) => a.reward)).toEqual([5, 1]);
    expect((await Promise.all(firstCohort)).map((a) => a.reward)).toEqual([5, 1]);
  });
});
