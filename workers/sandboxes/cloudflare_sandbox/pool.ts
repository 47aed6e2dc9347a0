// How the Cloudflare provider spreads code over containers. Plain data, shared by the declaration
// (read by the CLI in Node) and the Worker.

/** The Durable Object class whose objects each run one container, and the Worker's binding to it. */
export const CONTAINER_CLASS = "SandboxContainer";
export const CONTAINER_BINDING = "CONTAINERS";

/** Containers that take runs (`POST /run`), one picked at random per run. */
export const RUN_POOL_SIZE = 16;
/** Sessions open at once, each pinned to a container of its own, on top of the run pool. */
export const MAX_OPEN_SESSIONS = 48;

/** The port the image's server listens on (its CMD in the Dockerfile says the same). */
export const SANDBOX_PORT = 8080;

/** A run's container, by the pool slot it was given. */
export const runContainer = (slot: number) => `run-${slot}`;
/** A session's container: the session id names it, so every cell of a session reaches its interpreter. */
export const sessionContainer = (session: string) => `session-${session}`;
