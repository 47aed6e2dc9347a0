// The declared tools' parameter schemas, and the check a call's arguments must pass: the schema
// read as JSON Schema 2020-12 (OpenAPI 3.1's dialect), formats not asserted, as the reference's
// openapi-schema-validator runs without a format checker. Stringified arrays and objects given for
// array or object parameters are read as what they spell first, as the reference coerces them.
import { Validator } from "@cfworker/json-schema";
import type { Schema } from "@cfworker/json-schema";
import { isExactNumber, parseExact } from "../../../shared/json/exact.ts";

export type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v) && !isExactNumber(v);

/** name -> parameters schema, from Responses tools ({name, parameters}) or Chat tools ({function: {name, parameters}}); a later one wins. */
export function schemaMap(tools: readonly unknown[]): Map<string, Json> {
  const map = new Map<string, Json>();
  for (const tool of tools) {
    if (!isObject(tool)) continue;
    const definition = isObject(tool.function) ? tool.function : tool;
    if (typeof definition.name === "string" && isObject(definition.parameters)) map.set(definition.name, definition.parameters);
  }
  return map;
}

/** Replaces, in place, a string argument that parses as the array or object its property declares. */
export function coerceStringified(args: Json, schema: Json): void {
  if (!isObject(schema.properties)) return;
  for (const [name, property] of Object.entries(schema.properties)) {
    const value = args[name];
    if (!Object.hasOwn(args, name) || !isObject(property) || typeof value !== "string") continue;
    let parsed: unknown;
    try {
      parsed = parseExact(value);
    } catch {
      continue;
    }
    if ((property.type === "array" && Array.isArray(parsed)) || (property.type === "object" && isObject(parsed))) args[name] = parsed;
  }
}

// Keywords whose values are subschemas: one, a list, or a map of them.
const ONE = ["additionalProperties", "unevaluatedProperties", "propertyNames", "additionalItems", "unevaluatedItems", "contains", "not", "if", "then", "else", "items"];
const LIST = ["allOf", "anyOf", "oneOf", "prefixItems", "items"];
const MAP = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];

/** A copy of the schema without `format` keywords, which are annotations only there. */
function withoutFormats(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  const out: Json = { ...schema };
  if (typeof out.format === "string") delete out.format;
  for (const key of ONE) if (isObject(out[key])) out[key] = withoutFormats(out[key]);
  for (const key of LIST) if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).map(withoutFormats);
  for (const key of MAP) if (isObject(out[key])) out[key] = Object.fromEntries(Object.entries(out[key] as Json).map(([k, v]) => [k, withoutFormats(v)]));
  return out;
}

/** The arguments as the validator reads numbers: exact ones as doubles (7.0 is an integer, as jsonschema's type check has it). */
function plain(value: unknown): unknown {
  if (isExactNumber(value)) return Number(value);
  if (Array.isArray(value)) return value.map(plain);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

/** Whether the arguments are valid under the schema; a schema the validator cannot read is a failure, as there. */
export function validArguments(args: Json, schema: Json): boolean {
  try {
    return new Validator(withoutFormats(schema) as Schema, "2020-12", true).validate(plain(args)).valid;
  } catch {
    return false;
  }
}
