// Bearer-token checks, in constant time: both sides are hashed first, so neither the length nor a
// matching prefix of the configured key shows in the timing.
import { HttpError } from "../shared/server/errors.ts";

const encoder = new TextEncoder();
const digest = (text: string) => crypto.subtle.digest("SHA-256", encoder.encode(text));

export async function requireBearer(header: string | undefined, key: string, realm: string): Promise<void> {
  const token = /^Bearer\s+(.+)$/i.exec(header ?? "")?.[1]?.trim();
  const [given, expected] = await Promise.all([digest(token ?? ""), digest(key)]);
  if (token && crypto.subtle.timingSafeEqual(given, expected)) return;
  throw new HttpError(401, "unauthorized", `${realm} needs "Authorization: Bearer <key>" with the configured key`);
}
