// citation_if: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { rowRegex } from "../../../shared/verifiers/row_regex.ts";
import { z } from "../../../shared/zod.ts";

/**
 * The row's verifier. Fields are optional with their defaults applied in scoring (mode cite,
 * id_kind full_source, slack 1, at least 1 citation), so the verifier is echoed as the row sent it.
 * An unknown grammar is not a bad row: it scores 0 (gate `unknown_grammar`), as in the reference.
 */
export const Verifier = z.looseObject({
  mode: z.enum(["cite", "no_cite"]).optional(),
  grammar: z.string().optional(),
  id_kind: z.enum(["full_source", "snippet"]).optional(),
  id_regex: z
    .string()
    .refine((p) => rowRegex(p) !== undefined, "not a regular expression this server runs (invalid, or it could backtrack without bound)")
    .nullish(),
  valid_id_set: z.array(z.string()).nullish(),
  expected_ids: z.array(z.string()).nullish(),
  expected_slack: z.number().int().optional(),
  min_valid_citations: z.number().int().optional(),
});
export type Verifier = z.infer<typeof Verifier>;

/** The task fields of a row this server reads (its `_gen_config` is build metadata, never read). */
export const Task = z.object({ verifier: Verifier });

export default resourcesServer({ task: Task, stateful: false });
