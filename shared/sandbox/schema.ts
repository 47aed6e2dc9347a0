// The wire format of sandboxed code execution: what a caller may ask to run, under which limits,
// and what comes back. Limits have defaults and hard maxima; a request above a maximum is refused
// (not clamped) so a caller never silently gets less than it asked for.
import { z } from "../zod.ts";

export interface Limits {
  /** Wall-clock seconds before the whole run is killed. */
  wall_s: number;
  /** CPU seconds (RLIMIT_CPU) of each process. */
  cpu_s: number;
  /** Address space (RLIMIT_AS) of each process, MiB. */
  memory_mb: number;
  /** Bytes kept of each of stdout and stderr. */
  output_bytes: number;
  /** Processes the run may have at once (RLIMIT_NPROC of its own uid). */
  processes: number;
  /** Largest file (RLIMIT_FSIZE), and the size of each writable filesystem (workspace, /tmp). */
  file_bytes: number;
}

export const LIMIT_DEFAULTS: Limits = {
  wall_s: 10,
  cpu_s: 5,
  memory_mb: 512,
  output_bytes: 64 * 1024,
  processes: 32,
  file_bytes: 16 * 1024 * 1024,
};

export const LIMIT_MAXIMA: Limits = {
  wall_s: 120,
  cpu_s: 60,
  memory_mb: 4096,
  output_bytes: 1024 * 1024,
  processes: 256,
  file_bytes: 256 * 1024 * 1024,
};

// Below these the interpreter itself cannot start, which would read as the program's fault.
const LIMIT_MINIMA: Limits = { wall_s: 0.1, cpu_s: 1, memory_mb: 64, output_bytes: 0, processes: 1, file_bytes: 1024 };

const INTEGER_LIMITS = new Set<keyof Limits>(["cpu_s", "memory_mb", "output_bytes", "processes", "file_bytes"]);

function limit(key: keyof Limits) {
  const base = INTEGER_LIMITS.has(key) ? z.number().int() : z.number();
  return base
    .min(LIMIT_MINIMA[key])
    .max(LIMIT_MAXIMA[key], { message: `${key} must be at most ${LIMIT_MAXIMA[key]}` })
    .default(LIMIT_DEFAULTS[key]);
}

export const LimitsSchema = z
  .strictObject({
    wall_s: limit("wall_s"),
    cpu_s: limit("cpu_s"),
    memory_mb: limit("memory_mb"),
    output_bytes: limit("output_bytes"),
    processes: limit("processes"),
    file_bytes: limit("file_bytes"),
  })
  .default(LIMIT_DEFAULTS);

/** A path inside the run's workspace: relative, no "..", no empty or "." segment. */
export const RelativePathSchema = z
  .string()
  .min(1)
  .max(255)
  .refine((p) => !p.startsWith("/"), "must be a relative path")
  .refine((p) => !p.includes("\\") && !p.includes("\0"), "must not contain a backslash or NUL")
  .refine((p) => p.split("/").every((s) => s !== "" && s !== "." && s !== ".."), 'must not contain "..", "." or empty segments');

/**
 * A database's name in a folder of SQLite databases (a BIRD or Spider 2.0 db_id): a file name
 * without a path, so no name reaches outside its folder.
 */
export const DatabaseIdSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/, "must be a database name: 1-128 of A-Z a-z 0-9 _ . -, starting with a letter or digit");

/** Where a run finds the database its request names: read-only, outside its workspace. */
export const DATABASE_MOUNT = "/db/database.sqlite";

export const RunRequestSchema = z
  .strictObject({
    files: z.record(RelativePathSchema, z.string()).default({}),
    /**
     * A database of one of the folders the sandbox was started with (its label), mounted
     * read-only at DATABASE_MOUNT: databases too large to send with every run.
     */
    database: z.strictObject({ folder: z.string().min(1).max(4096), id: DatabaseIdSchema }).optional(),
    command: z.array(z.string().min(1)).min(1).optional(),
    language: z.literal("python").optional(),
    entry: RelativePathSchema.optional(),
    stdin: z.string().default(""),
    limits: LimitsSchema,
  })
  .superRefine((req, ctx) => {
    if ((req.command === undefined) === (req.language === undefined)) {
      ctx.addIssue({ code: "custom", path: ["command"], message: "give exactly one of command and language" });
    }
    if (req.entry !== undefined && req.language === undefined) {
      ctx.addIssue({ code: "custom", path: ["entry"], message: "entry goes with language" });
    }
  });

export type RunRequest = z.output<typeof RunRequestSchema>;

export const RunResultSchema = z.strictObject({
  stdout: z.string(),
  stderr: z.string(),
  exit_code: z.number().int().nullable(),
  signal: z.string().nullable(),
  timed_out: z.boolean(),
  out_of_memory: z.boolean(),
  output_truncated: z.boolean(),
  duration_ms: z.number(),
});

export type RunResult = z.infer<typeof RunResultSchema>;

/** The entry a python request runs when it names none. */
export const DEFAULT_PYTHON_ENTRY = "main.py";

// Stateful sessions: one long-lived interpreter per session id, whose variables (and workspace
// files) persist between cells. A session is opened by its first cell (or POST /sessions/:id),
// closed by DELETE /sessions/:id, and released by the sandbox after `idle_ttl_s` without a cell.
// Its limits are fixed when it opens: `wall_s` bounds each cell; `cpu_s` is the whole session's.

/** A session id, chosen by the caller (a resources server uses its own session's id). */
export const SessionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, "must be 1-128 of A-Z a-z 0-9 _ -");

export const SESSION_IDLE_TTL_DEFAULT_S = 300;
export const SESSION_IDLE_TTL_MAX_S = 3600;

export const OpenSessionSchema = z.strictObject({
  limits: LimitsSchema,
  idle_ttl_s: z.number().min(1).max(SESSION_IDLE_TTL_MAX_S).default(SESSION_IDLE_TTL_DEFAULT_S),
});
export type OpenSession = z.output<typeof OpenSessionSchema>;

/** A cell; the session's settings apply when this cell opens it. */
export const CellRequestSchema = OpenSessionSchema.safeExtend({ code: z.string() });
export type CellRequest = z.output<typeof CellRequestSchema>;

export const CellResultSchema = z.strictObject({
  stdout: z.string(),
  stderr: z.string(),
  /** The exception that ended the cell, as Python prints its last line ("ZeroDivisionError: division by zero"). */
  error: z.string().nullable(),
  /** Its traceback, frames of the cell only. */
  traceback: z.string().nullable(),
  /** str() of the cell's last expression, when it ends with one that ran. */
  result: z.string().nullable(),
  timed_out: z.boolean(),
  out_of_memory: z.boolean(),
  output_truncated: z.boolean(),
  duration_ms: z.number(),
  /** This cell ran in a fresh interpreter: the first cell, or the one after a session ended. */
  new_session: z.boolean(),
  /** The interpreter did not survive this cell (deadline, crash, exit): the next cell starts afresh. */
  session_ended: z.boolean(),
});
export type CellResult = z.infer<typeof CellResultSchema>;
