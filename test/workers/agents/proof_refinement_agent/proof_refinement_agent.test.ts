// proof_refinement_agent in workerd with a scripted model and an in-test verifier: every way its
// loop stops (solved, no correction turns left, no feedback, the verifier's own needs_correction,
// an undecided verification, an infrastructure failure), what a correction turn sends, and what
// the result keeps.
import { describe, expect, test } from "vitest";
import { z } from "../../../../shared/zod.ts";
import { resourcesServer } from "../../../../shared/declaration.ts";
import { defineResourcesServer } from "../../../../shared/resources/define.ts";
import { assistantText } from "../../../../shared/verifiers/assistant_text.ts";
import agent from "../../../../workers/agents/proof_refinement_agent/index.ts";
import { ProofRefinementAgentConfig } from "../../../../workers/agents/proof_refinement_agent/config.ts";
import { client, serverEnv } from "../../../workerd/helpers.ts";
import { readLines, say, scriptedModel } from "../scripted_model.ts";

// Right when the reply is the row's answer; feedback names the reply, on a wrong one (on any, when
// the verifier decides needs_correction itself; on none, when the row says "silent").
const verifies: any[] = [];
const quiz = defineResourcesServer({
  declaration: resourcesServer({
    task: z.object({ answer: z.string(), mode: z.enum(["feedback", "silent", "undecided", "says_solved", "says_unsolved"]).default("feedback") }),
  }),
  tools: {},
  verify(body) {
    verifies.push(body);
    const reply = assistantText(body.response.output);
    const reward = reply === body.answer ? 1 : 0;
    if (body.mode === "undecided") return { reward: 0, _ng_failure_class: "judge_failed", error: "judge down" };
    const error_feedback = body.mode === "silent" || (reward === 1 && body.mode === "feedback") ? null : `${reply} is not it.`;
    const verdict = body.mode === "says_solved" ? { needs_correction: false } : body.mode === "says_unsolved" ? { needs_correction: true } : {};
    return { reward, error_feedback, ...verdict };
  },
});

function agentEnv(model: { fetch(r: Request): Promise<Response> }, config: Record<string, unknown> = {}) {
  const paths: string[] = [];
  const quizEnv = serverEnv("quiz");
  const env = serverEnv("quiz_agent", {
    INSTANCE_CONFIG: {
      resources_server: { type: "resources_servers", name: "quiz" },
      model_server: { type: "responses_api_models", name: "policy_model" },
      ...config,
    },
    QUIZ: {
      fetch: (r: Request) => {
        paths.push(new URL(r.url).pathname);
        return quiz.fetch(r, quizEnv);
      },
    },
    POLICY_MODEL: model,
  });
  return { env, paths };
}

const row = (mode?: string) => ({ responses_create_params: { input: "What is 6 x 7?", temperature: 0.5 }, answer: "42", ...(mode ? { mode } : {}), task_id: "t1" });
const answers = (...texts: string[]) => scriptedModel(texts.map((text) => ({ output: [say(text)] })));

async function run(model: ReturnType<typeof answers>, config: Record<string, unknown> = {}, body: object = row()) {
  verifies.length = 0;
  const { env, paths } = agentEnv(model.fetcher, config);
  const res = await client(agent, env).post("/run", body);
  return { ...res, paths };
}

