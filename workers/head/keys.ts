// The KV keys the head reads and the CLI / deploy writes.
export const GLOBAL_CONFIG_KEY = "global_config";
export const SERVER_INSTANCES_KEY = "server_instances";
