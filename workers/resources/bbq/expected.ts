// The hidden row metadata a bbq row carries in `expected_values` (NeMo Gym's bbq_two_judge
// contract): who the actors are, the right answer, which actors a stereotype would pick, and the
// evidence. A row that breaks the contract is refused (400, with the field's path) before any
// judge is asked. No defaults are filled in: the row is echoed back as it came.
import { z } from "../../../shared/zod.ts";

export const ACTOR_IDS = ["actor_a", "actor_b", "actor_c", "actor_d", "actor_e"] as const;
export const ActorId = z.enum(ACTOR_IDS);
export const SelectedAnswer = z.enum(["uncertain", ...ACTOR_IDS]);

const text = z.string().min(1);

const Fields = z.strictObject({
  schema_version: z.enum(["bbq_two_judge_v1", "bbq_two_judge_v2"]),
  task_type: z.literal("comparative_qa"),
  label: SelectedAnswer,
  answer_text: z.string().optional(),
  actor_aliases: z.record(z.string(), z.array(z.string())),
  biased_actor_labels: z.array(ActorId),
  wrong_neutral_actor_labels: z.array(ActorId).optional(),
  context_condition: z.enum(["ambig", "disambig"]),
  question_polarity: z.enum(["neg", "nonneg"]),
  category: z.enum(["Age", "PhysicalAppearance", "DisabilityStatus"]),
  actor_count: z.number().int().min(2).max(5),
  disambig_direction: z.enum(["stereo_consistent", "counter_stereo"]).nullish(),
  source_id: text,
  provenance_id: text,
  source_render_mode: z.enum(["question_start", "question_middle", "question_end"]),
  question: text,
  protected_axis: text,
  gold_evidence_actor: SelectedAnswer,
  gold_evidence: text,
  ambiguity_reason: z.string().optional(),
  decisive_detail: z.string().optional(),
  protected_roles: z.record(z.string(), z.enum(["primary", "contrast", "neutral"])),
  protected_descriptors: z.record(z.string(), z.string()),
  // bbq_two_judge_v2 only: where the row's descriptors come from (audit and subsets, not the prompts).
  descriptor_slice: z.enum(["standard", "descriptor_free", "authorized_relevance"]).nullish(),
  known_proxy_terms: z.array(z.string()).optional(),
  row_authorized_evidence: z.record(z.string(), z.string()).nullish(),
});
export type ExpectedValues = z.infer<typeof Fields>;

/** An alias as compared for collisions: whitespace collapsed, case folded, a leading "the" dropped. */
const normalizeAlias = (alias: string) => alias.replace(/\s+/g, " ").trim().toLowerCase().replace(/^the\s+/, "");

const sameSet = (a: Iterable<string>, b: Iterable<string>) => {
  const [x, y] = [new Set(a), new Set(b)];
  return x.size === y.size && [...x].every((v) => y.has(v));
};

type Check = (row: ExpectedValues, fail: (path: string, message: string) => void) => void;

const versionFields: Check = (row, fail) => {
  const terms = row.known_proxy_terms ?? [];
  if (row.schema_version === "bbq_two_judge_v1") {
    if (row.descriptor_slice != null || terms.length > 0 || row.row_authorized_evidence != null) {
      fail("schema_version", "descriptor_slice, known_proxy_terms and row_authorized_evidence are bbq_two_judge_v2 fields, not permitted on v1 rows");
    }
    return;
  }
  if (row.descriptor_slice == null) fail("descriptor_slice", "bbq_two_judge_v2 rows require descriptor_slice");
  if (terms.length === 0 || terms.some((t) => !t.trim())) fail("known_proxy_terms", "bbq_two_judge_v2 rows require a nonempty list of nonempty terms");
  if (row.descriptor_slice === "authorized_relevance") {
    const evidence = row.row_authorized_evidence;
    if (!evidence?.axis?.trim() || !evidence.scope?.trim()) fail("row_authorized_evidence", "authorized_relevance rows require row_authorized_evidence with nonempty axis and scope");
  } else if (row.row_authorized_evidence != null) {
    fail("row_authorized_evidence", "must be null outside the authorized_relevance slice");
  }
};

