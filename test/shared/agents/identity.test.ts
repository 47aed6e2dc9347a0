// Rollout identity as NeMo Gym spells it (nemo_gym/global_config.py: `_ng_rollout_id`,
// `_ng_attempt_index`; the id's charset from rollout_correlation.py): every /run and /run_batch
// outcome carries both, a row's own are kept, bad ones are 400s naming the field.
import { describe, expect, test } from "vitest";
import { Deadlines } from "../../../shared/client/deadlines.ts";
import { RunRoutesConfig, addRunRoutes } from "../../../shared/agents/run_routes.ts";
import { identified } from "../../../shared/agents/identity.ts";
import type { ResourcesHop } from "../../../shared/agents/hops.ts";
import type { RunRequest, VerifyResponse } from "../../../shared/schemas/run.ts";
import { HttpError } from "../../../shared/server/errors.ts";
import { createServerApp } from "../../../shared/server/app.ts";
import { client } from "../../workerd/helpers.ts";
import { readLines } from "../../workers/agents/scripted_model.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("identified", () => {
  const row = { responses_create_params: { input: [] } } as RunRequest;

  test("keeps a row's own id and attempt", () => {
    expect(identified({ ...row, _ng_rollout_id: "step7.0-0", _ng_attempt_index: 2, _ng_task_index: 1, _ng_rollout_index: 0 })).toMatchObject({ _ng_rollout_id: "step7.0-0", _ng_attempt_index: 2 });
  });

  test('derives "<task>-<rollout>" from the collector\'s indices, as NeMo Gym does', () => {
    expect(identified({ ...row, _ng_task_index: 3, _ng_rollout_index: 1 }, "key-1")).toMatchObject({ _ng_rollout_id: "3-1", _ng_attempt_index: 0 });
  });

  test("else the id the caller gave the rollout, when it fits the charset, else a fresh one", () => {
    expect(identified(row, "key-1")._ng_rollout_id).toBe("key-1");
    expect(identified(row, "caller:key")._ng_rollout_id).toMatch(UUID);
    const a = identified(row)._ng_rollout_id;
    expect(a).toMatch(UUID);
    expect(identified(row)._ng_rollout_id).not.toBe(a);
  });
});

/** An agent whose rollout answers as `behaviour` says for the row's `mode`. */
function agent() {
  const app = createServerApp();
  addRunRoutes(app, {
    config: () => RunRoutesConfig.parse({}),
    deps: () => ({ deadlines: new Deadlines() }) as ResourcesHop,
    async run(request: RunRequest): Promise<VerifyResponse> {
      if (request.mode === "crash") throw new HttpError(502, "tool_failed", "the tool server is down");
      if (request.mode === "undecided") return { ...request, response: { id: "r", output: [] }, _ng_failure_class: "judge_failed", error: "judge down" } as unknown as VerifyResponse;
      return { ...request, response: { id: "r", output: [] }, reward: 1 } as unknown as VerifyResponse;
    },
  });
  return client(app, {});
}

const row = (extra: Record<string, unknown> = {}) => ({ responses_create_params: { input: "hi" }, mode: "ok", ...extra });

describe("/run", () => {
  test("a result carries the row's identity, or one minted for it", async () => {
    const c = agent();
    const given = await c.post("/run", row({ _ng_rollout_id: "prompt-4.sib_2", _ng_attempt_index: 3 }));
    expect(given.status).toBe(200);
    expect(given.body).toMatchObject({ reward: 1, _ng_rollout_id: "prompt-4.sib_2", _ng_attempt_index: 3 });
    const minted = await c.post("/run", row());
    expect(minted.body._ng_rollout_id).toMatch(UUID);
    expect(minted.body._ng_attempt_index).toBe(0);
  });

  test("a failure says which rollout and attempt failed: a failure class, or the error body", async () => {
    const c = agent();
    const undecided = await c.post("/run", row({ mode: "undecided", _ng_rollout_id: "r1", _ng_attempt_index: 1 }));
    expect(undecided.body).toMatchObject({ _ng_failure_class: "judge_failed", _ng_rollout_id: "r1", _ng_attempt_index: 1 });
    const crashed = await c.post("/run", row({ mode: "crash", _ng_rollout_id: "r2", _ng_attempt_index: 2 }));
    expect(crashed.status).toBe(502);
    expect(crashed.body.error).toMatchObject({ type: "tool_failed", _ng_rollout_id: "r2", _ng_attempt_index: 2 });
  });

  test("a malformed id or attempt is a 400 naming the field", async () => {
    const c = agent();
    for (const [body, path] of [
      [row({ _ng_rollout_id: ".hidden" }), "_ng_rollout_id"],
      [row({ _ng_rollout_id: "a/b" }), "_ng_rollout_id"],
      [row({ _ng_rollout_id: 7 }), "_ng_rollout_id"],
      [row({ _ng_attempt_index: -1 }), "_ng_attempt_index"],
      [row({ _ng_attempt_index: 1.5 }), "_ng_attempt_index"],
    ] as const) {
      const res = await c.post("/run", body);
      expect(res.status).toBe(400);
      expect(res.body.error.issues[0].path).toBe(path);
    }
  });
});

describe("/run_batch", () => {
  test("every line, result or failure, carries its row's identity", async () => {
    const c = agent();
    const response = await c.send("/run_batch", { rows: [row({ _ng_task_index: 0, _ng_rollout_index: 1 }), row({ mode: "crash", _ng_rollout_id: "x" }), row({ mode: "undecided", _ng_attempt_index: 4 })] });
    const lines = (await readLines(response)) as { index: number; result?: Record<string, unknown>; failure?: Record<string, unknown> }[];
    const byIndex = Object.fromEntries(lines.map((l) => [l.index, l]));
    expect(byIndex[0]!.result).toMatchObject({ _ng_rollout_id: "0-1", _ng_attempt_index: 0 });
    expect(byIndex[1]!.failure).toMatchObject({ _ng_failure_class: "tool_failed", _ng_rollout_id: "x", _ng_attempt_index: 0 });
    expect(byIndex[2]!.failure).toMatchObject({ _ng_failure_class: "judge_failed", _ng_attempt_index: 4 });
    expect(byIndex[2]!.failure!._ng_rollout_id).toMatch(UUID);
  });
});
