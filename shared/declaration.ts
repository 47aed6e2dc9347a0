// What an implementation says about itself, in its own folder (`declaration.ts` beside its
// index.ts): its config schema, the Durable Objects it binds (and the containers they run), whether
// it is public, what it refers to. The local stack, the deploy, the test harness and the vitest
// configuration read these, so a new agent, model server, resources server or sandbox provider is
// one new folder and nothing else. Worker-safe: schemas and plain data only.
import { ResourcesServerConfig } from "./schemas/config.ts";
import type { ServerType } from "./schemas/config.ts";
import type { z } from "./zod.ts";

/** The config's server types, plus the Workers no config names directly. */
export type WorkerKind = ServerType | "head" | "gpu_gateway" | "sandbox";

/** A Worker that each instance brings along, configured from the instance's own fields. */
export interface Companion {
  /** The companion's implementation (a declaration of its kind). */
  implementation: string;
  kind: WorkerKind;
  /** The binding through which the instance calls it. */
  binding: string;
  /** Its Worker name, from the instance's. */
  name(instance: string): string;
  /** Its config, from the instance's (validated against the companion's own schema). */
  config(instanceConfig: Record<string, unknown>): Record<string, unknown>;
  /** Where a field of the companion's config comes from in the instance's, for error messages. */
  sourcePath(path: readonly PropertyKey[]): PropertyKey[];
  /**
   * Durable Object bindings of the companion's that the instance binds as well (binding -> class):
   * the objects live in the companion's Worker (the gateway's router, which vllm_model calls itself).
   */
  objects?: Readonly<Record<string, string>>;
}

/** Cloudflare's predefined container instance types (vCPU, memory, disk). */
export type InstanceType = "lite" | "basic" | "standard-1" | "standard-2" | "standard-3" | "standard-4";

/**
 * A container image that one of the Worker's Durable Object classes runs, one container per object
 * (Cloudflare Containers). Only a deployment runs it: no local stack has a container runtime.
 */
export interface ContainerDeclaration {
  /** The Durable Object class (one of `durableObjects`) whose objects each run a container. */
  className: string;
  /** The Dockerfile, relative to the implementation's folder; built with the project root as its context. */
  image: string;
  /** Containers of this class running at once, at most. */
  maxInstances: number;
  instanceType: InstanceType;
}

/**
 * A Worker the plan adds once per deployment, for the instances whose config holds `url` (a
 * `sandbox_url: sandbox://cloudflare`): each of them gets a service binding `binding` to it.
 */
export interface SharedService {
  url: string;
  binding: string;
}

