// XML gives every leaf as text, so the reference (with `xml_coerce_types`, on by default) walks the
// parsed value beside the schema and converts text where the schema asks for a number, an integer
// or a boolean, the way Python's int(), float() and a true/1, false/0 test do; text that does not
// convert is kept, for the validator to reject. Only a schema's own `type` is followed: `$ref`,
// `anyOf` and lists of types convert nothing.
import { pyBool, pyFloat, pyInt } from "../../../shared/structured_text/py_numbers.ts";

type Schema = Record<string, unknown>;
const isRecord = (v: unknown): v is Schema => typeof v === "object" && v !== null && !Array.isArray(v);

export function coerceXml(data: unknown, schema: unknown): unknown {
  if (!isRecord(schema) || !("type" in schema)) return data;
  const type = schema.type;
  if (type === "object" && isRecord(data)) {
    const properties = isRecord(schema.properties) ? schema.properties : {};
    const out: Schema = {};
    for (const [key, value] of Object.entries(data)) {
      const coerced = Object.hasOwn(properties, key) ? coerceXml(value, properties[key]) : value;
      Object.defineProperty(out, key, { value: coerced, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  if (type === "array") {
    // Repeated children arrive wrapped in their tag, <tags><tag>a</tag><tag>b</tag></tags> as
    // {tag: ["a", "b"]}, and a single child unlisted: at an array, a one-key object is that wrapper.
    let items = isRecord(data) && Object.keys(data).length === 1 ? Object.values(data)[0] : data;
    if (!Array.isArray(items)) items = items === null ? [] : [items];
    return (items as unknown[]).map((item) => coerceXml(item, schema.items ?? {}));
  }
  // An empty element is null: a string where the schema wants one, else left to fail.
  if (data === null && type === "string") return "";
  if (typeof data === "string") {
    const converted = type === "integer" ? pyInt(data) : type === "number" ? pyFloat(data) : type === "boolean" ? pyBool(data) : undefined;
    if (converted !== undefined) return converted;
  }
  return data;
}
