// Structured-output tasks: the prompt gives a JSON schema on the line after "JSON schema:" and a
// text after "Text:". The reply is JSON built from the schema (every listed property, as strict
// grading requires), with values taken from "Label: value" lines of the text where a label names
// the property, else a placeholder of the right type; bare, whatever the prompt shows, as the
// verifier parses the whole reply. Wrong path: the JSON breaks the schema (a property left out, or
// an item of the wrong type).
import { isObject, lastUserText, parseJson } from "./conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "./types.ts";

type Schema = Record<string, unknown>;

const SCHEMA_LINE = /JSON schema:[ \t]*\r?\n?([^\n]+)/i;

function schemaOf(prompt: string): Schema | undefined {
  const line = SCHEMA_LINE.exec(prompt)?.[1];
  const schema = line === undefined ? undefined : parseJson(line);
  return isObject(schema) ? schema : undefined;
}

/** "In print: yes" in the text fills the top-level key `in_print`: labels lower-cased, spaces as underscores. */
export function labels(prompt: string): Map<string, string> {
  const at = prompt.search(/^Text:/m);
  const text = at === -1 ? "" : prompt.slice(at + "Text:".length);
  const found = new Map<string, string>();
  for (const [, label, value] of text.matchAll(/^([A-Za-z][\w ]*):[ \t]*(.+)$/gm)) found.set(label!.trim().toLowerCase().replaceAll(" ", "_"), value!.trim());
  return found;
}

const PLACEHOLDER_FORMATS: Record<string, string> = { date: "2024-01-01", time: "09:00:00Z", "date-time": "2024-01-01T09:00:00Z", email: "someone@example.com", uri: "https://example.com/" };

export class Builder {
  readonly #root: Schema;
  readonly #labels: Map<string, string>;
  readonly #record: Schema;

  /** `record`: the object schema whose properties the labels fill (the root unless it wraps one). */
  constructor(root: Schema, labelled: Map<string, string>, record: Schema = root) {
    this.#root = root;
    this.#labels = labelled;
    this.#record = this.resolve(record);
  }

  /** The schema a local `$ref` ("#/$defs/person") points at; the others are left as they are. */
  resolve(schema: Schema): Schema {
    const ref = schema.$ref;
    if (typeof ref !== "string" || !ref.startsWith("#/")) return schema;
    const target = ref.slice(2).split("/").reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), this.#root);
    return isObject(target) ? target : schema;
  }

  value(raw: Schema, key?: string): unknown {
    const schema = this.resolve(raw);
    const branch = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
    if (branch?.[0]) return this.value(branch[0], key);
    if (Array.isArray(schema.enum)) return schema.enum[0];
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    const label = key === undefined ? undefined : this.#labels.get(key);
    if (label !== undefined && /^(none|null|n\/a)$/i.test(label) && types.includes("null")) return null;
    const type = types.find((t) => t !== "null") ?? "null";
    switch (type) {
      case "object": {
        // Labels describe the record as a whole: only its own properties read them.
        const top = schema === this.#record;
        return Object.fromEntries(Object.entries((schema.properties ?? {}) as Record<string, Schema>).map(([name, sub]) => [name, this.value(sub, top ? name : undefined)]));
      }
      case "array": {
        const items = isObject(schema.items) ? schema.items : {};
        const listed = label?.split(/,\s*|\s+and\s+/).filter(Boolean);
        if (listed?.length && this.resolve(items).type === "string") return listed;
        const count = Math.max(1, typeof schema.minItems === "number" ? schema.minItems : 1);
        return Array.from({ length: count }, (_, i) => this.itemValue(items, i));
      }
      case "integer":
      case "number": {
        const parsed = label === undefined ? NaN : Number.parseFloat(label);
        if (Number.isFinite(parsed) && (type === "number" || Number.isInteger(parsed))) return parsed;
        const low = typeof schema.minimum === "number" ? schema.minimum : typeof schema.exclusiveMinimum === "number" ? schema.exclusiveMinimum + 1 : 1;
        return type === "integer" ? Math.ceil(low) : low;
      }
      case "boolean":
        return label === undefined ? true : /^(yes|true|y)$/i.test(label);
      case "string":
        return label ?? PLACEHOLDER_FORMATS[schema.format as string] ?? `${key ?? "value"} (see text)`;
      default:
        return null;
    }
  }

  /** Items differ from one another, so uniqueItems holds. */
  itemValue(items: Schema, index: number): unknown {
    const value = this.value(items);
    return typeof value === "string" && index > 0 ? `${value} ${index + 1}` : value;
  }
}

/** The same JSON, broken: an object loses a property, an array gains an item of the wrong type. */
export function broken(value: unknown): unknown {
  if (Array.isArray(value)) return [...value, typeof value[0] === "string" ? 0 : "not an item"];
  if (isObject(value)) {
    const keys = Object.keys(value);
    return keys.length > 0 ? Object.fromEntries(Object.entries(value).slice(0, -1)) : { unexpected: true };
  }
  return typeof value === "string" ? 0 : "wrong type";
}

function play({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  const schema = schemaOf(prompt);
  if (!schema) return decline("I could not find the schema to follow.");
  const built = new Builder(schema, labels(prompt)).value(schema);
  const json = JSON.stringify(correct ? built : broken(built), null, 2);
  return say(json);
}

export const jsonSchema: Skill = { play };
