// The row's `schema_type`: the format the reply is written in. Each is parsed as the reference
// parses it (json.loads, yaml.safe_load, xmltodict, tomllib, csv.DictReader) and then validated
// against the same JSON schema; XML and CSV text is first coerced to the schema's types.
import { parse as parseToml } from "smol-toml";
import { z } from "../../../shared/zod.ts";
import { answerJson } from "./answer_json.ts";
import { coerceCsv } from "./coerce_csv.ts";
import { coerceXml } from "./coerce_xml.ts";
import { jsonValue } from "./json_value.ts";
import { parseCsv } from "../../../shared/structured_text/parse_csv.ts";
import type { CsvRow } from "../../../shared/structured_text/parse_csv.ts";
import { parseXmlAnswer } from "../../../shared/structured_text/parse_xml.ts";
import { parseYaml } from "../../../shared/structured_text/parse_yaml.ts";
import { wholeAnswer } from "./whole_answer.ts";
import type { ParsedAnswer } from "./whole_answer.ts";

export const SchemaType = z.enum(["json", "yaml", "xml", "toml", "csv"]);
export type SchemaType = z.infer<typeof SchemaType>;

/** The value to validate, or why there is none (the verify response's `error_type`). */
export type FormatAnswer = { ok: true; value: unknown } | { ok: false; error_type: "parse_error" | "validation_error"; message: string };

export interface FormatOptions {
  /** The JSON schema, made strict: XML and CSV text is coerced to its types. */
  schema: unknown;
  /** The instance's `xml_coerce_types`. */
  xmlCoerceTypes: boolean;
}

const PARSERS: Record<Exclude<SchemaType, "json">, (text: string) => unknown> = {
  yaml: parseYaml,
  xml: parseXmlAnswer,
  // tomllib keeps integers exact; "asNeeded" keeps big ones from failing the parse.
  toml: (text) => parseToml(text, { integersAsBigInt: "asNeeded" }),
  csv: parseCsv,
};

function parsed(type: SchemaType, text: string): ParsedAnswer {
  return type === "json" ? answerJson(text) : wholeAnswer(text, PARSERS[type]);
}

/** The reply's value in the row's format, ready for the JSON schema. */
export function formatAnswer(type: SchemaType, text: string, options: FormatOptions): FormatAnswer {
  const answer = parsed(type, text);
  if (!answer.ok) return { ok: false, error_type: "parse_error", message: answer.message };
  let value: ParsedAnswer;
  switch (type) {
    case "json":
      return answer;
    case "xml":
      return { ok: true, value: options.xmlCoerceTypes ? coerceXml(answer.value, options.schema) : answer.value };
    case "csv":
      value = coerceCsv(answer.value as CsvRow[], options.schema);
      break;
    case "yaml":
    case "toml":
      value = jsonValue(answer.value);
      break;
  }
  return value.ok ? value : { ok: false, error_type: "validation_error", message: value.message };
}
