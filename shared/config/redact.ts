// Secret-free copy of a config, for publishing it (the head server serves its config to clients).
import { isMapping, setKey, type Mapping } from "./tree.ts";

// Matched against whole words of the key (snake_case, kebab-case or camelCase), so `policy_api_key`,
// `hf_token`, `apiKey` and `Authorization` are secrets while `max_tokens` and `tokenizer` are not.
const SECRET_KEY = /(?:^|_)(?:api_?key|token|secrets?|passw(?:or)?d|credentials?|authorization)(?:_|$)/;

const words = (key: string) =>
  key.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase().replace(/[^a-z0-9]+/g, "_");

export const isSecretKey = (key: string): boolean => SECRET_KEY.test(words(key));

/** Deep copy with secret values replaced by "***". Booleans, numbers and null are kept: they are
 * flags and counts (`return_token_id_information: false`), never secrets. */
export function redactSecrets<T>(value: T): T {
  return redact(value) as T;
}

function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (!isMapping(value)) return value;
  const out: Mapping = {};
  for (const [key, child] of Object.entries(value)) {
    const hidden = isSecretKey(key) && child !== null && typeof child !== "boolean" && typeof child !== "number";
    setKey(out, key, hidden ? "***" : redact(child));
  }
  return out;
}
