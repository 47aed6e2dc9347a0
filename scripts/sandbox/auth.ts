// Who may use the local sandbox. Every user of a machine can reach its loopback port, so given a
// token (the stack always gives one, made per run, and only its Workers hold it) the sandbox
// serves only callers that send `Authorization: Bearer <token>`. Compared in constant time: the
// SHA-256 digests of both sides through timingSafeEqual, so neither the token's length nor a
// matching prefix shows in the timing.
import { createHash, timingSafeEqual } from "node:crypto";
import { MIN_TOKEN_LENGTH, bearerToken } from "../../shared/server/auth_tokens.ts";

/** The variable the sandbox reads its token from (main.ts): never its arguments, which any user can read. */
export const SANDBOX_TOKEN_ENV = "EDGE_GYM_SANDBOX_TOKEN";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Whether an Authorization header lets its request in: always, without a token. */
export function bearerCheck(token: string | undefined): (authorization: string | undefined) => boolean {
  if (token === undefined) return () => true;
  if (token.length < MIN_TOKEN_LENGTH) throw new Error(`the sandbox's token must be at least ${MIN_TOKEN_LENGTH} characters`);
  const expected = digest(token);
  return (authorization) => timingSafeEqual(digest(bearerToken(authorization) ?? ""), expected);
}
