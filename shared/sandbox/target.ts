// Where a resources server's sandbox calls go. `sandbox_url: sandbox://cloudflare` names the
// deployment's Cloudflare provider (workers/sandboxes/cloudflare_sandbox), reached through the
// service binding the plan gives every instance whose config names it; any other URL is called
// as it stands (the local stack has already put the local sandbox's address in place of
// `sandbox://local`).
import type { FetcherLike } from "../client/call.ts";
import { HttpError } from "../server/errors.ts";
import type { Sandbox, SandboxSettings } from "./client.ts";

/** The sandbox URL that selects the Cloudflare provider: deployed stacks only. */
export const CLOUDFLARE_SANDBOX_URL = "sandbox://cloudflare";
/** The service binding through which an instance reaches the Cloudflare provider. */
export const SANDBOX_BINDING = "SANDBOX";
/** The secret a local stack gives the Workers that name its sandbox, which requires it (scripts/stack/up.ts). */
export const SANDBOX_TOKEN_BINDING = "SANDBOX_TOKEN";

export function sandboxOf(settings: SandboxSettings, env: object): Sandbox {
  if (settings.sandbox_url !== CLOUDFLARE_SANDBOX_URL) {
    const token = (env as Record<string, unknown>)[SANDBOX_TOKEN_BINDING];
    return typeof token === "string" ? { settings, token } : { settings };
  }
  const fetcher = (env as Record<string, unknown>)[SANDBOX_BINDING] as FetcherLike | undefined;
  // The plan binds it wherever the config names the provider: missing, the deployment is broken, not the code.
  if (typeof fetcher?.fetch !== "function") throw new HttpError(500, "misconfigured", `sandbox_url is ${CLOUDFLARE_SANDBOX_URL} but this Worker has no ${SANDBOX_BINDING} service binding`);
  return { settings, fetcher };
}
