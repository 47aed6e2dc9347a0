import { listDurableObjectIds } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";
import { defineEpisodeServer } from "../../../shared/resources/episode.ts";
import { VerifierFailure } from "../../../shared/resources/failure.ts";
import { assistantText } from "../../../shared/verifiers/assistant_text.ts";
import { cookieScope, newSessionId, signSession } from "../../../shared/session/cookie.ts";
import { assistantMessage, client, serverEnv } from "../../workerd/helpers.ts";
import { NOTHING, storedIn } from "../../durable_objects/stored.ts";

// Count to the row's `target`: each reply's number is added; reaching it exactly pays 1, passing it -1.
const countdown = defineEpisodeServer({
  declaration: resourcesServer({ task: z.object({ target: z.number().int() }), stateful: true }),
  reset: (row) => ({ observation: `count to ${row.target}`, info: { target: row.target }, state: { total: 0 } }),
  step({ total }, action, row) {
    const text = assistantText(action.output);
    if (text === "judge down") throw new VerifierFailure("judge_failed", "the judge is down");
    if (text === "nan") return { reward: Number.NaN, state: { total } };
    const next = total + Number(text);
    if (next === row.target) return { reward: 1, terminated: true, info: { total: next }, state: { total: next } };
    if (next > row.target) return { reward: -1, truncated: true, state: { total: next } };
    return { observation: `at ${next}`, reward: 0, state: { total: next } };
  },
});

const row = { responses_create_params: { input: "count" }, target: 5 };
const turn = (text: string, task = row) => ({ ...task, response: { id: "r", output: [assistantMessage(text)] } });
const open = (extra: Record<string, unknown> = {}) => client(countdown, serverEnv("countdown", extra));

