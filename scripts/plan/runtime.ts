// What every Worker of the plan runs with, locally in Miniflare and deployed alike.

export const COMPATIBILITY_DATE = "2026-08-01";
// enable_request_signal: a request's signal aborts when its caller cancels it (a deadline upstream),
// so the gateway frees that request's slot at once.
export const COMPATIBILITY_FLAGS = ["nodejs_compat", "enable_request_signal"];

/** Requests per minute per caller on a public Worker, unless its deploy settings say otherwise. */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 600;
