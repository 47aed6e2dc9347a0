// vllm_model: the model server on a vLLM fleet (shared/models/vllm/server.ts), with OpenAI's roles only.
import { VllmModelConfig } from "../../../shared/models/vllm/config.ts";
import { vllmServer } from "../../../shared/models/vllm/server.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

const server = vllmServer({ config: VllmModelConfig });

export default server;
export const Rpc = rpcEntrypoint(server);
