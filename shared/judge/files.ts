// Prompt files a config names by path (NeMo Gym's `judge_prompt_path` and the like). A Worker reads
// no files, so the plan reads each one its implementation declares (Declaration.promptFiles) and
// passes its content in the instance config under INLINED_FILES, keyed by the path as written:
// YAML files parsed, text files as they are.
import { HttpError } from "../server/errors.ts";
import { z } from "../zod.ts";

export const INLINED_FILES = "inlined_files";

/** The config field the plan fills; spread it into a server's config schema. */
export const InlinedFiles = { [INLINED_FILES]: z.record(z.string(), z.unknown()).default({}) };

/** The content of the file at `path` (as the config writes it), which the plan inlined. */
export function inlinedFile(config: { [INLINED_FILES]: Record<string, unknown> }, path: string): unknown {
  if (!Object.hasOwn(config[INLINED_FILES], path)) {
    throw new HttpError(500, "missing_prompt_file", `the prompt file ${path} was not inlined into this server's config: start it with edge-gym start, which reads it`);
  }
  return config[INLINED_FILES][path];
}

/** A prompt file's text under `key` (NeMo's YAML prompt files hold it under `user`, `system`, ...). */
export function promptText(file: unknown, key: string, path: string): string {
  const text = typeof file === "object" && file !== null ? (file as Record<string, unknown>)[key] : undefined;
  if (typeof text !== "string") throw new HttpError(500, "bad_prompt_file", `the prompt file ${path} has no text under "${key}"`);
  return text;
}
