// A few of vLLM's Prometheus metrics at GET /metrics, under vLLM's names: requests running and
// finished, and prefix-cache queries and hits in tokens. Enough for a fleet test or an operator to
// see which endpoint did what. Besides them, the emulator's own: calls per environment, and how many
// its skill declined (eval reads them to tell "the emulator cannot solve this" from a verifier's 0).
export const ENVIRONMENT_CALLS = "edge_gym_emulator_environment_calls_total";

const MAX_ENVIRONMENTS = 256;

export class Metrics {
  running = 0;
  succeeded = 0;
  prefixQueries = 0;
  prefixHits = 0;
  /** Environment -> [calls, declined]. */
  readonly environments = new Map<string, [number, number]>();

  played(environment: string, declined: boolean): void {
    // Any caller names any environment: the names kept are bounded.
    if (!this.environments.has(environment) && this.environments.size >= MAX_ENVIRONMENTS) return;
    const counts = this.environments.get(environment) ?? [0, 0];
    counts[0]++;
    if (declined) counts[1]++;
    this.environments.set(environment, counts);
  }

  render(model: string): string {
    const label = `{model_name=${JSON.stringify(model)}}`;
    const line = (name: string, type: "gauge" | "counter", value: number) => `# TYPE ${name} ${type}\n${name}${label} ${value}\n`;
    return (
      line("vllm:num_requests_running", "gauge", this.running) +
      line("vllm:request_success_total", "counter", this.succeeded) +
      line("vllm:prefix_cache_queries_total", "counter", this.prefixQueries) +
      line("vllm:prefix_cache_hits_total", "counter", this.prefixHits) +
      `# TYPE ${ENVIRONMENT_CALLS} counter\n` +
      [...this.environments].map(([environment, [calls, declined]]) => {
        const at = (outcome: string) => `{environment=${JSON.stringify(environment)},outcome="${outcome}"}`;
        return `${ENVIRONMENT_CALLS}${at("played")} ${calls - declined}\n${ENVIRONMENT_CALLS}${at("declined")} ${declined}\n`;
      }).join("")
    );
  }
}
