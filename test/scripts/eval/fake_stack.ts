// A head and one resources server on one loopback port, for reverify and aggregate without a stack.
// /verify scores a row 1 when its stored response's text equals the row's `expected`, answers
// `judge_failed` (no reward) for a row marked `judge: "down"`, and records every body it gets.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { stringify } from "yaml";

export interface FakeStack {
  url: string;
  verified: Record<string, any>[];
  aggregated: Record<string, any>[];
  modelCalls: number;
  close(): Promise<void>;
}

const text = (response: any): string => response?.output?.[0]?.content?.[0]?.text ?? "";

export async function startFakeStack(options: { reverifyMode?: string } = {}): Promise<FakeStack> {
  const stack: Omit<FakeStack, "url" | "close"> = { verified: [], aggregated: [], modelCalls: 0 };
  const server = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const send = (status: number, value: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(value));
    };
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (req.url === "/server_instances") {
      return send(200, [
        { name: "math_agent", server_type: "responses_api_agents", implementation: "simple_agent", url },
        { name: "math", server_type: "resources_servers", implementation: "math_with_judge", url },
      ]);
    }
    if (req.url === "/global_config_dict_yaml") return send(200, stringify({ math_agent: { responses_api_agents: { simple_agent: { resources_server: { type: "resources_servers", name: "math" } } } } }));
    if (req.url === "/reverify_mode") return options.reverifyMode ? send(200, options.reverifyMode) : send(404, { error: { type: "not_found", message: "no such route" } });
    if (req.url === "/verify") {
      const row = JSON.parse(body);
      stack.verified.push(row);
      if (row.judge === "down") return send(200, { ...row, _ng_failure_class: "judge_failed", error: { type: "judge_failed", message: "the judge did not answer" } });
      return send(200, { ...row, reward: text(row.response) === row.expected ? 1 : 0 });
    }
    if (req.url === "/aggregate_metrics") {
      const { verify_responses } = JSON.parse(body);
      stack.aggregated.push(...verify_responses);
      const mean = verify_responses.reduce((s: number, r: any) => s + r.reward, 0) / verify_responses.length;
      return send(200, { agent_metrics: { "mean/reward": mean, rollouts: verify_responses.length }, key_metrics: { "mean/reward": mean }, group_level_metrics: [] });
    }
    if (req.url === "/v1/responses") stack.modelCalls++;
    send(404, { error: { type: "not_found", message: req.url } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    ...stack,
    get verified() {
      return stack.verified;
    },
    get aggregated() {
      return stack.aggregated;
    },
    get modelCalls() {
      return stack.modelCalls;
    },
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A stored response whose text is `answer`. */
export const response = (answer: string) => ({ id: `resp-${answer}`, object: "response", output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text: answer }] }], usage: { input_tokens: 5, output_tokens: 1 } });
