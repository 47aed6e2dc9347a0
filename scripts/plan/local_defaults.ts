// What a local run fills in that a config leaves unset, so NeMo Gym's config files start unedited:
// a `${key}` no layer sets among the bundled local defaults (`policy_base_url` and the like: the
// vLLM emulator; `sandbox_url`: the local sandbox); a referenced model instance no file defines (the
// bundled policy model); a vLLM-fleet model without base_url (the emulator: NeMo's genrm_model
// starts its own vLLM); a sandboxed environment without sandbox_url (the local sandbox); an OpenAI
// model server pointed at the emulator (`++judge_base_url=emulator://local` for NeMo's judge_model),
// run as vllm_model, which serves the Responses API over the emulator's chat completions. Only local
// commands apply it: a deploy must name its real endpoints, and stops on what is unset.
import { findReferences } from "../../shared/config/instances.ts";
import { isMapping, setKey } from "../../shared/config/tree.ts";
import type { Mapping } from "../../shared/config/tree.ts";
import { SERVER_TYPES } from "../../shared/schemas/config.ts";
import { EMULATOR_MODEL, EMULATOR_SCHEME } from "../../shared/fleet/emulator.ts";
import { envValue } from "../../shared/config/interpolate.ts";
import { mapStrings } from "./placeholders.ts";
import { IMPLEMENTATIONS } from "./registry.ts";
import type { Implementation } from "./registry.ts";

/** The model instance the bundled configs reference and workers/models/vllm_model/config.yaml defines. */
export const POLICY_MODEL = "policy_model";
const LOCAL_EMULATOR = `${EMULATOR_SCHEME}local`;

interface RawInstance {
  serverType: string;
  implementation: string;
  fields: Mapping;
}

/** A top-level entry shaped as an instance (`name: {server_type: {implementation: {...}}}`), its fields mutable in place. */
function rawInstance(value: unknown): RawInstance | undefined {
  if (!isMapping(value)) return undefined;
  const serverType = Object.keys(value).find((k) => (SERVER_TYPES as readonly string[]).includes(k));
  const implementations = serverType === undefined ? undefined : value[serverType];
  if (!isMapping(implementations) || Object.keys(implementations).length !== 1) return undefined;
  const [implementation, fields] = Object.entries(implementations)[0]!;
  return isMapping(fields) ? { serverType: serverType!, implementation, fields } : undefined;
}

const unset = (fields: Mapping, key: string) => fields[key] === undefined || fields[key] === null;

/** Whether any string in `config` interpolates `${key}` (or a path under it). */
function interpolates(config: Mapping, key: string): boolean {
  const pattern = new RegExp(`\\$\\{\\s*${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*[.}]`);
  let found = false;
  mapStrings(config, (s) => ((found ||= pattern.test(s)), s));
  return found;
}

/**
 * `config` (merged, not yet interpolated) with what a local run defaults filled in, and one line
 * saying what was (undefined when nothing was). `defaults` is the bundled configs merged: the
 * emulator's and sandboxes' globals and the bundled policy model come from there.
 */
export function withLocalDefaults(config: Mapping, defaults: Mapping, from: readonly Implementation[] = IMPLEMENTATIONS): { config: Mapping; note?: string } {
  const out = structuredClone(config);
  const filled: string[] = [];
  const instances = () => Object.entries(out).flatMap(([name, value]) => {
    const instance = rawInstance(value);
    return instance ? [{ name, ...instance }] : [];
  });

  // A model instance referenced and defined nowhere: the bundled policy model under that name.
  const policy = defaults[POLICY_MODEL];
  for (const instance of instances()) {
    for (const { ref } of findReferences(instance.fields, [])) {
      if (ref.type !== "responses_api_models" || Object.hasOwn(out, ref.name) || !isMapping(policy)) continue;
      setKey(out, ref.name, structuredClone(policy));
      filled.push(`${ref.name} (the bundled policy model)`);
    }
  }

  // A resources server referenced and defined nowhere (ns_tools' `verifiers.math_with_judge`): the bundled instance of that name.
  for (const instance of instances()) {
    for (const { ref } of findReferences(instance.fields, [])) {
      const bundled = defaults[ref.name];
      if (ref.type !== "resources_servers" || Object.hasOwn(out, ref.name) || !isMapping(bundled)) continue;
      setKey(out, ref.name, structuredClone(bundled));
      filled.push(`${ref.name} (the bundled resources server)`);
    }
  }

  // `${key}` and `${oc.env:NAME,default}` followed (a few hops), as the value a base URL will have once interpolated.
  const valueOf = (value: unknown, hops = 4): unknown => {
    const ref = typeof value === "string" ? /^\$\{([^${}]+)\}$/.exec(value)?.[1] : undefined;
    if (ref === undefined || hops === 0) return value;
    try {
      return valueOf(envValue(ref)?.value ?? out[ref.trim()], hops - 1);
    } catch {
      return undefined;
    }
  };
  for (const instance of instances()) {
    const base = valueOf(instance.fields.openai_base_url);
    if (instance.serverType !== "responses_api_models" || typeof base !== "string" || !base.startsWith(EMULATOR_SCHEME)) continue;
    const entry = out[instance.name] as Mapping;
    entry.responses_api_models = { vllm_model: { base_url: base, api_key: "emulator", model: valueOf(instance.fields.openai_model) ?? EMULATOR_MODEL, return_token_id_information: false } };
    filled.push(`${instance.name} (${instance.implementation} at ${base}: run as vllm_model)`);
  }

  const implementationOf = (serverType: string, name: string) => from.find((i) => i.kind === serverType && i.name === name);
  for (const instance of instances()) {
    const implementation = implementationOf(instance.serverType, instance.implementation);
    if (!implementation) continue;
    // A model on a vLLM fleet (its gpu_gateway companion) with no fleet named: NeMo would start a vLLM itself.
    if (implementation.declaration.companion?.kind === "gpu_gateway" && unset(instance.fields, "base_url")) {
      setKey(instance.fields, "base_url", LOCAL_EMULATOR);
      if (unset(instance.fields, "api_key")) setKey(instance.fields, "api_key", "emulator");
      filled.push(`${instance.name}.base_url=${LOCAL_EMULATOR}`);
    }
    // An environment that runs code in a sandbox: NeMo's run it in-process, we in the sandbox the global names.
    const shape = (implementation.declaration.config as { shape?: Record<string, unknown> }).shape;
    if (shape && "sandbox_url" in shape && unset(instance.fields, "sandbox_url")) {
      setKey(instance.fields, "sandbox_url", "${sandbox_url}");
    }
  }

  // Globals the bundled local defaults set (scalars), where the config interpolates one it never sets.
  for (const [key, value] of Object.entries(defaults)) {
    if (isMapping(value) || Array.isArray(value) || Object.hasOwn(out, key) || !interpolates(out, key)) continue;
    setKey(out, key, value);
    filled.push(`${key}=${String(value)}`);
  }
  if (filled.length === 0) return { config: out };
  const said = filled.join(", ");
  const meanings = [
    ...(said.includes(EMULATOR_SCHEME) ? ["emulator://: the vLLM emulator, a scripted stand-in"] : []),
    ...(said.includes("sandbox://") ? ["sandbox://local: the local code sandbox"] : []),
  ];
  return {
    config: out,
    note: `Not set in the config, so a local run uses: ${said}${meanings.length ? ` (${meanings.join("; ")})` : ""}. Set them (env.yaml or +key=value) to use your own; a deploy requires them set.`,
  };
}