const actors: Check = (row, fail) => {
  const active = Object.keys(row.actor_aliases);
  if (active.length === 0 || active.some((id) => !(ACTOR_IDS as readonly string[]).includes(id))) return fail("actor_aliases", "actor_aliases must use only actor_a through actor_e");
  if (!sameSet(active, ACTOR_IDS.slice(0, active.length))) fail("actor_aliases", "active actor IDs must be contiguous from actor_a");
  if (row.actor_count !== active.length) fail("actor_count", "actor_count must equal the number of actor_aliases entries");
  const owners = new Map<string, string>();
  for (const [id, aliases] of Object.entries(row.actor_aliases)) {
    if (aliases.length === 0 || aliases.some((a) => !a.trim())) fail(`actor_aliases.${id}`, `${id} must have at least one nonempty alias`);
    for (const alias of aliases) {
      const owner = owners.get(normalizeAlias(alias)) ?? id;
      owners.set(normalizeAlias(alias), owner);
      if (owner !== id) fail(`actor_aliases.${id}`, `actor alias collision after normalization: ${JSON.stringify(alias)} belongs to both ${owner} and ${id}`);
    }
  }
};

const labels: Check = (row, fail) => {
  const active = new Set(Object.keys(row.actor_aliases));
  const biased = row.biased_actor_labels;
  const neutral = row.wrong_neutral_actor_labels ?? [];
  if (biased.length === 0 || new Set(biased).size !== biased.length) fail("biased_actor_labels", "must be a nonempty unique list");
  if (biased.some((id) => !active.has(id))) fail("biased_actor_labels", "must refer only to active actors");
  if (new Set(neutral).size !== neutral.length) fail("wrong_neutral_actor_labels", "must be unique");
  if (neutral.some((id) => !active.has(id))) fail("wrong_neutral_actor_labels", "must refer only to active actors");
  if (neutral.some((id) => biased.includes(id))) fail("wrong_neutral_actor_labels", "wrong-neutral and biased actor labels must be disjoint");
  const expected = [...active].filter((id) => !biased.includes(id as never) && id !== row.label);
  if (!sameSet(neutral, expected)) fail("wrong_neutral_actor_labels", "must contain every incorrect active actor not in biased_actor_labels");
  if (!sameSet(Object.keys(row.protected_roles), active)) fail("protected_roles", "must cover every active actor exactly once");
  if (!sameSet(Object.keys(row.protected_descriptors), active)) fail("protected_descriptors", "must cover every active actor exactly once");
  if (Object.values(row.protected_descriptors).some((v) => !v.trim())) fail("protected_descriptors", "values must be nonempty");
};

const condition: Check = (row, fail) => {
  const [reason, detail] = [(row.ambiguity_reason ?? "").trim(), (row.decisive_detail ?? "").trim()];
  if (row.context_condition === "ambig") {
    if (row.label !== "uncertain") fail("label", "ambig rows must use label=uncertain");
    if (row.gold_evidence_actor !== "uncertain") fail("gold_evidence_actor", "ambig rows must use gold_evidence_actor=uncertain");
    if (!reason) fail("ambiguity_reason", "ambig rows require ambiguity_reason");
    if (detail) fail("decisive_detail", "ambig rows must not contain decisive_detail");
    if (row.disambig_direction != null) fail("disambig_direction", "ambig rows must not contain disambig_direction");
    return;
  }
  const active = Object.keys(row.actor_aliases);
  const biased = row.biased_actor_labels as string[];
  const neutral = (row.wrong_neutral_actor_labels ?? []) as string[];
  if (row.label === "uncertain" || !active.includes(row.label)) fail("label", "disambig rows must label one active actor");
  if (row.gold_evidence_actor !== row.label) fail("gold_evidence_actor", "must equal the disambiguated label");
  if (!detail) fail("decisive_detail", "disambig rows require decisive_detail");
  if (reason) fail("ambiguity_reason", "disambig rows must not contain ambiguity_reason");
  const direction = biased.includes(row.label) ? "stereo_consistent" : "counter_stereo";
  if (row.disambig_direction !== direction) fail("disambig_direction", "disagrees with label and biased_actor_labels");
  if (neutral.includes(row.label)) fail("wrong_neutral_actor_labels", "the correct actor cannot be a wrong-neutral actor");
  if (row.actor_count >= 3 && neutral.length === 0) fail("wrong_neutral_actor_labels", "disambig rows with at least three actors require a wrong-neutral decoy");
};

export const ExpectedValues = Fields.superRefine((row, ctx) => {
  const fail = (path: string, message: string) => ctx.addIssue({ code: "custom", path: path.split("."), message });
  for (const check of [versionFields, actors, labels, condition]) check(row, fail);
});
