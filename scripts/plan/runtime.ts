// What every Worker of the plan runs with, locally in Miniflare and deployed alike.
import { createHash } from "node:crypto";

export const COMPATIBILITY_DATE = "2026-08-01";
// enable_request_signal: a request's signal aborts when its caller cancels it (a deadline upstream),
// so the gateway frees that request's slot at once.
export const COMPATIBILITY_FLAGS = ["nodejs_compat", "enable_request_signal"];

/** Requests per minute per caller on a public Worker, unless its deploy settings say otherwise. */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 600;

/** A Workers Rate Limiting namespace id: a positive integer, the same on every deploy (and local run) of this Worker. */
export function rateLimitNamespaceId(worker: string): string {
  return String(createHash("sha256").update(worker).digest().readUInt32BE(0) % 900_000_000 + 100_000_000);
}
