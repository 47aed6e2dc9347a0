// NeMo Gym's `prompt_config`: a YAML file with a `user` template (and an optional `system` one)
// that builds each row's `responses_create_params.input` at collection time, so one dataset serves
// several prompts. Templates use Python's str.format fields, as NeMo Gym fills them: `{field}` takes
// the row's top-level field, `{{` and `}}` are literal braces. Rows that already have an input
// are refused: the two are exclusive, as in NeMo Gym.
import { readFile } from "node:fs/promises";
import { parse } from "yaml";
import { z } from "../../shared/zod.ts";
import { zodIssues } from "../../shared/server/errors.ts";
import { InputError } from "./jsonl.ts";

export const PromptConfig = z.looseObject({ user: z.string(), system: z.string().nullish() });
export type PromptConfig = z.infer<typeof PromptConfig>;

export async function loadPromptConfig(path: string): Promise<PromptConfig> {
  let data: unknown;
  try {
    data = parse(await readFile(path, "utf8"));
  } catch (err) {
    throw new InputError(`prompt_config ${path}: ${(err as Error).message.split("\n")[0]}`);
  }
  const checked = PromptConfig.safeParse(data);
  if (!checked.success) {
    const issue = zodIssues(checked.error)[0]!;
    throw new InputError(`prompt_config ${path}: ${issue.path}: ${issue.message}`);
  }
  return checked.data;
}

// What Python's str() gives for the JSON values a row's field can hold.
function pythonStr(value: unknown, field: string): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || value instanceof Number) return String(Number(value));
  if (typeof value === "boolean") return value ? "True" : "False";
  if (value === null) return "None";
  throw new InputError(`the prompt template's field {${field}} is an object or array in the row: only strings, numbers, booleans and null fill a template`);
}

/** One template filled from the row; a field the row lacks names the fields it has. */
export function fillTemplate(template: string, row: Record<string, unknown>): string {
  return template.replace(/\{\{|\}\}|\{([^{}]*)\}|[{}]/g, (match, field: string | undefined) => {
    if (match === "{{") return "{";
    if (match === "}}") return "}";
    if (field === undefined) throw new InputError(`the prompt template has a single "${match}": write "${match}${match}" for a literal brace`);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(field)) throw new InputError(`the prompt template's field {${field}}: only plain field names are supported (no attributes, indexes or format specs)`);
    if (!(field in row)) throw new InputError(`the prompt template references field '${field}' but the row only has fields: ${Object.keys(row).join(", ")}`);
    return pythonStr(row[field], field);
  });
}

/** The row with its input built from the templates; its other create params are kept. */
export function applyPrompt(config: PromptConfig, row: Record<string, unknown>): Record<string, unknown> {
  const params = (row.responses_create_params ?? {}) as Record<string, unknown>;
  if (Array.isArray(params.input) ? params.input.length > 0 : Boolean(params.input)) {
    throw new InputError("the row has responses_create_params.input and a prompt_config is given: they are exclusive (use one or the other)");
  }
  const input = [
    ...(config.system === undefined || config.system === null ? [] : [{ role: "system", content: fillTemplate(config.system, row) }]),
    { role: "user", content: fillTemplate(config.user, row) },
  ];
  return { ...row, responses_create_params: { ...params, input } };
}
