// The NeMo Gym config shape (SPEC "Config (NeMo Gym shape)"):
//   <instance_name>: {<server_type>: {<implementation>: {...fields}}}
// Implementation fields stay loose because each Worker validates its own; only the fields the
// launcher reads (host, port, and a resources server's domain) are typed here.
import { z } from "../zod.ts";

export const SERVER_TYPES = ["responses_api_agents", "resources_servers", "responses_api_models"] as const;
export const ServerType = z.enum(SERVER_TYPES);
export type ServerType = z.infer<typeof ServerType>;

/** `{type: resources_servers, name: <instance>}`: how one instance points at another. */
export const ServerRef = z.strictObject({ type: ServerType, name: z.string() });
export type ServerRef = z.infer<typeof ServerRef>;

export const ImplementationConfig = z.looseObject({
  host: z.string().optional(),
  port: z.int().min(0).max(65535).optional(),
});
export type ImplementationConfig = z.infer<typeof ImplementationConfig>;

export const ResourcesServerConfig = ImplementationConfig.safeExtend({ domain: z.string().optional() });
export type ResourcesServerConfig = z.infer<typeof ResourcesServerConfig>;

// Exactly one key: the implementation directory name.
const oneImplementation = <T extends z.ZodType>(fields: T) =>
  z.record(z.string(), fields).refine((impls) => Object.keys(impls).length === 1, {
    message: "expected exactly one implementation key",
  });

export const InstanceConfig = z.union([
  z.strictObject({ responses_api_agents: oneImplementation(ImplementationConfig) }),
  z.strictObject({ resources_servers: oneImplementation(ResourcesServerConfig) }),
  z.strictObject({ responses_api_models: oneImplementation(ImplementationConfig) }),
]);
export type InstanceConfig = z.infer<typeof InstanceConfig>;
