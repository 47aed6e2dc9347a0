// workplace_assistant: a resources server whose session state is a small relational world (a
// mailbox, a calendar, analytics, project tasks, customers) in its own SessionDO's SQLite.
import { resourcesServer } from "../../../shared/declaration.ts";
import { z } from "../../../shared/zod.ts";

/** A tool call as the reference's rows give ground truth: the tool's name and its arguments as JSON text. */
export const Action = z.record(z.string(), z.string());

/**
 * The expected tool calls. Rows give them as a list (or that list as JSON text, as the source
 * dataset stores it), top level or under `verifier_metadata` as NeMo Gym's newer prepare script
 * writes them.
 */
const GroundTruth = z.union([z.array(Action), z.string()]);

/** The task fields of a row this server reads. */
export const Task = z.object({
  ground_truth: GroundTruth.optional(),
  verifier_metadata: z.looseObject({ ground_truth: GroundTruth.optional() }).optional(),
  id: z.number().int().optional(),
  category: z.string().optional(),
  environment_name: z.string().optional(),
  /** The reference's world instead of the bundled one: its CSV files by path (see world_files.ts). */
  world_files: z.record(z.string(), z.string()).optional(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "NeMo Gym's workplace assistant: 27 tools (company directory, email, calendar, analytics, project management, customer relationship manager; the reference's names and argument schemas) over tables in the session's own SQLite (tool worlds, below), seeded from our own small company (made from a fixed seed) or the row's `world_files` (the reference's CSV folder); verify replays the response's function calls and the row's `ground_truth` (a list of `{name, arguments}`, its JSON text, or `verifier_metadata.ground_truth`) each on a fresh world and compares the five changed tables as the reference compares its pandas frames: row by row with their index labels, cells ignoring case but for `status`, `list_name` and `board`",
  reward: "0/1",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, stateful: true });
