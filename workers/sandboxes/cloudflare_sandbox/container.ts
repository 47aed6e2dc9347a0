// One container of the provider: a Durable Object running the image of this folder's Dockerfile,
// which serves the local provider's own server (scripts/sandbox), so code runs deployed exactly
// as it runs locally. Settings only: starting, proxying and sleeping are the library's.
import { Container } from "@cloudflare/containers";
import { SESSION_IDLE_TTL_DEFAULT_S } from "../../../shared/sandbox/schema.ts";
import { SANDBOX_PORT } from "./pool.ts";

export class SandboxContainer extends Container {
  override defaultPort = SANDBOX_PORT;
  // Readiness is the server's own health route, not just an open port.
  override pingEndpoint = "container/health";
  // Every run is in its own empty network namespace anyway; the container itself needs no network.
  override enableInternet = false;
  // Idle this long, the container sleeps and stops costing: a session idle longer ends with it.
  override sleepAfter = SESSION_IDLE_TTL_DEFAULT_S;
}