describe("defineEpisodeServer", () => {
  test("reset starts an episode from the row; steps carry it on to its end, in NeMo Gym's shapes", async () => {
    const s = open();
    const reset = await s.post("/reset", row);
    expect(reset).toEqual({ status: 200, body: { observation: "count to 5", info: { target: 5, supports_explicit_close: true } } });
    expect((await s.post("/step", turn("2"))).body).toEqual({ observation: "at 2", reward: 0, terminated: false, truncated: false, info: {} });
    expect((await s.post("/step", turn("3"))).body).toEqual({ observation: null, reward: 1, terminated: true, truncated: false, info: { total: 5 } });
  });

  test("sessions play their episodes independently", async () => {
    const a = open();
    const b = open();
    const nine = { ...row, target: 9 };
    await Promise.all([a.post("/reset", row), b.post("/reset", nine)]);
    await Promise.all([a.post("/step", turn("4")), b.post("/step", turn("3", nine))]);
    expect((await a.post("/step", turn("1"))).body.reward).toBe(1);
    expect((await b.post("/step", turn("1", nine))).body).toMatchObject({ observation: "at 4", terminated: false });
  });

  test("an ended episode is released: a later step is a 409, as is a step never reset", async () => {
    const s = open();
    await s.post("/reset", row);
    expect((await s.post("/step", turn("7"))).body).toMatchObject({ reward: -1, truncated: true });
    const after = await s.post("/step", turn("1"));
    expect(after.status).toBe(409);
    expect(after.body.error.type).toBe("no_episode");
    const before = (await listDurableObjectIds(env.SESSIONS)).length;
    const never = await open().post("/step", turn("1"));
    expect(never.status).toBe(409);
    // A step without a session touches no Durable Object.
    expect((await listDurableObjectIds(env.SESSIONS)).length).toBe(before);
  });

  test("/close (and /close_session) end an episode early", async () => {
    for (const path of ["/close", "/close_session"]) {
      const s = open();
      await s.post("/reset", row);
      await s.post("/step", turn("1"));
      const cookie = s.jar.header()!;
      expect((await s.post(path, {})).body).toEqual({ closed: true });
      const after = await s.send("/step", turn("1"), { headers: { cookie } });
      expect(after.status).toBe(409);
    }
  });

  test("concurrent steps of one episode play one after another, each from the state the last one left", async () => {
    const s = open();
    await s.post("/reset", { ...row, target: 100 });
    const steps = await Promise.all(Array.from({ length: 10 }, () => s.post("/step", turn("1", { ...row, target: 100 }))));
    expect(steps.map((step) => step.body.observation).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `at ${i + 1}`).sort());
    expect((await s.post("/step", turn("1", { ...row, target: 100 }))).body.observation).toBe("at 11");
  });

  test("a step in a closed session, or one signed but never reset, is a 409 no_episode and stores nothing", async () => {
    const s = open();
    await s.post("/reset", row);
    const closed = s.jar.header()!;
    await s.post("/close", {});
    const unseeded = `session=${await signSession(env.SESSION_SECRET, cookieScope("countdown", undefined), newSessionId())}`;
    for (const cookie of [closed, unseeded]) {
      const step = await s.send("/step", turn("1"), { headers: { cookie } });
      expect(step.status).toBe(409);
      expect(((await step.json()) as { error: { type: string } }).error.type).toBe("no_episode");
      expect(await (await s.send("/close", {}, { headers: { cookie } })).json()).toEqual({ closed: true });
      expect(await storedIn(env.SESSIONS.get(env.SESSIONS.idFromName(cookie.replace(/^session=/, "").split(".")[0]!)))).toEqual(NOTHING);
    }
  });

  test("a step racing the one that ends the episode finds no episode: it is never played on the ended state", async () => {
    const s = open();
    await s.post("/reset", row);
    await s.post("/step", turn("4"));
    const [a, b] = await Promise.all([s.post("/step", turn("1")), s.post("/step", turn("1"))]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((step) => step.status === 200)!.body).toMatchObject({ reward: 1, terminated: true });
  });

  test("reset starts over in a new session, whatever cookie it carries", async () => {
    const s = open();
    await s.post("/reset", row);
    const first = s.jar.header();
    await s.post("/step", turn("2"));
    await s.post("/reset", row);
    expect(s.jar.header()).not.toBe(first);
    expect((await s.post("/step", turn("2"))).body.observation).toBe("at 2");
  });

  test("bad rows and bad step bodies are 400s with field paths", async () => {
    const s = open();
    const noTarget = await s.post("/reset", { responses_create_params: { input: "count" } });
    expect(noTarget.status).toBe(400);
    expect(noTarget.body.error.issues[0].path).toBe("target");
    await s.post("/reset", row);
    const noResponse = await s.post("/step", row);
    expect(noResponse.status).toBe(400);
    expect(noResponse.body.error.issues[0].path).toBe("response");
  });

  test("an environment that cannot decide is a 503 with its class; a non-finite reward a 500", async () => {
    const s = open();
    await s.post("/reset", row);
    const judged = await s.post("/step", turn("judge down"));
    expect(judged.status).toBe(503);
    expect(judged.body.error.type).toBe("judge_failed");
    const nan = await s.post("/step", turn("nan"));
    expect(nan.status).toBe(500);
    expect(nan.body.error.type).toBe("verifier_error");
  });

  test("a session store that does not answer is a 503 session_unavailable, never a step", async () => {
    const unreachable = () => Promise.reject(new Error("object unreachable"));
    const broken = { idFromName: () => ({}), get: () => ({ seed: unreachable, read: unreachable, update: unreachable, sql: unreachable, release: unreachable }) };
    const s = open({ SESSIONS: broken });
    const reset = await s.post("/reset", row);
    expect(reset.status).toBe(503);
    expect(reset.body.error.type).toBe("session_unavailable");
    const step = await s.post("/step", turn("1"));
    expect(step.status).toBe(503);
    expect(step.body.error.type).toBe("session_unavailable");
  });

  test("a tool-calling agent's routes say this is an episode server", async () => {
    const s = open();
    for (const path of ["/seed_session", "/verify"]) {
      const res = await s.post(path, row);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toMatch(/countdown is an episode server .* gymnasium_agent/);
    }
  });

  test("its close hook frees what an episode holds elsewhere, however the episode ends", async () => {
    const closed: string[] = [];
    const holder = defineEpisodeServer({
      declaration: resourcesServer({ task: z.object({}), stateful: true }),
      reset: () => ({ state: 0 }),
      step: (n, action) => ({ reward: 0, terminated: assistantText(action.output) === "done", state: n + 1 }),
      close: ({ session }) => void closed.push(session.id),
    });
    const s = client(holder, serverEnv("holder"));
    const bare = { responses_create_params: { input: "x" } };
    const say = (text: string) => ({ ...bare, response: { id: "r", output: [assistantMessage(text)] } });
    await s.post("/reset", bare);
    await s.post("/step", say("more"));
    expect(closed).toHaveLength(0);
    await s.post("/step", say("done"));
    expect(closed).toHaveLength(1);
    await s.post("/reset", bare);
    await s.post("/close", {});
    expect(closed).toHaveLength(2);
    expect(new Set(closed).size).toBe(2);
  });

  test("an episode server must keep session state", () => {
    expect(() => defineEpisodeServer({ declaration: resourcesServer({ task: z.object({}) }), reset: () => ({ state: 0 }), step: () => ({ reward: 0, state: 0 }) })).toThrow(/stateful: true/);
  });

  test("/aggregate_metrics works as on every resources server", async () => {
    const res = await open().post("/aggregate_metrics", { verify_responses: [{ reward: 1 }, { reward: -1 }] });
    expect(res.status).toBe(200);
    expect(res.body.agent_metrics["mean/reward"]).toBe(0);
  });
});
