// aviary (NeMo Gym's aviary resources server; its config's `entrypoint` picks the GSM8k or the
// HotPotQA environment): POST /seed_session {task_idx} starts an environment and answers {env_id,
// obs, tools}; POST /step {env_id, action} runs one turn's function calls (gsm8k.ts, hotpotqa.ts)
// and adds its reward to the environment's total; POST /close
// {env_id} ends it; POST /verify scores a response by that total (the sum over its steps). The
// environment is the session (env_id is its id), so its total outlives /close until /close_session.
import { resourcesApp } from "../../../shared/resources/define.ts";
import type { HandlerContext, ResourcesBindings } from "../../../shared/resources/define.ts";
import { AviaryCloseRequest, AviaryStepRequest, AviaryVerifyRequest } from "../../../shared/schemas/aviary.ts";
import type { AviaryCloseResponse, AviarySeedResponse, AviaryStepResponse, AviaryVerifyResponse } from "../../../shared/schemas/aviary.ts";
import { readBody, validate } from "../../../shared/server/body.ts";
import { HttpError, invalidRequest } from "../../../shared/server/errors.ts";
import { ok, rpcRoute } from "../../../shared/server/rpc.ts";
import type { RpcCall } from "../../../shared/server/rpc.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { z } from "../../../shared/zod.ts";
import declaration, { AviaryConfig, Task } from "./declaration.ts";
import { GSM8K_TOOLS, gsm8kStep, gsm8kTask } from "./gsm8k.ts";
import { GSM8K_TRAIN } from "./gsm8k_tasks.ts";
import { HOTPOTQA_TOOLS, hotpotFirstObservation, hotpotStep, hotpotTask, newHotpotState } from "./hotpotqa.ts";
import type { HotpotState } from "./hotpotqa.ts";
import { HOTPOTQA_TASKS } from "./hotpotqa_store.ts";

export { SessionDO } from "../../../durable_objects/session_do.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

const STATE = "environment";

interface Environment {
  task_idx: number;
  total_reward: number;
  closed: boolean;
  /** The HotPotQA episode's state (GSM8k keeps none beyond the task). */
  hotpot?: HotpotState;
}

const SeedRequest = z.looseObject(Task.shape);

const noEnvironment = (envId: string) => new HttpError(409, "no_environment", `no environment ${envId} in this session (never seeded, released or expired): POST /seed_session first`);

/** The session's environment, when `envId` names it. */
function checkEnvId(ctx: HandlerContext, envId: string): void {
  if (envId !== ctx.session.id) throw noEnvironment(envId);
}

const isHotpot = (ctx: HandlerContext) => instanceConfig(ctx.env, AviaryConfig).entrypoint === "hotpotqa_app.py";

async function seed(body: z.infer<typeof SeedRequest>, ctx: HandlerContext): Promise<AviarySeedResponse> {
  const noTask = (name: string, count: number, split: string) => invalidRequest([{ path: "task_idx", message: `no ${name} task ${body.task_idx}: this server ships task_idx 0 to ${count - 1} of ${split}` }]);
  const env: Environment = { task_idx: body.task_idx, total_reward: 0, closed: false };
  let first: string;
  let tools: AviarySeedResponse["tools"];
  if (isHotpot(ctx)) {
    const task = hotpotTask(body.task_idx);
    if (!task) throw noTask("HotPotQA", HOTPOTQA_TASKS.length, "its own questions over its passage store");
    first = hotpotFirstObservation(task);
    tools = HOTPOTQA_TOOLS;
    env.hotpot = newHotpotState();
  } else {
    const task = gsm8kTask(body.task_idx);
    if (!task) throw noTask("GSM8k", GSM8K_TRAIN.length, "the train split");
    first = task.question;
    tools = GSM8K_TOOLS;
  }
  await ctx.session.state.seed({ [STATE]: env });
  return { env_id: ctx.session.id, obs: [{ type: "message", role: "user", content: first }], tools };
}

async function step(body: AviaryStepRequest, ctx: HandlerContext): Promise<AviaryStepResponse> {
  checkEnvId(ctx, body.env_id);
  let parsed: { call: (typeof body.action)[number]; args: Record<string, unknown> }[];
  try {
    parsed = body.action.map((call) => ({ call, args: JSON.parse(call.arguments) as Record<string, unknown> }));
  } catch {
    // The turn is not applied: the model is told, and may try again.
    return { obs: [{ type: "message", role: "user", content: "The tool call arguments are not valid JSON." }], reward: 0, done: false };
  }
  // Arguments that are JSON but not an object name no parameter: the tool fails on them.
  const calls = parsed.map(({ call, args }) => ({ call, args: args !== null && typeof args === "object" && !Array.isArray(args) ? args : { "": args } }));
  let answer: AviaryStepResponse | undefined;
  // One atomic update: concurrent steps of one environment each add their reward.
  await ctx.session.state.update<Environment>(STATE, (env) => {
    if (env === undefined || env.closed) throw noEnvironment(body.env_id);
    if (env.hotpot === undefined) {
      answer = gsm8kStep(calls, gsm8kTask(env.task_idx)!);
      return { ...env, total_reward: env.total_reward + answer.reward };
    }
    const hotpot = structuredClone(env.hotpot);
    answer = hotpotStep(calls, hotpotTask(env.task_idx)!, hotpot);
    return { ...env, hotpot, total_reward: env.total_reward + answer.reward };
  });
  return answer!;
}

async function close(body: z.infer<typeof AviaryCloseRequest>, ctx: HandlerContext): Promise<AviaryCloseResponse> {
  if (body.env_id !== ctx.session.id) return { message: `no environment ${body.env_id} in this session`, success: false };
  let closed = false;
  await ctx.session.state.update<Environment>(STATE, (env) => {
    if (env === undefined || env.closed) return env;
    closed = true;
    return { ...env, closed: true };
  });
  return closed ? { message: "Success", success: true } : { message: `environment ${body.env_id} is not open`, success: false };
}

async function verify(body: AviaryVerifyRequest, ctx: HandlerContext): Promise<AviaryVerifyResponse> {
  checkEnvId(ctx, body.response.env_id);
  // A session with no environment has no total to score: a 409, never a 0.
  const env = await ctx.session.state.get<Environment>(STATE);
  if (env === undefined) throw noEnvironment(body.response.env_id);
  return { ...body, reward: env.total_reward };
}

const { app, context, rpcContext, issued } = resourcesApp(declaration, {});

type Handler<B> = (body: B, ctx: HandlerContext) => Promise<unknown>;

/** A route over HTTP (its session in the cookie) and over RPC (its session id), `fresh` for a new session. */
function route<S extends z.ZodType>(path: string, schema: S, handler: Handler<z.infer<S>>, fresh = false): void {
  app.post(path, async (c) => c.json((await handler(await readBody(c, schema), await context(c, fresh))) as object));
  rpcRoute(app, path, async (call: RpcCall<ResourcesBindings>) => {
    const ctx = rpcContext(call, fresh);
    return ok(await handler(validate(schema, call.request.body), ctx), issued(ctx));
  });
}

route("/seed_session", SeedRequest, seed, true);
route("/step", AviaryStepRequest, step);
route("/close", AviaryCloseRequest, close);
route("/verify", AviaryVerifyRequest, verify);

export default app;
export const Rpc = rpcEntrypoint(app);
