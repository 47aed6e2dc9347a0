// A CohortDO gathers one cohort at a time and scores it in rollout-index order; each cohort's deadline
// ends only that cohort (forming, or completed and waiting for its scorer), and a rollout index sent again never takes a partner's
// place: with the same response it waits for the earlier entry's outcome, with another it replaces it.
import { env } from "cloudflare:workers";
import { describe, expect, test, vi } from "vitest";
import type { CohortTerms, CohortEntry, CohortOutcome, Joined } from "../../durable_objects/cohort_do.ts";

interface Cohorts {
  join(entry: CohortEntry, size: number, terms: CohortTerms): Promise<Joined>;
  settle(id: number, outcome: CohortOutcome): Promise<void>;
}

const cohorts = () => env.COHORTS.get(env.COHORTS.newUniqueId()) as unknown as Cohorts;
const TERMS = { noticeMs: 60_000, hint: "num_rollouts_per_prompt is 3" };
const LONG = { gatherMs: 60_000, scoreMs: 60_000, ...TERMS };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Which of the joins resolves first, by its label. */
const first = (joins: Record<string, Promise<Joined>>) => Promise.race(Object.entries(joins).map(([label, joined]) => joined.then(() => label)));
const rewards = (...values: number[]): CohortOutcome => ({ rewards: values, metrics: { m: 1 } });

describe("a cohort's deadline", () => {
  test("ends only its own cohort: a completed cohort's timer never fails the next one forming", async () => {
    const o = cohorts();
    const a = o.join({ response: "a" }, 2, { gatherMs: 50, scoreMs: 60_000, ...TERMS });
    const b = await o.join({ response: "b" }, 2, LONG);
    expect(b).toMatchObject({ index: 1, cohort: ["a", "b"] });
    // The next cohort forms while the first is being scored, past the first one's 50 ms.
    const c = o.join({ response: "c" }, 2, LONG);
    await sleep(300);
    const d = o.join({ response: "d" }, 2, LONG);
    expect(await first({ c, d })).toBe("d");
    const scored = (await d) as Extract<Joined, { cohort: unknown[] }>;
    expect(scored).toMatchObject({ index: 1, cohort: ["c", "d"] });
    await o.settle((b as Extract<Joined, { id: number }>).id, rewards(4, 2));
    await o.settle(scored.id, rewards(1, 5));
    expect(await a).toEqual({ index: 0, reward: 4, metrics: { m: 1 } });
    expect(await c).toEqual({ index: 0, reward: 1, metrics: { m: 1 } });
  });

  test("a cohort whose scorer never settles fails its members (cohort_unscored); a late settle changes nothing", async () => {
    const o = cohorts();
    const a = o.join({ response: "a" }, 2, LONG);
    const b = (await o.join({ response: "b" }, 2, { gatherMs: 60_000, scoreMs: 50, ...TERMS })) as Extract<Joined, { id: number }>;
    expect(await a).toMatchObject({ index: 0, failure: { failureClass: "cohort_unscored" } });
    await o.settle(b.id, rewards(5, 1));
    // The object goes on gathering: the next cohort forms and completes.
    const c = o.join({ response: "c" }, 2, LONG);
    const d = (await o.join({ response: "d" }, 2, LONG)) as Extract<Joined, { id: number }>;
    expect(d).toMatchObject({ index: 1, cohort: ["c", "d"] });
    await o.settle(d.id, rewards(3, 3));
    expect(await c).toEqual({ index: 0, reward: 3, metrics: { m: 1 } });
  });

  test("a cohort short of members fails them all at its deadline (cohort_incomplete), saying how many it needs and how many came", async () => {
    const o = cohorts();
    const joins = ["a", "b"].map((response) => o.join({ response }, 3, { gatherMs: 100, scoreMs: 60_000, ...TERMS }));
    const message = "this cohort needs 3 rollouts of the same prompt; 2 arrived within 100 ms (num_rollouts_per_prompt is 3)";
    for (const joined of await Promise.all(joins)) expect(joined).toEqual({ index: expect.any(Number), failure: { failureClass: "cohort_incomplete", message } });
  });

  test("a cohort still short at its notice time says so in the log, long before its deadline; a complete one never does", async () => {
    const o = cohorts();
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    const short = o.join({ response: "a" }, 3, { gatherMs: 60_000, scoreMs: 60_000, noticeMs: 20, hint: "num_rollouts_per_prompt is 3" });
    const complete = await cohorts().join({ response: "x" }, 1, { gatherMs: 60_000, scoreMs: 60_000, noticeMs: 20, hint: "-" });
    await vi.waitFor(() => expect(warned).toHaveBeenCalledWith("this cohort needs 3 rollouts of the same prompt; 1 arrived in 20 ms (num_rollouts_per_prompt is 3); it fails in 59980 ms unless the rest come"));
    await sleep(100);
    expect(warned).toHaveBeenCalledTimes(1);
    warned.mockRestore();
    expect(await Promise.race([short.then(() => "ended"), sleep(10).then(() => "waiting")])).toBe("waiting");
    expect(complete).toMatchObject({ index: 0, cohort: ["x"] });
  });
});

