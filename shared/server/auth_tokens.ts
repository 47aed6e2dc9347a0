// The AUTH_TOKENS secret: comma-separated bearer tokens, each optionally prefixed `name:`. The name
// is how rate limits and logs refer to a caller, so a token never has to be shown; an unnamed token
// is called `token-<first 8 hex digits of its SHA-256>`. A `:` always ends the name, so an unnamed
// token cannot contain one; tokens sharing a name share a rate limit (e.g. old and new key while
// rotating). Error messages name an entry by position, never by its text.
import { z } from "../zod.ts";
import { sha256Hex } from "./sha256.ts";

export const MIN_TOKEN_LENGTH = 16;

const TokenName = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, "a token name is 1-64 letters, digits, '_', '.' or '-'");
const Token = z
  .string()
  .min(MIN_TOKEN_LENGTH, `a token must be at least ${MIN_TOKEN_LENGTH} characters`)
  .regex(/^[\x21-\x7e]+$/, "a token is printable ASCII without spaces");

export interface TokenEntry {
  /** Absent for an unnamed token: see `callerName`. */
  name?: string;
  token: string;
}

export class AuthTokensError extends Error {}

export function parseAuthTokens(value: string | undefined): TokenEntry[] {
  const entries = (value ?? "").split(",").map((e) => e.trim()).filter((e) => e !== "");
  if (entries.length === 0) throw new AuthTokensError("AUTH_TOKENS is empty: bearer auth needs at least one token");
  return entries.map((entry, i) => {
    const colon = entry.indexOf(":");
    const name = colon < 0 ? undefined : entry.slice(0, colon);
    const token = colon < 0 ? entry : entry.slice(colon + 1);
    const problem = (name === undefined ? undefined : TokenName.safeParse(name).error) ?? Token.safeParse(token).error;
    if (problem) throw new AuthTokensError(`AUTH_TOKENS entry ${i + 1}: ${problem.issues[0]!.message}`);
    return name === undefined ? { token } : { name, token };
  });
}

export async function callerName(entry: TokenEntry): Promise<string> {
  if (entry.name !== undefined) return entry.name;
  return `token-${(await sha256Hex(entry.token)).slice(0, 8)}`;
}

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export const bearerToken = (header: string | undefined): string | undefined => /^Bearer[ ]+(\S+)[ ]*$/i.exec(header ?? "")?.[1];
