// A row's JSON schema (`schema_str`), checked before any answer is graded: JSON text, keywords of
// the right shapes once it is read strictly, regexes that compile the way the validator compiles them and cannot backtrack
// exponentially on model output, and every `$ref` resolvable locally (nothing is fetched). A schema
// that passes is made strict, as the reference grades (every listed property required, no others),
// and compiled into a validator that interprets it: no code is generated at run time, so it runs in
// Workers, where eval and new Function are forbidden.
import { Validator, dereference } from "@cfworker/json-schema";
import type { Schema } from "@cfworker/json-schema";
import { z } from "../../../shared/zod.ts";
import { rowRegex } from "../../../shared/verifiers/row_regex.ts";

const TYPE_NAMES = ["array", "boolean", "integer", "null", "number", "object", "string"] as const;

function checkPattern(pattern: string, ctx: z.RefinementCtx, path: PropertyKey[] = []) {
  try {
    new RegExp(pattern, "u");
  } catch (err) {
    ctx.addIssue({ code: "custom", path, message: `not a valid regex: ${(err as Error).message}` });
    return;
  }
  if (rowRegex(pattern) === undefined) ctx.addIssue({ code: "custom", path, message: "a regex that could backtrack exponentially (a quantified group holding a quantifier or an alternation, or a backreference)" });
}

const count = z.number().int().min(0);

/** The keywords a validator acts on, each in the shape it needs; other keywords pass untouched. */
export const SchemaNode: z.ZodType = z.lazy(() =>
  z.union([
    z.looseObject({
      $ref: z.string().optional(),
      type: z.union([z.enum(TYPE_NAMES), z.array(z.enum(TYPE_NAMES)).min(1)]).optional(),
      enum: z.array(z.unknown()).optional(),
      required: z.array(z.string()).optional(),
      properties: z.record(z.string(), SchemaNode).optional(),
      patternProperties: z.record(z.string(), SchemaNode).superRefine((map, ctx) => Object.keys(map).forEach((p) => checkPattern(p, ctx, [p]))).optional(),
      additionalProperties: SchemaNode.optional(),
      unevaluatedProperties: SchemaNode.optional(),
      propertyNames: SchemaNode.optional(),
      $defs: z.record(z.string(), SchemaNode).optional(),
      definitions: z.record(z.string(), SchemaNode).optional(),
      dependentSchemas: z.record(z.string(), SchemaNode).optional(),
      dependentRequired: z.record(z.string(), z.array(z.string())).optional(),
      items: z.union([SchemaNode, z.array(SchemaNode)]).optional(),
      prefixItems: z.array(SchemaNode).optional(),
      additionalItems: SchemaNode.optional(),
      unevaluatedItems: SchemaNode.optional(),
      contains: SchemaNode.optional(),
      allOf: z.array(SchemaNode).min(1).optional(),
      anyOf: z.array(SchemaNode).min(1).optional(),
      oneOf: z.array(SchemaNode).min(1).optional(),
      not: SchemaNode.optional(),
      if: SchemaNode.optional(),
      then: SchemaNode.optional(),
      else: SchemaNode.optional(),
      minLength: count.optional(),
      maxLength: count.optional(),
      minItems: count.optional(),
      maxItems: count.optional(),
      minProperties: count.optional(),
      maxProperties: count.optional(),
      minContains: count.optional(),
      maxContains: count.optional(),
      uniqueItems: z.boolean().optional(),
      minimum: z.number().optional(),
      maximum: z.number().optional(),
      exclusiveMinimum: z.union([z.number(), z.boolean()]).optional(),
      exclusiveMaximum: z.union([z.number(), z.boolean()]).optional(),
      multipleOf: z.number().positive().optional(),
      pattern: z.string().superRefine((p, ctx) => checkPattern(p, ctx)).optional(),
    }),
    z.boolean(),
  ]),
);

// Keywords whose values are instance data, not schemas: never rewritten, never searched for $refs.
const DATA_KEYWORDS = new Set(["const", "default", "enum", "examples"]);

/**
 * The reference's strict reading of a schema: an object schema that lists properties requires all
 * of them and allows no others. Applied through subschemas in arrays too (anyOf, allOf, ...), on a copy.
 */
export function strictify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strictify);
  if (typeof node !== "object" || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = DATA_KEYWORDS.has(key) ? value : strictify(value);
  if (typeof out.properties === "object" && out.properties !== null && !Array.isArray(out.properties)) {
    out.required = Object.keys(out.properties);
    out.additionalProperties = false;
  }
  return out;
}

// zod's own issues pass through whole, so a union failure still names the branch that got furthest.
type SchemaIssue = z.core.$ZodIssue | { code: "custom"; path: PropertyKey[]; message: string };

/** Every `$ref` in the schema that names nothing the schema itself defines. */
function unresolvedRefs(schema: Schema | boolean, lookup: Record<string, unknown>, path: PropertyKey[] = []): SchemaIssue[] {
  if (typeof schema !== "object" || schema === null) return [];
  const issues: SchemaIssue[] = [];
  if (typeof schema.$ref === "string" && lookup[schema.__absolute_ref__ ?? schema.$ref] === undefined) {
    issues.push({ code: "custom", path: [...path, "$ref"], message: `unresolved $ref "${schema.$ref}" (only references inside the schema are followed)` });
  }
  for (const [key, value] of Object.entries(schema)) {
    if (DATA_KEYWORDS.has(key)) continue;
    if (Array.isArray(value)) value.forEach((v, i) => issues.push(...unresolvedRefs(v, lookup, [...path, key, i])));
    else if (typeof value === "object" && value !== null) issues.push(...unresolvedRefs(value as Schema, lookup, [...path, key]));
  }
  return issues;
}

export type Compiled = { validator: Validator; schema: Schema | boolean; issues?: undefined } | { validator?: undefined; schema?: undefined; issues: SchemaIssue[] };

/** The strict validator for a schema text and the strict schema, or what is wrong with it (paths inside the schema). */
export function compileSchema(text: string): Compiled {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return { issues: [{ code: "custom", path: [], message: `not JSON: ${(err as Error).message}` }] };
  }
  // Checked as the reference reads it, strict first: what strictify rewrites (a `required` or
  // `additionalProperties` of an object schema with properties) is never read as written.
  const strict = strictify(parsed) as Schema | boolean;
  const shaped = SchemaNode.safeParse(strict);
  if (!shaped.success) return { issues: shaped.error.issues };
  let lookup: Record<string, unknown>;
  try {
    lookup = dereference(strict);
  } catch (err) {
    return { issues: [{ code: "custom", path: [], message: (err as Error).message }] };
  }
  const unresolved = unresolvedRefs(strict, lookup);
  if (unresolved.length > 0) return { issues: unresolved };
  // 2020-12: the dialect of OpenAPI 3.1, whose validator the reference grades with.
  return { validator: new Validator(strict, "2020-12", true), schema: strict };
}

/** The task field: schema text whose problems are reported under its own path. */
export const SchemaText = z.string().superRefine((text, ctx) => {
  for (const issue of compileSchema(text).issues ?? []) ctx.addIssue(issue as z.core.$ZodRawIssue);
});
