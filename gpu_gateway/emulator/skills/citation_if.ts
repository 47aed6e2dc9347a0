// citation_if: answer from the search results already in the conversation, citing the result
// whose text shares most words with the question in the form the system prompt shows with its
// placeholder ID (citation_xmpl), or citing nothing when the prompt forbids citations. Wrong path:
// the least related result is cited instead (and, under a ban, cited anyway).
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";
import { systemText } from "../policy/conversation.ts";

interface Evidence {
  id: string;
  text: string;
}

const PLACEHOLDER = /(\S{0,40})citation_xmpl(\S{0,40})/;
const NO_CITATIONS = /do not include any citations/i;
const WORD = /[a-z0-9]{4,}/g;

const words = (text: string): Set<string> => new Set(text.toLowerCase().match(WORD) ?? []);

/** Every result of every search, snippets cited as citationId:snippetId. */
function evidence(situation: Situation): Evidence[] {
  const found: Evidence[] = [];
  for (const turn of situation.turns) {
    if (turn.role !== "tool") continue;
    let results: unknown;
    try {
      results = (JSON.parse(turn.content ?? "") as { results?: unknown }).results;
    } catch {
      continue;
    }
    if (!Array.isArray(results)) continue;
    for (const r of results as Array<{ citationId?: unknown; text?: unknown; snippets?: unknown }>) {
      if (typeof r?.citationId !== "string") continue;
      if (typeof r.text === "string") found.push({ id: r.citationId, text: r.text });
      if (Array.isArray(r.snippets))
        for (const s of r.snippets as Array<{ snippetId?: unknown; text?: unknown }>)
          if (typeof s?.snippetId === "string" && typeof s.text === "string") found.push({ id: `${r.citationId}:${s.snippetId}`, text: s.text });
    }
  }
  return found;
}

function play(situation: Situation): Action {
  const asked = words(situation.turns.filter((t) => t.role === "user").map((t) => t.content ?? "").join("\n"));
  const ranked = evidence(situation)
    .map((e) => ({ ...e, score: [...words(e.text)].filter((w) => asked.has(w)).length }))
    .sort((a, b) => b.score - a.score);
  if (ranked.length === 0) return decline("I found no sources to answer from.");
  const best = ranked[0]!;
  const cited = situation.correct ? best : ranked.at(-1)!;
  const system = systemText(situation.turns);
  if (NO_CITATIONS.test(system)) return say(situation.correct ? best.text : `${best.text} [${cited.id}]`);
  const shown = PLACEHOLDER.exec(system);
  if (!shown) return decline("I cannot tell how citations should be written.");
  const [, before, after] = shown as unknown as [string, string, string];
  const sentence = best.text.replace(/\.$/, "");
  // A claim wrap (<cite index="ID">claim</cite>) holds the sentence; other forms follow it.
  if (before.includes('index="')) return say(`<cite index="${cited.id}">${sentence}</cite>.`);
  return say(`${sentence} ${before}${cited.id}${after.replace(/\.$/, "")}.`);
}

// The rows carry the searches as earlier assistant turns, so each reply draws its own outcome.
export default { play, drawsEachReply: true } satisfies Skill;
