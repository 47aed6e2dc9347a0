// structeval: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { z } from "../../../shared/zod.ts";
import { tokenizePath } from "./paths.ts";

/** A dot path into the answer (`a.b[0].c`, backticks quoting dots, `*` for any list item, `csv::header`). */
const Path = z.string().refine((p) => tokenizePath(p) !== undefined, "a '[' is never closed");

/** The task fields of a row this server reads; all are echoed in the verify response. */
export const Task = z.object({
  task_id: z.string(),
  task_name: z.string(),
  input_type: z.string(),
  // json, yaml, xml, toml or csv in any case; another type scores 0 (error_type unsupported_type).
  output_type: z.string(),
  raw_output_metric: z.array(Path),
  rendering: z.boolean().default(false),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "StructEval's non-renderable tasks, as NeMo Gym's structeval (instance `structeval_nonrenderable`): the reply is unescaped as StructEval does it (`&lt;`/`&gt;`, an empty think block, then Python's `unicode_escape` decoding: escapes decoded, non-ASCII read as Latin-1), the code taken from the first ``` fence (closing fence optional), else after `<|BEGIN_CODE|>` (to `<|END_CODE|>` or the end), else the whole reply; it is parsed as the row's `output_type` (JSON, YAML as PyYAML, TOML, XML as xmltodict, CSV as csv.DictReader: `csv_headers` and `csv_rows`) and must be non-empty (`render_score`); the row's `raw_output_metric` dot paths (backtick-quoted keys, `[n]`, `*`, `@attr`, `csv::header`) are checked in it (`key_validation_score`, only on a render); `raw_output_score` is the share of paths written out verbatim; `error_type` `empty_response` / `parse_error` / `unsupported_type`, `error_message`; mean reward per output type, input type and task name",
  reward: "round(0.2·render + 0.8·key share, 2)",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, stateful: false });
