// GenRM's chat template roles for pairwise comparison. After the conversation come the principle
// (when the template has that role), then the two candidate responses. A caller gives them as
// messages in those roles at the end of its input, or as NeMo Gym's genrm_compare does, in
// metadata (`principle`, `response_1`, `response_2`), which stays on this server.
import { GENRM_ROLES } from "../../../shared/schemas/chat.ts";
import type { TemplateMessage } from "../../../shared/models/vllm/template_roles.ts";
import { invalidRequest } from "../../../shared/server/errors.ts";
import type { GenrmModelConfig } from "./config.ts";

const ROLES = GENRM_ROLES;

export function genrmRoles(config: GenrmModelConfig): readonly string[] {
  return config.supports_principle_role ? ROLES : ROLES.filter((role) => role !== "principle");
}

/** The metadata's template messages, in the template's order. */
export function metadataMessages(metadata: Record<string, string> | null | undefined, given: readonly TemplateMessage[], config: GenrmModelConfig): TemplateMessage[] {
  // As the reference: an empty principle is none, and a template without the role drops it.
  const present = (role: string) => metadata?.[role] !== undefined && (role !== "principle" || (config.supports_principle_role && metadata[role] !== ""));
  const messages = ROLES.filter(present).map((role) => ({ role, content: metadata![role]! }));
  const twice = messages.filter((m) => given.some((g) => g.role === m.role));
  if (twice.length > 0) throw invalidRequest(twice.map((m) => ({ path: `metadata.${m.role}`, message: `the request also has a ${m.role} message: give each once` })));
  return messages;
}
