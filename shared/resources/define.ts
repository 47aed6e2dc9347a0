// A resources server is declared, not wired: its task fields, its tools, its verify. This module
// turns a declaration into the Worker's routes (SPEC "resources"): /seed_session, /verify,
// /<tool> (the same tools over MCP at /mcp: mcp.ts), /aggregate_metrics, /close_session, with
// sessions, validation and errors handled once (`resourcesApp` holds what every resources server
// has, episode servers too: episode.ts).
// A tool is only ever a declared tool: no tool, declared or offered by a row, may be named like a
// route (tool_names.ts), and /seed_session tells the agent which of the row's tools it may call.
import type { Context } from "hono";
import { deleteCookie } from "hono/cookie";
import { z } from "../zod.ts";
import { CohortRequest } from "../schemas/cohort.ts";
import type { CohortResponse } from "../schemas/cohort.ts";
import type { Description, SeedSessionResponse } from "../schemas/run.ts";
import { RunRequest, VerifyRequest, AggregateMetricsRequest, FAILURE_CLASS_KEY } from "../schemas/run.ts";
import { createServerApp } from "../server/app.ts";
import type { AppEnv, BaseBindings } from "../server/app.ts";
import { readBody, readJson, readStreamedBody, validate } from "../server/body.ts";
import { HttpError, invalidRequest } from "../server/errors.ts";
import { ok, rpcNamedRoutes, rpcRoute } from "../server/rpc.ts";
import type { RpcCall } from "../server/rpc.ts";
import { passingSession, resolveSession, rpcSession } from "../session/session.ts";
import type { Session, SessionBindings } from "../session/session.ts";
import { SESSION_COOKIE } from "../session/cookie.ts";
import { aggregateMetrics } from "../metrics/profile.ts";
import type { ComputeMetrics } from "../metrics/profile.ts";
import type { KeyMetrics } from "../metrics/key_metrics.ts";
import type { ScoreSpec } from "../metrics/scores.ts";
import type { Breakdown } from "../metrics/breakdown.ts";
import { VerifierFailure, unavailableOnFailure } from "./failure.ts";
import { runnableTools, toolNameProblem } from "./tool_names.ts";
import { mountMcp } from "./mcp.ts";
import type { ResourcesDeclaration } from "../declaration.ts";

export interface ResourcesBindings extends BaseBindings, SessionBindings {
  INSTANCE_CONFIG?: Record<string, unknown>;
}

export interface HandlerContext {
  session: Session;
  env: ResourcesBindings;
  /** Whom the call is for: over RPC the caller its agent authenticated, over HTTP this server's own; undefined when open. */
  caller?: string;
}

export interface Tool<I extends z.ZodType = z.ZodType> {
  input: I;
  /** The result is text the model reads as it is (NeMo Gym's PlainTextResponse tools), not JSON. */
  plainText?: boolean;
  run(args: z.infer<I>, ctx: HandlerContext): unknown;
}

/**
 * A tool's run from the arguments as they arrived (validated here) in the session `ctx` resolves:
 * POST /<tool> and MCP's tools/call alike.
 */
type ToolRunner = (args: unknown, ctx: () => Promise<HandlerContext>) => Promise<unknown>;

/** Declares a tool; the identity function exists so `args` is typed from `input`. */
export function tool<I extends z.ZodType>(definition: Tool<I>): Tool<I> {
  return definition;
}

export interface VerifyResult {
  reward: number;
  [field: string]: unknown;
}

/**
 * What /seed_session reads: NeMo Gym's seed request is the row's seeding fields only, so every
 * other task field is optional there (checked when present); /verify checks the whole row.
 */
type SeedBody<T extends z.ZodObject> = Partial<RunRequest & z.infer<T>>;
type SeedAddition = Pick<SeedSessionResponse, "input">;
type VerifyBody<T extends z.ZodObject> = VerifyRequest & z.infer<T>;

