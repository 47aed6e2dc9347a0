// Which endpoint serves a request, and the fallbacks in order. Round-robin for now; making it sticky
// per session (one rollout on one prefix cache) and aware of endpoint health belongs here.
let next = 0;

export function pickEndpoints(endpoints: readonly string[]): string[] {
  const start = next % endpoints.length;
  next = (start + 1) % endpoints.length;
  return [...endpoints.slice(start), ...endpoints.slice(0, start)];
}
