// vllm_model: the Responses API (and Chat Completions, Anthropic Messages) over a vLLM fleet,
// through its own gpu_gateway Worker.
import { VllmModelConfig } from "../../../shared/models/vllm/config.ts";
import { vllmServerDeclaration } from "../../../shared/models/vllm/declaration.ts";

export default vllmServerDeclaration(VllmModelConfig);
