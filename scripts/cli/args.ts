// Flag parsing shared by the commands: node's own parseArgs, with config overrides (`+a.b=v`,
// `++a.b=v`, `a.b=v`) taken from the positionals, and usage errors as one-line messages.
import { parseArgs } from "node:util";
import type { ParseArgsConfig } from "node:util";

export class UsageError extends Error {}

export function parseCommand<O extends NonNullable<ParseArgsConfig["options"]>>(argv: string[], options: O) {
  try {
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    const overrides = positionals.filter((p) => p.includes("="));
    const stray = positionals.filter((p) => !p.includes("="));
    if (stray.length) throw new UsageError(`unexpected argument "${stray[0]}" (config overrides look like key.path=value)`);
    return { values, overrides };
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError((err as Error).message);
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

export const HEAD_URL_DEFAULT = "http://127.0.0.1:11000";

export function number(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n)) throw new UsageError(`${flag} expects a number, got "${value}"`);
  return n;
}
