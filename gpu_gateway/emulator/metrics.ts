// A few of vLLM's Prometheus metrics at GET /metrics, under vLLM's names: requests running and
// finished, and prefix-cache queries and hits in tokens. Enough for a fleet test or an operator to
// see which endpoint did what.
export class Metrics {
  running = 0;
  succeeded = 0;
  prefixQueries = 0;
  prefixHits = 0;

  render(model: string): string {
    const label = `{model_name=${JSON.stringify(model)}}`;
    const line = (name: string, type: "gauge" | "counter", value: number) => `# TYPE ${name} ${type}\n${name}${label} ${value}\n`;
    return (
      line("vllm:num_requests_running", "gauge", this.running) +
      line("vllm:request_success_total", "counter", this.succeeded) +
      line("vllm:prefix_cache_queries_total", "counter", this.prefixQueries) +
      line("vllm:prefix_cache_hits_total", "counter", this.prefixHits)
    );
  }
}