/** What /aggregate_metrics computes besides the statistics of every numeric field and pass@k. */
export interface MetricsOptions {
  /**
   * The verify response field holding the extracted answer (e.g. `extracted_answer`): with it,
   * /aggregate_metrics adds majority@k and `no_answer` rates to pass@k.
   */
  answerKey?: string;
  /** The named scores pass@k is computed over (NeMo Gym's score function); by default `accuracy` = the reward. */
  scores?: ScoreSpec;
  /** Reward means per value of row fields that the environment adds to agent_metrics (NeMo Gym's compute_metrics). */
  rewardBreakdown?: readonly Breakdown[];
  /** The headline subset of agent_metrics, as NeMo Gym's environment defines it; by default every `mean/*`. */
  keyMetrics?: KeyMetrics;
  /** Row fields splitting the tasks into subsets with their own pass@k (NeMo Gym's compute_subset_metrics). */
  subsets?: readonly string[];
  /** A row field weighting each task in `_weighted` pass@k (NeMo Gym's polymath). */
  weightField?: string;
  /**
   * The environment's own metrics over all its verify responses (NeMo Gym's compute_metrics); `env`
   * gives the instance's config (`instanceConfig(env, Config)`), for metrics a setting switches.
   */
  computeMetrics?: (tasks: Parameters<ComputeMetrics>[0], env: ResourcesBindings) => ReturnType<ComputeMetrics>;
}

export interface ResourcesServerDefinition<T extends z.ZodObject> extends MetricsOptions {
  /** The server's declaration (its declaration.ts): its task fields, and whether it keeps session state. */
  declaration: ResourcesDeclaration<T>;
  tools: Record<string, Tool>;
  /**
   * Answers POST /<name> for a name not in `tools`: for servers whose rows define their own tools
   * (the arguments arrive unvalidated, as the row's schema is the server's to check). Absent, such
   * a name is a 404.
   */
  fallbackTool?(name: string, args: unknown, ctx: HandlerContext): unknown;
  /** The task fields /seed_session requires (the rest are optional there); none by default. */
  seedFields?: ReadonlyArray<keyof z.infer<T> & string>;
  /**
   * Stores the session's first state: `session.state.seed(values)`, or a tool world's tables (`sql`).
   * A server that makes the task itself (a generated one) returns its prompt: `input`, which the
   * agent adds after the row's input.
   */
  seedSession?(row: SeedBody<T>, ctx: HandlerContext): Promise<SeedAddition | void> | SeedAddition | void;
  /** Frees what the session holds outside this Worker (a sandbox interpreter); runs on /close_session. */
  closeSession?(ctx: HandlerContext): Promise<void> | void;
  verify(body: VerifyBody<T>, ctx: HandlerContext): Promise<VerifyResult> | VerifyResult;
  /** A cohort server's POST /compare (its declaration says `cohort`): a task's responses scored together. */
  compare?(body: CohortRequest, ctx: HandlerContext): Promise<CohortResponse>;
}

type C = Context<AppEnv<ResourcesBindings>>;
type Rpc = RpcCall<ResourcesBindings>;

/** An RPC call's body with its task fields checked: the row was checked where it entered (the agent's /run), only they are left. */
export const withTask = <S extends z.ZodObject>(schema: S, body: unknown) => ({ ...(body as object), ...validate(schema, body) });

/**
 * What every resources server has, whatever its protocol: /aggregate_metrics, /close_session
 * (which releases the session's state, after `closeSession` frees what it holds elsewhere: `release`),
 * and a call's session: `context` over HTTP (its signed cookie), `rpcContext` over RPC (its bare
 * id), each with `forceNew` for a new one whatever the call carries; `issued` is the id an RPC
 * answer gives its caller to replay.
 */
/** NeMo Gym's ReverifyMode of a server, from what its declaration says of its state. */
export function reverifyMode(declaration: Pick<ResourcesDeclaration, "stateful" | "cohort">): "stateless" | "unsupported" {
  return declaration.stateful || declaration.cohort ? "unsupported" : "stateless";
}

