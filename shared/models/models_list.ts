// GET /v1/models as OpenAI's API answers it, so a client that lists models first (the openai SDK's
// models.list(), eval harnesses) finds the one model this server serves: the name it sends upstream.
import type { Context, Env, Hono } from "hono";

export interface ModelList {
  object: "list";
  data: { id: string; object: "model"; created: number; owned_by: string }[];
}

export function addModelsRoute<E extends Env>(app: Hono<E>, served: (c: Context<E>) => string, ownedBy: string): void {
  app.get("/v1/models", (c) => {
    // As vLLM does: the model has no creation date of its own here, so the listing's time stands in.
    const list: ModelList = { object: "list", data: [{ id: served(c), object: "model", created: Math.floor(Date.now() / 1000), owned_by: ownedBy }] };
    return c.json(list);
  });
}
