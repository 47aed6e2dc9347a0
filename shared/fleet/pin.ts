// Stickiness without a session table: the endpoint a session was placed on travels with the
// session itself. The gateway names it in its answer (PIN_HEADER, a short key of the endpoint's
// URL, so no fleet address reaches a client); vllm_model keeps it in a cookie beside its session
// cookie and sends it back on every later turn, and the router places that turn there. So the
// router keeps no row per session: its state is bounded by the fleet, not by sessions started.
// A pin is only a routing hint: one that names no endpoint of the fleet is a new placement.

export const PIN_HEADER = "x-edge-gym-endpoint";
export const PIN_COOKIE = "edge_gym_endpoint";

/** FNV-1a of the URL, 8 hex digits: stable across isolates and restarts, and opaque. */
export function endpointKey(url: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < url.length; i++) hash = Math.imul(hash ^ url.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, "0");
}
