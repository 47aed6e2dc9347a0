// The policy-verifier file (policy_verifier_templates_path): each top-level key but
// policy_verifier_map is a verifier (a prompt template filling {adversarial_prompt} and
// {model_response}, a positive and a negative label, and a reward for each and for unclear);
// policy_verifier_map names, per response policy, the verifiers asked and how their rewards combine.
import { HttpError, zodIssues } from "../../../shared/server/errors.ts";
import { z } from "../../../shared/zod.ts";

export const Verifier = z.looseObject({
  prompt_template: z.string(),
  labels: z.looseObject({ positive: z.string().default(""), negative: z.string().default("") }).default({ positive: "", negative: "" }),
  rewards: z.looseObject({ positive: z.number().default(1), negative: z.number().default(0), unclear: z.number().default(0) }).default({ positive: 1, negative: 0, unclear: 0 }),
});
export type Verifier = z.infer<typeof Verifier>;

/** product multiplies the verifiers' rewards, average takes their mean; any other value takes the first verifier's. */
export const Policy = z.looseObject({
  description: z.string().optional(),
  verifiers: z.array(z.string()).min(1),
  reward_combination: z.string().default("product"),
});
export type Policy = z.infer<typeof Policy>;

export const VerifierFile = z.looseObject({ policy_verifier_map: z.record(z.string(), Policy).default({}) }).catchall(z.unknown());

export interface PolicyVerifiers {
  policies: Record<string, Policy>;
  verifiers: Record<string, Verifier>;
}

const parsed = new WeakMap<object, PolicyVerifiers>();

/** The file's policies, each checked to name only verifiers the file defines; a bad file is a 500 naming the field. */
export function policyVerifiers(file: unknown, path: string): PolicyVerifiers {
  if (typeof file === "object" && file !== null && parsed.has(file)) return parsed.get(file)!;
  const top = VerifierFile.safeParse(file);
  if (!top.success) throw new HttpError(500, "bad_prompt_file", `the verifier file ${path} is not valid: ${JSON.stringify(zodIssues(top.error))}`);
  const { policy_verifier_map: policies, ...rest } = top.data;
  const verifiers: Record<string, Verifier> = {};
  for (const [name, value] of Object.entries(rest)) {
    const verifier = Verifier.safeParse(value);
    if (!verifier.success) throw new HttpError(500, "bad_prompt_file", `the verifier file ${path}: ${name}: ${JSON.stringify(zodIssues(verifier.error))}`);
    verifiers[name] = verifier.data;
  }
  for (const [policy, { verifiers: names }] of Object.entries(policies)) {
    const unknown = names.filter((n) => !Object.hasOwn(verifiers, n));
    if (unknown.length) throw new HttpError(500, "bad_prompt_file", `the verifier file ${path}: policy ${policy} names verifiers it does not define: ${unknown.join(", ")}`);
  }
  const result = { policies, verifiers };
  if (typeof file === "object" && file !== null) parsed.set(file, result);
  return result;
}

/** The policy's reward from its verifiers' rewards, in their order. */
export function combine(combination: string, rewards: readonly number[]): number {
  if (combination === "product") return rewards.reduce((a, b) => a * b, 1);
  if (combination === "average") return rewards.reduce((a, b) => a + b, 0) / Math.max(rewards.length, 1);
  return rewards[0] ?? 0;
}
