// A resources server may define an episode instead of tools and a verify (NeMo Gym's
// Gymnasium-style servers, played by gymnasium_agent): POST /reset starts one from the row,
// POST /step plays one model turn, POST /close ends it. The episode's state is kept here, in the
// session's Durable Object, so an environment is two functions, reset (row -> first state) and
// step (state, action -> next state and reward), and an episode outlives the Worker that started
// it: a restarted Worker continues where it was. A step is one atomic update of that state, so
// concurrent steps of one episode play one after another, each from the state the last one left.
import type { z } from "../zod.ts";
import { RunRequest } from "../schemas/run.ts";
import { StepRequest } from "../schemas/episode.ts";
import type { ResetResponse, StepResponse } from "../schemas/episode.ts";
import type { ResponseObject } from "../schemas/responses.ts";
import { readBody } from "../server/body.ts";
import { HttpError } from "../server/errors.ts";
import { ok, rpcRoute } from "../server/rpc.ts";
import type { RpcCall } from "../server/rpc.ts";
import type { ResourcesDeclaration } from "../declaration.ts";
import { resourcesApp, withTask } from "./define.ts";
import type { HandlerContext, MetricsOptions, ResourcesBindings } from "./define.ts";
import { unavailableOnFailure } from "./failure.ts";

type Info = Record<string, unknown>;
type ResetBody<T extends z.ZodObject> = RunRequest & z.infer<T>;
type StepBody<T extends z.ZodObject> = StepRequest & z.infer<T>;

export interface EpisodeStart<S> {
  /** The first thing the model is told, after the row's prompt; none: the prompt alone. */
  observation?: string | null;
  info?: Info;
  state: S;
}

export interface EpisodeStep<S> {
  observation?: string | null;
  reward: number;
  terminated?: boolean;
  truncated?: boolean;
  info?: Info;
  /** The state the next step starts from; dropped once the episode has ended. */
  state: S;
}

export interface EpisodeServerDefinition<T extends z.ZodObject, S> extends MetricsOptions {
  /** The server's declaration: its task fields; `stateful`, as the episode lives in the session. */
  declaration: ResourcesDeclaration<T>;
  reset(row: ResetBody<T>, ctx: HandlerContext): Promise<EpisodeStart<S>> | EpisodeStart<S>;
  /**
   * `action`: the model's turn; `row`: the task row, sent again with every step (as NeMo Gym sends
   * it). Runs while the episode's other steps wait (an update of the session's state), so it never
   * reads or writes `ctx.session.state` itself.
   */
  step(state: S, action: ResponseObject, row: StepBody<T>, ctx: HandlerContext): Promise<EpisodeStep<S>> | EpisodeStep<S>;
  /** Frees what the episode holds outside this Worker; runs when a step ends it, and on /close and /close_session. */
  close?(ctx: HandlerContext): Promise<void> | void;
}

const STATE_KEY = "episode";

const noEpisode = () => new HttpError(409, "no_episode", "no episode in progress in this session (never reset, already ended, closed or expired): POST /reset first");

// The session's Durable Object not answering is the platform's failure, not the model's; a
// session that does not exist (never reset, closed, expired) has no episode.
async function stored<T>(what: string, op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (err) {
    if (err instanceof HttpError && err.type === "session_not_seeded") throw noEpisode();
    if (err instanceof HttpError) throw err;
    throw new HttpError(503, "session_unavailable", `the episode's state could not be ${what}: ${(err as Error).message}`);
  }
}

export function defineEpisodeServer<T extends z.ZodObject, S>(definition: EpisodeServerDefinition<T, S>) {
  const { declaration } = definition;
  if (!declaration.stateful) throw new Error("an episode server keeps its episode in the session: declare it with stateful: true");
  const { task } = declaration;
  const resetSchema = RunRequest.safeExtend(task.shape);
  const stepSchema = StepRequest.safeExtend(task.shape);
  const { app, context, rpcContext, issued, close, rpcClose } = resourcesApp(declaration, definition, definition.close);

  const reset = async (row: ResetBody<T>, ctx: HandlerContext): Promise<ResetResponse> => {
    const start = await unavailableOnFailure(() => definition.reset(row, ctx));
    await stored("saved", () => ctx.session.state.seed({ [STATE_KEY]: start.state }));
    // Every episode server ends an episode on /close (the state is released at once), so it says so.
    return { observation: start.observation ?? null, info: { ...start.info, supports_explicit_close: true } };
  };
  app.post("/reset", async (c) => c.json(await reset((await readBody(c, resetSchema)) as ResetBody<T>, await context(c, true))));
  rpcRoute(app, "/reset", async (call: RpcCall<ResourcesBindings>) => {
    const ctx = rpcContext(call, true);
    return ok(await reset(withTask(task, call.request.body) as ResetBody<T>, ctx), issued(ctx));
  });

  const step = async (body: StepBody<T>, ctx: HandlerContext): Promise<StepResponse> => {
    let answer: StepResponse | undefined;
    await stored("updated", () =>
      ctx.session.state.update<S>(STATE_KEY, async (state) => {
        if (state === undefined) throw noEpisode();
        const next = await unavailableOnFailure(() => definition.step(state, body.response, body, ctx));
        if (!Number.isFinite(next.reward)) throw new HttpError(500, "verifier_error", `step returned a reward that is not a finite number: ${String(next.reward)}`);
        answer = {
          observation: next.observation ?? null,
          reward: next.reward,
          terminated: next.terminated ?? false,
          truncated: next.truncated ?? false,
          info: next.info ?? {},
        };
        // An ended episode's state goes with the step that ended it: a step racing it finds none.
        return answer.terminated || answer.truncated ? undefined : next.state;
      }),
    );
    // An ended episode is released at once (as the reference closes it); a later step is a 409.
    if (answer!.terminated || answer!.truncated) {
      await definition.close?.(ctx);
      await stored("released", () => ctx.session.state.release());
    }
    return answer!;
  };
  app.post("/step", async (c) => c.json(await step((await readBody(c, stepSchema)) as StepBody<T>, await context(c))));
  rpcRoute(app, "/step", async (call: RpcCall<ResourcesBindings>) => ok(await step(withTask(task, call.request.body) as StepBody<T>, rpcContext(call))));

  app.post("/close", close);
  rpcRoute(app, "/close", rpcClose);

  // A tool-calling agent pointed here gets told what to use instead of a bare 404.
  const wrongAgent = ({ env }: { env: ResourcesBindings }): never => {
    throw new HttpError(404, "not_supported", `${env.INSTANCE_NAME ?? "this server"} is an episode server (POST /reset, /step, /close): run it with gymnasium_agent`);
  };
  for (const path of ["/seed_session", "/verify"]) {
    app.post(path, wrongAgent);
    rpcRoute(app, path, async (call: RpcCall<ResourcesBindings>) => wrongAgent(call));
  }

  return app;
}
