// Bearer-token checks for the gateway's admin routes, in constant time (shared/server/constant_time.ts):
// neither the length nor a matching prefix of the configured key shows in the timing.
import { constantTimeEqual } from "../../shared/server/constant_time.ts";
import { HttpError } from "../../shared/server/errors.ts";

export async function requireBearer(header: string | undefined, key: string, realm: string): Promise<void> {
  const token = /^Bearer\s+(.+)$/i.exec(header ?? "")?.[1]?.trim();
  if (token && (await constantTimeEqual(token, key))) return;
  throw new HttpError(401, "unauthorized", `${realm} needs "Authorization: Bearer <key>" with the configured key`);
}
