// Which values of a Worker's bindings are secrets, and the secrets each deployed Worker needs.
// Vars are uploaded in the clear and shown in the dashboard, so a secret never stays in one:
// the same key test the head's redaction uses (`*api_key*`, `*token*`, `*secret*`, ...) moves it
// out. A JSON var `X` keeps its shape with the secret keys removed, and the removed leaves travel
// as the secret `X_SECRETS` (a JSON object of the same shape, for the Worker to merge back).
import { isSecretKey } from "../../shared/config/redact.ts";
import { isMapping, setKey, type Mapping } from "../../shared/config/tree.ts";
import type { WorkerSpec } from "../plan/plan.ts";

export const SESSION_SECRET = "SESSION_SECRET";
export const AUTH_TOKENS = "AUTH_TOKENS";
export const secretsOf = (varName: string) => `${varName}_SECRETS`;

interface Split {
  kept: unknown;
  secrets: unknown;
}

// Null, booleans and numbers are flags and counts, never secrets (as in redactSecrets).
const isSecretValue = (value: unknown) => value !== null && value !== undefined && typeof value !== "boolean" && typeof value !== "number";

function split(value: unknown): Split {
  if (Array.isArray(value)) {
    const parts = value.map(split);
    const secrets = parts.some((p) => p.secrets !== undefined) ? parts.map((p) => p.secrets ?? null) : undefined;
    return { kept: parts.map((p) => p.kept), secrets };
  }
  if (!isMapping(value)) return { kept: value, secrets: undefined };
  const kept: Mapping = {};
  let secrets: Mapping | undefined;
  for (const [key, child] of Object.entries(value)) {
    if (isSecretKey(key) && isSecretValue(child)) {
      setKey((secrets ??= {}), key, child);
      continue;
    }
    const inner = split(child);
    setKey(kept, key, inner.kept);
    if (inner.secrets !== undefined) setKey((secrets ??= {}), key, inner.secrets);
  }
  return { kept, secrets };
}

export interface SplitVars {
  vars: Record<string, unknown>;
  /** Secret name -> value (JSON text for a JSON var's secrets). */
  secrets: Record<string, string>;
}

export function splitSecrets(vars: Record<string, unknown>): SplitVars {
  const out: SplitVars = { vars: {}, secrets: {} };
  for (const [name, value] of Object.entries(vars)) {
    if (isSecretKey(name) && isSecretValue(value)) {
      out.secrets[name] = typeof value === "string" ? value : JSON.stringify(value);
      continue;
    }
    const { kept, secrets } = split(value);
    out.vars[name] = kept;
    if (secrets !== undefined) out.secrets[secretsOf(name)] = JSON.stringify(secrets);
  }
  return out;
}

/** Every secret name a Worker needs, whether the deploy can supply it or the operator must. */
export function requiredSecrets(spec: WorkerSpec, fromConfig: Record<string, string>): string[] {
  return [...(spec.signsSessions ? [SESSION_SECRET] : []), ...(spec.public ? [AUTH_TOKENS] : []), ...Object.keys(fromConfig)];
}