export function resourcesApp(declaration: ResourcesDeclaration, metrics: MetricsOptions, closeSession?: (ctx: HandlerContext) => Promise<void> | void) {
  const app = createServerApp<ResourcesBindings>();

  // A server with no session state and nothing to free at a session's end gives out no cookie:
  // nothing to sign per request, and nothing for its client to close.
  const keepsSessions = declaration.stateful || closeSession !== undefined;
  const context = async (c: C, forceNew = false): Promise<HandlerContext> => ({
    session: keepsSessions ? await resolveSession(c, forceNew) : passingSession(c.env),
    env: c.env,
    caller: c.get("caller"),
  });
  const rpcContext = (call: Rpc, forceNew = false): HandlerContext => ({
    session: keepsSessions ? rpcSession(call.env, call.request.session, forceNew) : passingSession(call.env),
    env: call.env,
    caller: call.request.caller,
  });
  const issued = (ctx: HandlerContext) => (keepsSessions && ctx.session.fresh ? ctx.session.id : undefined);

  const release = async (ctx: HandlerContext) => {
    if (ctx.session.fresh) return;
    await closeSession?.(ctx);
    if (declaration.stateful) await ctx.session.state.release();
  };

  const close = async (c: C) => {
    await release(await context(c));
    deleteCookie(c, SESSION_COOKIE, { path: "/" });
    return c.json({ closed: true });
  };
  const rpcClose = async (call: Rpc) => {
    await release(rpcContext(call));
    return ok({ closed: true }, null);
  };

  app.post("/aggregate_metrics", async (c) => {
    const body = await readStreamedBody(c, AggregateMetricsRequest);
    const { answerKey, scores, keyMetrics, rewardBreakdown, subsets, weightField, computeMetrics } = metrics;
    const own = computeMetrics && ((tasks: Parameters<ComputeMetrics>[0]) => computeMetrics(tasks, c.env));
    return c.json(aggregateMetrics(body.verify_responses, { answerKey, scores, keyMetrics, rewardBreakdown, subsets, weightField, computeMetrics: own }));
  });

  app.post("/close_session", close);
  rpcRoute(app, "/close_session", rpcClose);

  // NeMo Gym's GET /reverify_mode, which `eval reverify` asks before replaying stored rollouts
  // through /verify: a verdict made from the request alone can be made again; one that needs the
  // session's state (a tool world, an episode) or a task's whole cohort cannot.
  app.get("/reverify_mode", (c) => c.json(reverifyMode(declaration)));

  return { app, context, rpcContext, issued, close, rpcClose, release };
}

