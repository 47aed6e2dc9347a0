// A row's COMET score from the configured model server: one (src, mt, ref) triple, the score it
// gives, or null when it cannot (the reference leaves comet_score None when its scorer fails).
import { z } from "../../../shared/zod.ts";

const Reply = z.object({ scores: z.array(z.number()).min(1) });

export async function cometScore(url: string, model: string, batchSize: number, triple: { src: string; mt: string; ref: string }): Promise<number | null> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model, batch_size: batchSize, data: [triple] }),
    });
    if (!response.ok) return null;
    const parsed = Reply.safeParse(await response.json());
    return parsed.success ? parsed.data.scores[0]! : null;
  } catch {
    return null;
  }
}