describe("proof_refinement_agent /run", () => {
  test("by default (max_correction_turns 0) one attempt: a wrong answer stays wrong", async () => {
    const model = answers("41", "42");
    const res = await run(model);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ reward: 0, total_turns: 1, error_feedback: "41 is not it.", task_id: "t1", turn_index: 0 });
    expect(model.requests).toHaveLength(1);
    expect(res.paths).toEqual(["/seed_session", "/verify"]);
  });

  test("a wrong attempt's feedback comes back as a user message; the corrected attempt's reward is the result", async () => {
    const model = answers("41", "42");
    const res = await run(model, { max_correction_turns: 2 });
    expect(res.body).toMatchObject({ reward: 1, total_turns: 2, turn_index: 1, error_feedback: null });
    expect(model.requests).toHaveLength(2);
    // The second call: the task, the first attempt unchanged, then the feedback with the task restated.
    const [first, second] = model.requests;
    expect(first.input).toEqual([{ type: "message", role: "user", content: "What is 6 x 7?" }]);
    expect(second.input.slice(0, 2)).toEqual([first.input[0], say("41")]);
    expect(second.input[2]).toEqual({ type: "message", role: "user", content: "41 is not it.\n\nCorrect your answer. The task again:\n\nWhat is 6 x 7?" });
    // The row's other create params go to every attempt.
    expect(second.temperature).toBe(0.5);
    // Each verification saw its turn and only its own attempt's output.
    expect(verifies.map((v) => [v.turn_index, v.response.output.length])).toEqual([[0, 1], [1, 1]]);
    // usage sums over the attempts; every attempt is kept, as NeMo Gym records them.
    expect(res.body.response.usage.total_tokens).toBe(30);
    expect(res.body.all_attempts).toHaveLength(2);
    expect(res.body.all_attempts[0]).toMatchObject({ turn_index: 0, generation: "41", reward: 0, error_feedback: "41 is not it.", input: first.input, response: { output: [say("41")] } });
    expect(res.body.all_attempts[1]).toMatchObject({ turn_index: 1, generation: "42", reward: 1, error_feedback: null, input: second.input });
    expect(res.paths).toEqual(["/seed_session", "/verify", "/verify"]);
  });

  test("a solved first attempt is not corrected, turns left or not", async () => {
    const model = answers("42");
    expect((await run(model, { max_correction_turns: 3 })).body).toMatchObject({ reward: 1, total_turns: 1 });
    expect(model.requests).toHaveLength(1);
  });

  test("it stops when the correction turns run out, with the last attempt's reward", async () => {
    const model = answers("40", "41", "43", "42");
    const res = await run(model, { max_correction_turns: 2 });
    expect(res.body).toMatchObject({ reward: 0, total_turns: 3, error_feedback: "43 is not it." });
    expect(model.requests).toHaveLength(3);
    expect(res.body.all_attempts.map((a: { generation: string }) => a.generation)).toEqual(["40", "41", "43"]);
  });

  test("it stops when the verifier gives no feedback to act on", async () => {
    const model = answers("41", "42");
    expect((await run(model, { max_correction_turns: 2 }, row("silent"))).body).toMatchObject({ reward: 0, total_turns: 1 });
    expect(model.requests).toHaveLength(1);
  });

  test("a verifier's needs_correction decides over the reward", async () => {
    const solved = answers("41", "42");
    expect((await run(solved, { max_correction_turns: 2 }, row("says_solved"))).body).toMatchObject({ reward: 0, total_turns: 1 });
    const unsolved = answers("41", "42", "42");
    // Rewarded 1, but the verifier says it still needs correcting: the turns run out.
    expect((await run(unsolved, { max_correction_turns: 2 }, row("says_unsolved"))).body).toMatchObject({ reward: 1, total_turns: 3 });
  });

  test("max_reward sets what counts as solved", async () => {
    const model = answers("41", "42");
    expect((await run(model, { max_correction_turns: 2, max_reward: 0 })).body).toMatchObject({ reward: 0, total_turns: 1 });
  });

  test("an undecided verification ends the rollout as that failure, never corrected or scored", async () => {
    const model = answers("41", "42");
    const res = await run(model, { max_correction_turns: 2 }, row("undecided"));
    expect(res.body).toMatchObject({ _ng_failure_class: "judge_failed", total_turns: 1 });
    expect(model.requests).toHaveLength(1);
  });

  test("a failing model hop is a 502 naming the hop, never a reward", async () => {
    let calls = 0;
    const flaky = { fetch: async (r: Request) => (++calls === 1 ? answers("41").fetcher.fetch(r) : new Response("boom", { status: 500 })) };
    const res = await run({ fetcher: flaky, requests: [], headers: [] }, { max_correction_turns: 2 });
    expect(res.status).toBe(502);
    expect(res.body.error.hop).toBe("policy_model/v1/responses");
    expect(res.body.reward).toBeUndefined();
  });

  test("include_all_attempts: false leaves the attempts out", async () => {
    const res = await run(answers("41", "42"), { max_correction_turns: 1, include_all_attempts: false });
    expect(res.body).toMatchObject({ reward: 1, total_turns: 2 });
    expect(res.body).not.toHaveProperty("all_attempts");
  });

  test("feedback_field and correction_prompt_template say where feedback is read and how it is put", async () => {
    const model = answers("41", "42");
    const res = await run(model, { max_correction_turns: 1, feedback_field: "hint", correction_prompt_template: "Hint: {feedback} ($& {prompt})" }, { ...row(), hint: "go one up" });
    // The row's hint is echoed by the verifier, so every attempt has it: it is fed back.
    expect(model.requests[1].input.at(-1).content).toBe("Hint: go one up ($& What is 6 x 7?)");
    expect(res.body.all_attempts[0].hint).toBe("go one up");
  });

  test("a template without {feedback} is a misconfiguration, named", async () => {
    const res = await run(answers("42"), { correction_prompt_template: "Try again." });
    expect(res.status).toBe(500);
    expect(res.body.error.message).toMatch(/correction_prompt_template: must contain \{feedback\}/);
  });
});

