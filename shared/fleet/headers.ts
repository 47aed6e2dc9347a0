// Headers our own Workers add on the way to a model fleet.

/** The model server's session id, the key that keeps one rollout on one endpoint. */
export const SESSION_HEADER = "x-edge-gym-session";

/**
 * The environment (resources server instance) a model call belongs to, set by agents and passed on
 * to the fleet. vLLM ignores it; the emulator plays that environment's skill.
 */
export const ENVIRONMENT_HEADER = "x-edge-gym-environment";
