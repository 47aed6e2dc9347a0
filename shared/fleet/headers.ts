// Headers our own Workers add on the way to a model fleet.

/** The model server's session id, the key that keeps one rollout on one endpoint. */
export const SESSION_HEADER = "x-edge-gym-session";

/**
 * The environment a model call belongs to, set by agents and passed on to the fleet: the resources
 * server's implementation (`mcqa`, whether the config names the instance `mcqa` or
 * `mcqa_resources_server`). vLLM ignores it; the emulator plays that environment's skill.
 */
export const ENVIRONMENT_HEADER = "x-edge-gym-environment";

/** What a judge call names in ENVIRONMENT_HEADER: its environment with this suffix (`simpleqa#judge`). */
export const JUDGE_SUFFIX = "#judge";
