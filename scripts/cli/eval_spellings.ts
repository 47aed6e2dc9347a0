// NeMo's Hydra spellings among the eval subcommands' positionals (`+input_glob=...`), told apart
// from overrides of the config a local stack starts from.
export function splitSpellings(overrides: readonly string[], flags: Record<string, string>): [string[], string[]] {
  const isSpelling = (o: string) => Object.hasOwn(flags, o.replace(/^\+{1,2}/, "").split("=")[0]!);
  return [overrides.filter(isSpelling), overrides.filter((o) => !isSpelling(o))];
}

/** A boolean flag, given as `--flag` or as NeMo's `+key=true`. */
export const truthy = (value: unknown): boolean => value === true || value === "true";
