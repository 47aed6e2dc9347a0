// genrm_model: a vllm_model with GenRM's chat template roles, through its own gpu_gateway Worker.
import { vllmServerDeclaration } from "../../../shared/models/vllm/declaration.ts";
import { GenrmModelConfig } from "./config.ts";

export default vllmServerDeclaration(GenrmModelConfig);
