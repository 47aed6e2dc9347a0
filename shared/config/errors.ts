// One error type for every config problem. Checks collect what they find so a user fixes
// everything in one pass; the message is that list, one problem per line.
export class ConfigError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(problems.join("\n"));
    this.name = "ConfigError";
    this.problems = problems;
  }
}