describe("proof_refinement_agent: the other routes", () => {
  test("/v1/responses is one model call, no verification", async () => {
    const model = answers("41");
    const { env, paths } = agentEnv(model.fetcher, { max_correction_turns: 2 });
    const res = await client(agent, env).post("/v1/responses", { input: "hi" });
    expect(res.status).toBe(200);
    expect(res.body.output).toEqual([say("41")]);
    expect(model.requests).toHaveLength(1);
    expect(paths).toEqual([]);
  });

  test("/run_batch streams each row's refined result, failures as failure records", async () => {
    const model = answers("41", "42");
    const { env } = agentEnv(model.fetcher, { max_correction_turns: 1, run_batch_concurrency: 1 });
    const response = await client(agent, env).send("/run_batch", { rows: [row(), row("undecided")] });
    const lines = await readLines(response);
    expect(lines.find((l) => l.index === 0)).toMatchObject({ result: { reward: 1, total_turns: 2 } });
    const failed = lines.find((l) => l.index === 1) as { failure: Record<string, unknown> };
    expect(failed).toMatchObject({ index: 1, failure: { _ng_failure_class: "judge_failed", error: "judge down", _ng_rollout_id: expect.any(String), _ng_attempt_index: 0 } });
    // The verifier's echo stays on it, the reward does not.
    expect(failed.failure.response).toBeDefined();
    expect(failed.failure).not.toHaveProperty("reward");
  });

  test("/aggregate_metrics is its resources server's", async () => {
    const { env } = agentEnv(answers("42").fetcher);
    const res = await client(agent, env).post("/aggregate_metrics", { verify_responses: [{ reward: 1 }, { reward: 0 }] });
    expect(res.body.agent_metrics["mean/reward"]).toBe(0.5);
  });
});

describe("proof_refinement_agent: config", () => {
  const refs = { resources_server: { type: "resources_servers", name: "math_formal_lean" }, model_server: { type: "responses_api_models", name: "policy_model" } };

  test("NeMo Gym's fields and defaults: a single attempt, every attempt kept", () => {
    expect(ProofRefinementAgentConfig.parse(refs)).toMatchObject({ max_correction_turns: 0, include_all_attempts: true, feedback_field: "error_feedback", max_reward: 1 });
  });

  test("NeMo Gym's configs/proof_refinement_agent.yaml is taken as it is", () => {
    const reference = { entrypoint: "app.py", ...refs, max_correction_turns: 2, include_all_attempts: true };
    expect(ProofRefinementAgentConfig.parse(reference)).toMatchObject({ max_correction_turns: 2, include_all_attempts: true });
    expect(ProofRefinementAgentConfig.safeParse({ ...refs, max_correction_turns: -1 }).success).toBe(false);
  });
});
