// Each Worker's entrypoint for the project's own Workers, exported as `Rpc` (RPC_ENTRYPOINT): every service
// binding the plan makes points at it (scripts/plan/plan.ts). `fetch` is the Worker's HTTP app, as
// through its default export; `post` answers a route over Workers RPC (rpc.ts).
import { WorkerEntrypoint } from "cloudflare:workers";
import { fromOwnWorker } from "./auth.ts";
import { answerRpc } from "./rpc.ts";
import type { RpcAnswer, RpcRequest } from "./rpc.ts";

export function rpcEntrypoint<E>(app: Parameters<typeof answerRpc>[0]) {
  return class Rpc extends WorkerEntrypoint<E> {
    constructor(ctx: ExecutionContext, env: E) {
      super(ctx, env);
      // Only a service binding reaches this entrypoint: its requests need no bearer token.
      fromOwnWorker(this.ctx);
    }

    override fetch(request: Request): Response | Promise<Response> {
      return app.fetch(request, this.env as never, this.ctx as never);
    }

    post(request: RpcRequest): Promise<RpcAnswer> {
      return answerRpc(app, request, this.env, this.ctx);
    }
  };
}
