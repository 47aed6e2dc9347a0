// NeMo Gym's ns_tools timing metrics of a rollout's tool calls, kept in the session between calls
// and summed at verify.
export interface ToolTimings {
  seconds: number;
  calls: number;
  /** Calls the sandbox stopped at the tool's time limit. */
  timeouts: number;
  /** Calls whose request to the sandbox failed (no result). */
  request_failures: number;
}

export const NO_TIMINGS: ToolTimings = { seconds: 0, calls: 0, timeouts: 0, request_failures: 0 };

export function add(timings: ToolTimings | undefined, seconds: number, outcome: "ran" | "timed_out" | "failed"): ToolTimings {
  const t = timings ?? NO_TIMINGS;
  return {
    seconds: t.seconds + seconds,
    calls: t.calls + 1,
    timeouts: t.timeouts + (outcome === "timed_out" ? 1 : 0),
    request_failures: t.request_failures + (outcome === "failed" ? 1 : 0),
  };
}

/** The verify response's fields, named as NeMo Gym names them. */
export function timingMetrics(t: ToolTimings) {
  return {
    total_tool_execution_time_seconds: t.seconds,
    num_tool_calls: t.calls,
    avg_tool_call_time_seconds: t.calls > 0 ? t.seconds / t.calls : 0,
    tool_timeout_count: t.timeouts,
    tool_request_timeout_count: t.request_failures,
  };
}