export interface Declaration {
  kind: WorkerKind;
  /** The implementation's fields; every instance's config is checked against it before anything starts. */
  config: z.ZodType;
  /** Binding -> the SQLite-backed Durable Object class its Worker exports. */
  durableObjects: Readonly<Record<string, string>>;
  /**
   * Durable Object classes its Worker exported once and no longer does: a deploy keeps their
   * creation in the Worker's migrations and adds their deletion (which deletes their objects), so a
   * Worker deployed with them still deploys, and a new one gets the same history.
   */
  retiredDurableObjects?: readonly string[];
  /** KV namespace bindings. */
  kv?: readonly string[];
  /** Reachable from outside (bearer auth, rate limit, workers.dev); otherwise service bindings only. */
  public: boolean;
  /** Sets signed session cookies, so it needs SESSION_SECRET. */
  signsSessions: boolean;
  /** Config fields that name other instances (`{type, name}`): one service binding each. */
  references: readonly string[];
  /** Other bindings the Worker reads for itself, which no instance's binding may shadow. */
  bindings?: readonly string[];
  companion?: Companion;
  containers?: readonly ContainerDeclaration[];
  serves?: SharedService;
  /**
   * Other implementation names configs may use for this one, each with the fields it fixes
   * (NeMo Gym's `non_executing_simple_agent` is simple_agent with `execute_tool_calls: false`).
   */
  aliases?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/** The identity: it only gives a declaration its type where it is written. */
export function declare(declaration: Declaration): Declaration {
  return declaration;
}

/** One row of the environment catalogue (docs/environments.md, written by `npm run docs`), in markdown. */
export interface Catalogue {
  /** What /verify checks. */
  verifies: string;
  /** The reward's values or range. */
  reward: string;
  /** The verify field majority@k votes on, or "none". */
  answerKey: string;
}

export interface ResourcesDeclaration<T extends z.ZodObject = z.ZodObject> extends Declaration {
  /**
   * The task fields of a row that the server reads (top level, as NeMo Gym rows carry them):
   * /verify requires them, and `collect` checks every row against them before anything runs.
   */
  task: T;
  /** Handlers use `ctx.session.state`, kept in the server's own SessionDO. */
  stateful: boolean;
  /**
   * Scores a task's rollouts together (POST /compare, shared/schemas/cohort.ts): `collect` runs all
   * of a task's repeats, then replaces their rewards with the ones /compare gives.
   */
  cohort: boolean;
  /** Rows may name their task by id in a file the user keeps (below). */
  taskFile?: TaskFile;
  /**
   * A text-to-SQL server's databases: the ids it bundles, and the config key naming its folder of
   * real ones (shared/sql/folders.ts). `collect` refuses a row whose db_id is in neither.
   */
  databases?: { key: string; bundled: readonly string[] };
  /**
   * Config keys whose value is the path of a prompt file, or a mapping of names to such paths
   * (NeMo's `judge_prompt_path`, `judge_prompt_paths`): the plan reads each file and passes its
   * content in the instance config (shared/judge/files.ts), since a Worker reads no files.
   */
  promptFiles?: readonly string[];
  /**
   * The judge's replies a recorded rollout of the reference holds (in `judge_evaluations`,
   * `judge_output`, ...), in the order the server asks its questions; undefined when it holds
   * none. `npm run parity` answers the server's judge calls with them, so the whole grading path
   * is checked against the reference's own judgements.
   */
  recordedJudgeReplies?: (rollout: Row) => string[] | undefined;
  /**
   * A reference rollout recorded as a summary (no response: bbq's) rebuilt as a full one from its
   * task row, with the verify fields to compare; undefined when it cannot be.
   */
  recordedRollout?: (summary: Row, tasks: readonly Row[]) => Row | undefined;
  /**
   * Datasets whose tasks the server makes itself from a row's `{source_dataset, seed, index, level,
   * config}` (at /seed_session, which hands the agent the prompt), each with its number of
   * difficulty levels (0: none): `collect --generate` feeds them, `--curriculum` moves the level.
   */
  generates?: () => Readonly<Record<string, { levels: number }>>;
  /** Its row in the environment catalogue; every bundled environment has one (test/docs.test.ts). */
  catalogue?: Catalogue;
}

type Row = Record<string, unknown>;

/**
 * A file of tasks the user keeps (EvalPlus's HumanEval+ dataset), named by an instance config key:
 * rows that name their task by id in it are completed from it by `collect` before anything runs,
 * since nothing is downloaded at run time.
 */
export interface TaskFile {
  /** The instance config key that holds the file's path. */
  configKey: string;
  /** The task id a row names and needs the file for; undefined when the row carries its task. */
  needs(row: Row): string | undefined;
  /** Reads the file's text; the function it returns completes a row, or throws saying why it cannot. */
  read(text: string): (row: Row) => Row;
  /** Where a user gets such a file, for the message that asks for one. */
  source: string;
}

/**
 * A resources server's declaration: internal, signs sessions, and binds its own SessionDO only
 * when it keeps session state, plus any other Durable Objects it names (binding -> class, e.g. the
 * databases of a text-to-SQL server). Without a config schema, the one every resources server takes.
 */
export function resourcesServer<T extends z.ZodObject>(options: {
  task: T;
  config?: z.ZodType;
  stateful?: boolean;
  references?: readonly string[];
  durableObjects?: Readonly<Record<string, string>>;
  retiredDurableObjects?: readonly string[];
  cohort?: boolean;
  taskFile?: TaskFile;
  databases?: { key: string; bundled: readonly string[] };
  promptFiles?: readonly string[];
  recordedJudgeReplies?: (rollout: Row) => string[] | undefined;
  recordedRollout?: (summary: Row, tasks: readonly Row[]) => Row | undefined;
  generates?: () => Readonly<Record<string, { levels: number }>>;
  catalogue?: Catalogue;
}): ResourcesDeclaration<T> {
  const stateful = options.stateful ?? false;
  return {
    kind: "resources_servers",
    task: options.task,
    config: options.config ?? ResourcesServerConfig,
    stateful,
    cohort: options.cohort ?? false,
    durableObjects: { ...(stateful ? { SESSIONS: "SessionDO" } : {}), ...options.durableObjects },
    ...(options.retiredDurableObjects ? { retiredDurableObjects: options.retiredDurableObjects } : {}),
    ...(options.taskFile ? { taskFile: options.taskFile } : {}),
    ...(options.databases ? { databases: options.databases } : {}),
    ...(options.promptFiles ? { promptFiles: options.promptFiles } : {}),
    ...(options.recordedJudgeReplies ? { recordedJudgeReplies: options.recordedJudgeReplies } : {}),
    ...(options.recordedRollout ? { recordedRollout: options.recordedRollout } : {}),
    ...(options.generates ? { generates: options.generates } : {}),
    ...(options.catalogue ? { catalogue: options.catalogue } : {}),
    public: false,
    signsSessions: true,
    references: options.references ?? [],
  };
}

/**
 * Bindings the local stack and the deploy give Workers for the shared library to read (instance
 * config, limits, session signing, auth): no implementation or instance may take these names.
 */
export const PLATFORM_BINDINGS: readonly string[] = [
  "INSTANCE_NAME",
  "INSTANCE_CONFIG",
  "INSTANCE_CONFIG_SECRETS",
  "MAX_BODY_BYTES",
  "MAX_JSON_DEPTH",
  "BODY_READ_TIMEOUT_MS",
  "DEPLOYMENT_ID",
  "SESSION_SECRET",
  "SESSION_TTL_S",
  "AUTH_MODE",
  "AUTH_TOKENS",
  "RATE_LIMITER",
  "NETWORK",
  "SANDBOX_TOKEN",
];
