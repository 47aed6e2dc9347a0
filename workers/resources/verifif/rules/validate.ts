// One rule instruction checked on a reply, as the reference's validate_instruction and its app do
// it: the reply stripped, the language's check (or its module's own), a Python error inside the
// check reported as "Validation error: ...", an id the module lacks as "Invalid Instruction".
import { BASE, UnpackError } from "./checks.ts";
import type { Kwargs, Lang, Result } from "./lang.ts";
import { PyError, pyStrip } from "./py.ts";

export function validateRule(response: string, id: string, kwargs: Kwargs, lang: Lang): Result {
  const check = lang.overrides[id] ?? (lang.missing?.has(id) ? undefined : BASE[id]);
  if (!check) return [false, "Invalid Instruction"];
  try {
    const stripped = pyStrip(response);
    return check(lang.prepare ? lang.prepare(stripped) : stripped, kwargs, lang);
  } catch (err) {
    if (err instanceof PyError) return [false, `Validation error: ${err.message}`];
    // The reference's app unpacks a bare False and fails there, outside the validator.
    if (err instanceof UnpackError) return [false, `Validator error: ${err.message}`];
    throw err;
  }
}
