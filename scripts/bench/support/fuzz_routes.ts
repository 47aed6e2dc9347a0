// The routes `npm run bench fuzz` attacks, per Worker of the stack it starts, each with a valid
// body built from the environments' data/example.jsonl rows and the NeMo shapes: every case is a
// mutation of a request the server would accept, so a rejection is the mutation's doing.
import { readFileSync } from "node:fs";

export interface Route {
  worker: string;
  method: "GET" | "POST";
  path: string;
  /** The body a server accepts (POST only). */
  valid?: Record<string, unknown>;
}

/** The agents whose stacks cover every Worker kind: a tool server, an episode server, a cohort server. */
export const AGENTS = ["example_session_state_mgmt_simple_agent", "blackjack_gymnasium_agent", "genrm_simple_agent"];

const firstRow = (env: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../../../workers/resources/${env}/data/example.jsonl`, import.meta.url), "utf8").split("\n")[0]!);

// A complete Responses object, as an agent hands /verify and /step the model's answer.
const response = (text: string) => ({
  id: "resp_fuzz",
  object: "response",
  created_at: 0,
  model: "fuzz",
  status: "completed",
  output: [{ type: "message", id: "msg_fuzz", role: "assistant", status: "completed", content: [{ type: "output_text", text, annotations: [] }] }],
  parallel_tool_calls: false,
  tool_choice: "auto",
  tools: [],
});

const counter = firstRow("example_session_state_mgmt");
const blackjack = firstRow("blackjack");
const genrm = firstRow("genrm_compare");
const cohort = { conversation_history: [{ role: "user", content: "What is a hash table?" }], response_objs: [response("A map."), response("A keyed store.")] };
const aggregate = { verify_responses: [{ reward: 1, _ng_task_index: 0, _ng_rollout_index: 0 }, { reward: 0, _ng_task_index: 0, _ng_rollout_index: 1 }] };
const mcp = { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} };
const chat = { model: "fuzz", messages: [{ role: "user", content: "hi" }], max_tokens: 16 };
const messages = { model: "fuzz", max_tokens: 16, messages: [{ role: "user", content: "hi" }] };
const responses = { model: "fuzz", input: [{ role: "user", content: "hi" }], max_output_tokens: 16 };

const agentRoutes = (worker: string, row: Record<string, unknown>): Route[] => [
  { worker, method: "POST", path: "/run", valid: row },
  { worker, method: "POST", path: "/run_batch", valid: { rows: [row] } },
  { worker, method: "POST", path: "/aggregate_metrics", valid: aggregate },
  { worker, method: "POST", path: "/compare", valid: cohort },
  { worker, method: "GET", path: "/rollouts/fuzz-unknown" },
];

const modelRoutes = (worker: string): Route[] => [
  { worker, method: "POST", path: "/v1/responses", valid: responses },
  { worker, method: "POST", path: "/v1/chat/completions", valid: chat },
  { worker, method: "POST", path: "/v1/messages", valid: messages },
];

export const ROUTES: Route[] = [
  ...agentRoutes("example_session_state_mgmt_simple_agent", counter),
  ...agentRoutes("blackjack_gymnasium_agent", blackjack),
  ...agentRoutes("genrm_simple_agent", genrm),
  { worker: "example_session_state_mgmt", method: "POST", path: "/seed_session", valid: counter },
  { worker: "example_session_state_mgmt", method: "POST", path: "/verify", valid: { ...counter, response: response("15") } },
  { worker: "example_session_state_mgmt", method: "POST", path: "/increment_counter", valid: { count: 3 } },
  { worker: "example_session_state_mgmt", method: "POST", path: "/aggregate_metrics", valid: aggregate },
  { worker: "example_session_state_mgmt", method: "POST", path: "/close_session", valid: {} },
  { worker: "example_session_state_mgmt", method: "POST", path: "/mcp", valid: mcp },
  { worker: "blackjack", method: "POST", path: "/reset", valid: blackjack },
  { worker: "blackjack", method: "POST", path: "/step", valid: { ...blackjack, response: response("<action>stand</action>") } },
  { worker: "blackjack", method: "POST", path: "/close", valid: {} },
  { worker: "genrm_compare", method: "POST", path: "/compare", valid: cohort },
  { worker: "genrm_compare", method: "POST", path: "/verify", valid: { ...genrm, response: response("Rayleigh scattering.") } },
  ...modelRoutes("policy_model"),
  ...modelRoutes("genrm_model"),
  { worker: "policy_model_gpu_gateway", method: "POST", path: "/v1/chat/completions", valid: chat },
  { worker: "policy_model_gpu_gateway", method: "GET", path: "/admin/endpoints" },
  { worker: "head", method: "GET", path: "/server_instances" },
  { worker: "head", method: "GET", path: "/global_config_dict_yaml" },
];
