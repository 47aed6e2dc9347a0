// YAML read as the reference's PyYAML safe_load reads it: YAML 1.1 (yes/no/on/off are booleans,
// 0-prefixed integers are octal, 1:30 is sexagesimal, dates are timestamps), duplicate keys
// allowed with the last one winning, one document only. The `yaml` package's 1.1 schema differs
// from PyYAML's resolvers in a few plain scalars (y/n, 09, 1e3), so those three tags follow
// PyYAML's patterns instead.
import { parseDocument } from "yaml";
import type { ScalarTag, Tags } from "yaml";

const BOOL = /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/;
const TRUE = /^(?:yes|Yes|YES|true|True|TRUE|on|On|ON)$/;
const INT = /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/;
// A float needs a dot, and an exponent needs its sign: PyYAML reads 1e3 and 1.0e3 as strings.
const FLOAT = /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9_]+(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;

type Fail = (message: string) => void;

/** "-1_0" as [-1, "10"]: the sign and the digits without underscores. */
function signed(source: string): [number, string] {
  const text = source.replaceAll("_", "");
  return text.startsWith("-") ? [-1, text.slice(1)] : [1, text.replace(/^\+/, "")];
}

const sexagesimal = (digits: string) => digits.split(":").reduce((total, part) => total * 60 + Number(part), 0);

function resolveInt(source: string, onError: Fail): number {
  const [sign, text] = signed(source);
  let value: number;
  if (text.startsWith("0b")) value = parseInt(text.slice(2), 2);
  else if (text.startsWith("0x")) value = parseInt(text.slice(2), 16);
  else if (text.includes(":")) value = sexagesimal(text);
  else if (text.length > 1 && text.startsWith("0")) value = parseInt(text, 8);
  else value = Number(text);
  // "0b_" matches the pattern but has no digits; PyYAML fails on it too.
  if (Number.isNaN(value)) onError(`invalid integer ${JSON.stringify(source)}`);
  return sign * value;
}

function resolveFloat(source: string, onError: Fail): number {
  const [sign, text] = signed(source.toLowerCase());
  if (text === ".inf") return sign * Infinity;
  if (text === ".nan") return NaN;
  const value = text.includes(":") ? sexagesimal(text.split(".")[0]!) + Number(`0.${text.split(".")[1] ?? ""}`) : Number(text);
  if (Number.isNaN(value)) onError(`invalid float ${JSON.stringify(source)}`);
  return sign * value;
}

const scalar = (tag: string, test: RegExp, resolve: ScalarTag["resolve"]): ScalarTag => ({ tag, test, resolve, default: true, identify: () => false });

const PYYAML_SCALARS: ScalarTag[] = [
  scalar("tag:yaml.org,2002:bool", BOOL, (s) => TRUE.test(s)),
  scalar("tag:yaml.org,2002:float", FLOAT, resolveFloat),
  scalar("tag:yaml.org,2002:int", INT, resolveInt),
];
const REPLACED = new Set(PYYAML_SCALARS.map((t) => t.tag));

const pyyamlTags = (tags: Tags): Tags => [...tags.filter((t) => typeof t === "string" || !REPLACED.has(t.tag)), ...PYYAML_SCALARS];

/** The document's value (Maps for mappings, so non-string keys stay visible), or a thrown error. */
export function parseYaml(text: string): unknown {
  const doc = parseDocument(text, { version: "1.1", customTags: pyyamlTags, uniqueKeys: false, prettyErrors: false });
  if (doc.errors.length > 0) throw doc.errors[0];
  return doc.toJS({ mapAsMap: true, maxAliasCount: 100 });
}