describe("a cohort's scoring order", () => {
  test("is by rollout index, not arrival: members without one come last, in the order they joined", async () => {
    const o = cohorts();
    const late = o.join({ response: "none" }, 4, LONG);
    const two = o.join({ response: "two", rollout: "2", digest: "d2" }, 4, LONG);
    const ten = o.join({ response: "ten", rollout: "10", digest: "d10" }, 4, LONG);
    const scored = (await o.join({ response: "zero", rollout: "0", digest: "d0" }, 4, LONG)) as Extract<Joined, { id: number; cohort: unknown[] }>;
    expect(scored).toMatchObject({ index: 0, cohort: ["zero", "two", "ten", "none"] });
    await o.settle(scored.id, rewards(1, 2, 3, 4));
    expect(await two).toEqual({ index: 1, reward: 2, metrics: { m: 1 } });
    expect(await ten).toEqual({ index: 2, reward: 3, metrics: { m: 1 } });
    expect(await late).toEqual({ index: 3, reward: 4, metrics: { m: 1 } });
  });
});

describe("a rollout index sent again", () => {
  test("with the same response waits for its earlier entry's reward: it fills no partner's place", async () => {
    const o = cohorts();
    const once = o.join({ response: "x", rollout: "0", digest: "dx" }, 2, LONG);
    const again = o.join({ response: "x", rollout: "0", digest: "dx" }, 2, LONG);
    const partner = o.join({ response: "y", rollout: "1", digest: "dy" }, 2, LONG);
    expect(await first({ again, partner })).toBe("partner");
    const scored = (await partner) as Extract<Joined, { id: number; cohort: unknown[] }>;
    expect(scored).toMatchObject({ index: 1, cohort: ["x", "y"] });
    await o.settle(scored.id, rewards(4, 2));
    expect(await once).toEqual({ index: 0, reward: 4, metrics: { m: 1 } });
    expect(await again).toEqual({ index: 0, reward: 4, metrics: { m: 1 } });
  });

  test("with another response replaces its earlier entry, whose request fails (cohort_superseded)", async () => {
    const o = cohorts();
    const earlier = o.join({ response: "x", rollout: "0", digest: "dx" }, 2, LONG);
    const retry = o.join({ response: "x2", rollout: "0", digest: "dx2" }, 2, LONG);
    expect(await first({ earlier, retry })).toBe("earlier");
    expect(await earlier).toMatchObject({ index: 0, failure: { failureClass: "cohort_superseded" } });
    const scored = (await o.join({ response: "y", rollout: "1", digest: "dy" }, 2, LONG)) as Extract<Joined, { id: number }>;
    expect(scored).toMatchObject({ index: 1, cohort: ["x2", "y"] });
    await o.settle(scored.id, rewards(2, 4));
    expect(await retry).toEqual({ index: 0, reward: 2, metrics: { m: 1 } });
  });

  test("while its cohort is scored: the same response gets that cohort's reward, another starts the next cohort", async () => {
    const o = cohorts();
    const a = o.join({ response: "x", rollout: "0", digest: "dx" }, 2, LONG);
    const scored = (await o.join({ response: "y", rollout: "1", digest: "dy" }, 2, LONG)) as Extract<Joined, { id: number }>;
    const same = o.join({ response: "y", rollout: "1", digest: "dy" }, 2, LONG);
    const other = o.join({ response: "x2", rollout: "0", digest: "dx2" }, 2, LONG);
    await o.settle(scored.id, rewards(4, 2));
    expect(await a).toEqual({ index: 0, reward: 4, metrics: { m: 1 } });
    expect(await same).toEqual({ index: 1, reward: 2, metrics: { m: 1 } });
    // The other response is the next cohort's first member.
    const next = (await o.join({ response: "z", rollout: "1", digest: "dz" }, 2, LONG)) as Extract<Joined, { id: number }>;
    expect(next).toMatchObject({ index: 1, cohort: ["x2", "z"] });
    await o.settle(next.id, rewards(1, 5));
    expect(await other).toEqual({ index: 0, reward: 1, metrics: { m: 1 } });
  });
});
