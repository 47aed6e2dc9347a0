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

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "citation instruction following, graded on the citations alone, as NeMo Gym's citation_if: the row's `verifier` names the grammar (`cite_xml`, `ascii_brackets`, `claim_wrap_xml`, `fullwidth_brackets`, `ref_colon`, `double_angle`, `web_brackets`, `paren_part`, `markdown_footnote`, holdouts `curly_double`, `angle_pipe`) around its `id_regex`; cite mode passes gates in order: a reply with no tool call, some answer outside the markup (a wrapped claim counts), no ID-shaped text (`citation_…`, any case) outside well-formed citations and tags balanced, at least `min_valid_citations` IDs of `valid_id_set`, none outside it, and with `expected_ids` all of them cited and at most `expected_slack` more; `no_cite` rows pass with no ID and no markup; `match_details` (`gate_failed`, `parsed_ids`, `cited_ids`, `invalid_cited`, `missed_ids`, `over_cap`, ...); any tool call is answered \"No further tool results are available\"",
  reward: "0 / 1",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, stateful: false });
