// Flag parsing shared by the commands: node's own parseArgs, with config overrides (`+a.b=v`,
// `++a.b=v`, `a.b=v`) taken from the positionals, and usage errors as one-line messages.
import { parseArgs } from "node:util";
import type { ParseArgsConfig } from "node:util";
import { closestName } from "../../shared/config/instances.ts";

export class UsageError extends Error {}

// node:util names the option it did not know in its message, and nothing else of use here.
const UNKNOWN_OPTION = /^Unknown option '(-{1,2}[^']+)'/;

/** Parses a command's flags; `help` is the command's usage line, quoted with a flag it does not know. */
export function parseCommand<O extends NonNullable<ParseArgsConfig["options"]>>(argv: string[], help: string, options: O) {
  try {
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    const overrides = positionals.filter((p) => p.includes("="));
    const stray = positionals.filter((p) => !p.includes("="));
    if (stray.length) throw new UsageError(`unexpected argument "${stray[0]}" (config overrides look like key.path=value)`);
    return { values, overrides };
  } catch (err) {
    if (err instanceof UsageError) throw err;
    const unknown = UNKNOWN_OPTION.exec((err as Error).message)?.[1];
    // Node's own messages may run over lines (an ambiguous "--seed -1"): one line, as every usage error.
    if (unknown === undefined) throw new UsageError((err as Error).message.replace(/\s*\n\s*/g, " "));
    const closest = closestName(unknown.replace(/^-+/, ""), Object.keys(options));
    const hint = closest === undefined ? "" : ` (did you mean --${closest}?)`;
    throw new UsageError(`unknown option ${unknown}${hint}; usage: edge-gym ${help.replace(/\s{2,}.*$/, "")}`);
  }
}

export function positiveInt(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag} expects a positive integer, got "${value}"`);
  return n;
}

export function port(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new UsageError(`${flag} expects a port number (0 = any free port), got "${value}"`);
  return n;
}

const shellQuote = (arg: string) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, "'\\''")}'`);

/** `npx edge-gym ARGS` quoted for a shell: a command a message tells the user to run. */
export const commandLine = (args: readonly string[]) => ["npx", "edge-gym", ...args].map(shellQuote).join(" ");

export const HEAD_URL_DEFAULT = "http://127.0.0.1:11000";

export function number(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n)) throw new UsageError(`${flag} expects a number, got "${value}"`);
  return n;
}
