// The extracted code parsed as its output type, with the parsers structured_outputs ports from the
// reference's (json.loads, yaml.safe_load, xmltodict, csv.DictReader; TOML by a TOML 1.0 parser
// where the reference uses the `toml` package). A CSV answer is its header and rows. A parse that
// fails, or whose result is empty (Python-falsy), does not render.
import { parse as parseToml } from "smol-toml";
import { parseCsv } from "../../../shared/structured_text/parse_csv.ts";
import { parseXmlAnswer } from "../../../shared/structured_text/parse_xml.ts";
import { parseYaml } from "../../../shared/structured_text/parse_yaml.ts";

export type Parsed = { ok: true; value: unknown } | { ok: false; error_type: "parse_error" | "unsupported_type"; error_message: string };

/** csv.DictReader's fieldnames: the first record (the code is stripped, so never a blank line), none for no text. */
function csvHeader(code: string): string[] {
  if (code === "") return [];
  // The first record read as the one data row under a one-column header of our own.
  const [first] = parseCsv(`h\n${code}`);
  return first ? [first.cells.h ?? "", ...first.extra] : [];
}

const PARSERS: Record<string, (code: string) => unknown> = {
  json: (code) => JSON.parse(code),
  yaml: parseYaml,
  toml: (code) => parseToml(code, { integersAsBigInt: "asNeeded" }),
  xml: parseXmlAnswer,
  csv: (code) => ({ csv_headers: csvHeader(code), csv_rows: parseCsv(code).map((row) => row.cells) }),
};

/** Python's truthiness of a parsed value. */
function truthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === 0n || value === "") return false;
  if (Array.isArray(value)) return value.length > 0;
  if (value instanceof Map) return value.size > 0;
  if (typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) return Object.keys(value).length > 0;
  return true;
}

export function parseCode(code: string, outputType: string): Parsed {
  const parse = Object.hasOwn(PARSERS, outputType) ? PARSERS[outputType]! : undefined;
  if (!parse) return { ok: false, error_type: "unsupported_type", error_message: `Unsupported output type: ${outputType}` };
  let value: unknown;
  try {
    value = parse(code);
  } catch (err) {
    return { ok: false, error_type: "parse_error", error_message: `${(err as Error).name}: ${String((err as Error).message).slice(0, 200)}` };
  }
  return truthy(value) ? { ok: true, value } : { ok: false, error_type: "parse_error", error_message: "Parsed result is empty" };
}
