// The rollout viewer's API: the head serves it over its monitor (every rollout its agents ran) and
// `edge-gym view` over a rollouts file, so one page (viewer_page.ts) reads either.
//   GET {base}/api/rollouts?environment=&agent=&status=&failure_class=&task=&min_reward=&max_reward=&limit=&cursor=
//   GET {base}/api/rollouts/:id
// `base` is /ui on both.
import { z } from "../zod.ts";
import { RolloutStatus, RolloutSummary } from "../rollouts/summary.ts";

export const UI_BASE = "/ui";
export const MAX_LIST_LIMIT = 500;

// Query parameters are strings: read as numbers only when they are written as one.
const finite = z.string().trim().refine((v) => v !== "" && Number.isFinite(Number(v)), "must be a number").transform(Number);
const limit = z.string().regex(/^\d{1,6}$/, "must be a whole number").transform(Number).pipe(z.number().int().min(1).max(MAX_LIST_LIMIT));

/** The list's filters; query parameters, so numbers come as strings. An unknown one is a 400. */
export const RolloutQuery = z.strictObject({
  environment: z.string().min(1).optional(),
  agent: z.string().min(1).optional(),
  status: RolloutStatus.optional(),
  failure_class: z.string().min(1).optional(),
  task: z.string().min(1).optional(),
  min_reward: finite.optional(),
  max_reward: finite.optional(),
  limit: limit.default(100),
  /** The `next` of the previous page. */
  cursor: z.string().min(1).max(200).optional(),
});
export type RolloutQuery = z.infer<typeof RolloutQuery>;

/** Newest first (a file: in file order); `next` fetches the page after, null at the end. */
export const RolloutList = z.object({
  rollouts: z.array(RolloutSummary),
  next: z.string().nullable(),
  /** Every value the filters can take here, for the page's menus. */
  facets: z.object({
    environments: z.array(z.string()),
    agents: z.array(z.string()),
    failure_classes: z.array(z.string()),
  }),
});
export type RolloutList = z.infer<typeof RolloutList>;

/** One rollout: its summary and, kept while within the store's bounds, the whole line as /run answered it. */
export const RolloutDetail = z.object({
  summary: RolloutSummary,
  /** The rollout (a result or a failure line); null while in flight or once its body was dropped. */
  rollout: z.record(z.string(), z.unknown()).nullable(),
  /** Why `rollout` is null, in words. */
  note: z.string().nullable(),
});
export type RolloutDetail = z.infer<typeof RolloutDetail>;
