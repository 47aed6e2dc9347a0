// Judge prompt templates as NeMo Gym writes them: Python format strings (`{question}`, with `{{`
// and `}}` for literal braces), filled in one pass so a model's answer that itself holds
// `{expected_answer}` is left as written and cannot pull the expected answer into the prompt.
import { HttpError } from "../server/errors.ts";

const FIELD = /\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * Python's `template.format(**values)` for named fields. A field the template names and `values`
 * lacks is a misconfigured template (Python's KeyError): a 500 naming it, never a reward.
 */
export function formatTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(FIELD, (match, name: string | undefined) => {
    if (name === undefined) return match[0]!;
    if (!Object.hasOwn(values, name)) {
      throw new HttpError(500, "bad_judge_template", `the judge prompt template names {${name}}, which this server does not fill (it fills ${Object.keys(values).map((k) => `{${k}}`).join(", ")})`);
    }
    return values[name]!;
  });
}

/** The `{name}` fields a template names, for checking a configured template before any call. */
export function templateFields(template: string): string[] {
  return [...new Set([...template.matchAll(FIELD)].flatMap((m) => (m[1] === undefined ? [] : [m[1]])))];
}
