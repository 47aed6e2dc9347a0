// NeMo Gym's command-line spellings (`+input_jsonl_fpath=in.jsonl`, `++num_repeats=4`, ...) as
// aliases of our flags, so commands copied from NeMo Gym work unchanged. A value given both ways
// must agree.
import { parseOverride } from "../../shared/config/overrides.ts";
import { UsageError } from "./args.ts";

const CREATE_PARAMS = "responses_create_params";

export interface Spellings {
  /** NeMo Gym key -> our flag name. */
  flags: Record<string, string>;
  /** Accept `responses_create_params.<field>=v` (and a whole mapping) as create-params overrides. */
  createParams?: boolean;
}

export interface Translated {
  flags: Record<string, string | boolean>;
  createParams: Record<string, unknown>;
}

export function translate(overrides: readonly string[], spellings: Spellings): Translated {
  const out: Translated = { flags: {}, createParams: {} };
  for (const arg of overrides) {
    let parsed;
    try {
      parsed = parseOverride(arg);
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
    const [head, ...rest] = parsed.path;
    if (spellings.createParams && head === CREATE_PARAMS) {
      if (rest.length === 1) out.createParams[rest[0]!] = parsed.value;
      else if (rest.length === 0 && parsed.value && typeof parsed.value === "object" && !Array.isArray(parsed.value)) Object.assign(out.createParams, parsed.value);
      else throw new UsageError(`${arg}: expected ${CREATE_PARAMS}.<field>=value or ${CREATE_PARAMS}={field: value}`);
      continue;
    }
    const flag = rest.length === 0 ? spellings.flags[head!] : undefined;
    if (!flag) {
      const known = [...Object.keys(spellings.flags), ...(spellings.createParams ? [`${CREATE_PARAMS}.<field>`] : [])];
      throw new UsageError(`unknown option ${arg} (NeMo Gym spellings here: ${known.map((k) => `+${k}=`).join(", ")})`);
    }
    // A mapping (collect's per-agent `num_repeats={a: 2}`) goes on as JSON, for the flag to read.
    const value = parsed.value;
    out.flags[flag] = typeof value === "boolean" ? value : value !== null && typeof value === "object" ? JSON.stringify(value) : String(value);
  }
  return out;
}

/** Our flags with the translated spellings folded in; a flag given both ways must agree. */
export function withSpellings<V extends Record<string, unknown>>(values: V, translated: Translated): V {
  const merged: Record<string, unknown> = { ...values };
  for (const [flag, value] of Object.entries(translated.flags)) {
    if (merged[flag] !== undefined && merged[flag] !== value) throw new UsageError(`--${flag} is given twice, with different values`);
    merged[flag] = value;
  }
  return merged as V;
}