export function defineResourcesServer<T extends z.ZodObject>(definition: ResourcesServerDefinition<T>) {
  for (const name of Object.keys(definition.tools)) {
    const problem = toolNameProblem(name);
    if (problem) throw new Error(`resources server tool ${problem}`);
  }
  const { task } = definition.declaration;
  const seedMask = Object.fromEntries((definition.seedFields ?? []).map((field) => [field, true as const]));
  const seedSchema = z
    .looseObject({ responses_create_params: RunRequest.shape.responses_create_params.optional() })
    .safeExtend(task.partial().shape)
    .safeExtend(task.pick(seedMask as never).shape);
  const verifySchema = VerifyRequest.safeExtend(task.shape);
  const seedTaskSchema = task.partial().safeExtend(task.pick(seedMask as never).shape);
  if (definition.declaration.cohort !== (definition.compare !== undefined)) throw new Error("a resources server declared with cohort: true defines compare, and only such a server does");
  const { app, context, rpcContext, issued, release } = resourcesApp(definition.declaration, definition, definition.closeSession);

  /** The runner of tool `name`, or a 404 for a name this server does not answer. */
  const runner = (name: string): ToolRunner => {
    const problem = toolNameProblem(name);
    if (problem) throw new HttpError(404, "unknown_tool", problem);
    const found = Object.hasOwn(definition.tools, name) ? definition.tools[name] : undefined;
    const { fallbackTool } = definition;
    if (!found && fallbackTool) return async (args, ctx) => (await fallbackTool(name, args, await ctx())) ?? {};
    if (!found) {
      const known = Object.keys(definition.tools);
      throw new HttpError(404, "unknown_tool", `unknown tool "${name}"; this server's tools are: ${known.join(", ") || "(none)"}`, { tools: known });
    }
    return async (args, ctx) => {
      const valid = validate(found.input, args);
      const handlerContext = await ctx();
      return (await unavailableOnFailure(() => found.run(valid, handlerContext))) ?? {};
    };
  };

  // What a tool call may name; null: any name (the fallback tool runs what the row offers).
  const declaredTools = definition.fallbackTool ? null : Object.keys(definition.tools);
  // A server whose seed does nothing but check the row's tools (no session to start, no hook)
  // says so: its agent checks them itself and makes no /seed_session call (shared/agents/session.ts).
  const seeds = definition.declaration.stateful || definition.seedSession !== undefined || definition.closeSession !== undefined;
  rpcRoute(app, "/describe", async () => ok({ seeds, tools: declaredTools } satisfies Description));

  const seed = async (row: SeedBody<T>, ctx: HandlerContext) => {
    const callable = runnableTools(row.responses_create_params?.tools, declaredTools);
    const added = await definition.seedSession?.(row, ctx);
    // A stateful session exists from here on, whatever the hook stored: before, and once closed,
    // every tool call in it is a 400 session_not_seeded (SessionState).
    if (definition.declaration.stateful) await ctx.session.state.ensureSeeded();
    // NeMo Gym answers {}; the extra field is what an agent may send as tool calls in this session.
    return { callable_tools: callable, ...(added?.input ? { input: added.input } : {}) };
  };
  app.post("/seed_session", async (c) => c.json(await seed((await readBody(c, seedSchema)) as SeedBody<T>, await context(c, true))));
  rpcRoute(app, "/seed_session", async (call: Rpc) => {
    const ctx = rpcContext(call, true);
    return ok(await seed(withTask(seedTaskSchema, call.request.body) as SeedBody<T>, ctx), issued(ctx));
  });

  const verify = async (body: VerifyBody<T>, ctx: HandlerContext) => {
    let result: VerifyResult;
    try {
      result = await definition.verify(body, ctx);
    } catch (err) {
      // No reward at all rather than a 0 a trainer would learn from.
      if (!(err instanceof VerifierFailure)) throw err;
      return { ...body, [FAILURE_CLASS_KEY]: err.failureClass, error: { type: err.failureClass, message: err.message } };
    }
    if (typeof result.reward !== "number" || !Number.isFinite(result.reward)) {
      throw new HttpError(500, "verifier_error", `verify returned a reward that is not a finite number: ${String(result.reward)}`);
    }
    return { ...body, ...result };
  };
  app.post("/verify", async (c) => c.json(await verify((await readBody(c, verifySchema)) as VerifyBody<T>, await context(c))));
  rpcRoute(app, "/verify", async (call: Rpc) => ok(await verify(withTask(task, call.request.body) as VerifyBody<T>, rpcContext(call))));

  const { compare } = definition;
  if (compare) {
    const scored = async (body: CohortRequest, ctx: HandlerContext) => {
      try {
        return await compare(body, ctx);
      } catch (err) {
        // The cohort gets no rewards at all, rather than made-up ones.
        if (err instanceof VerifierFailure) throw new HttpError(502, err.failureClass, err.message);
        throw err;
      }
    };
    app.post("/compare", async (c) => c.json(await scored(await readBody(c, CohortRequest), await context(c))));
    rpcRoute(app, "/compare", async (call: Rpc) => ok(await scored(call.request.body as CohortRequest, rpcContext(call))));
  }

  // The same tools over MCP; mounted before /:tool so /mcp is its route.
  mountMcp(app, { tools: definition.tools, runner, release });

  const plainText = (name: string) => Object.hasOwn(definition.tools, name) && definition.tools[name]!.plainText === true;
  app.post("/:tool", async (c) => {
    const name = c.req.param("tool");
    const result = await runner(name)(await readJson(c), () => context(c));
    return plainText(name) ? c.text(String(result)) : c.json(result);
  });
  // The arguments were parsed and checked as text by the agent (shared/agents/tools.ts); the tool's
  // schema checks the rest. A route's name is no tool's: its HTTP route answers it.
  rpcNamedRoutes(app, (path) => {
    if (toolNameProblem(path.slice(1))) return undefined;
    const run = runner(path.slice(1));
    const plain = plainText(path.slice(1));
    return async (call: Rpc) => {
      const result = await run(call.request.body, async () => rpcContext(call));
      return plain ? { status: 200, text: String(result) } : ok(result);
    };
  });

  return app;
}
