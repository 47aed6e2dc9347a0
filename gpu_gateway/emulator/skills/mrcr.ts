// mrcr: "repeat the 2nd haiku about mountains ... Start your response with 'xyz789'": among the
// earlier assistant replies, those answering the requests that share the most words with the
// subject, take the one of that ordinal and repeat it behind the prefix. Wrong path: another of those replies (or the nearest
// other reply) is repeated instead.
import { lastUserText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

const REQUEST = /repeat the (\d+)(?:st|nd|rd|th) ([^.]{1,200})/i;
const PREFIX = /start your response with '([^'\n]{1,80})'/i;
const FILLER = new Set(["the", "and", "you", "about", "exactly", "please", "reproduce", "start", "your", "response", "with", "that", "wrote", "write"]);

const words = (text: string) => (text.toLowerCase().match(/[a-z]{3,}/g) ?? []).filter((w) => !FILLER.has(w)).map((w) => w.replace(/s$/, ""));

function play({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  const request = REQUEST.exec(prompt);
  const prefix = PREFIX.exec(prompt);
  if (!request || !prefix) return decline("I cannot tell which earlier reply to repeat.");
  const subject = new Set(words(request[2]!));
  const shared = (text: string) => new Set(words(text).filter((w) => subject.has(w))).size;
  const answered = turns.flatMap((turn, i) => (turn.role === "assistant" && turns[i - 1]?.role === "user" ? [{ reply: turn.content, score: shared(turns[i - 1]!.content) }] : []));
  const best = Math.max(0, ...answered.map((a) => a.score));
  const replies = best > 0 ? answered.filter((a) => a.score === best).map((a) => a.reply) : [];
  const index = Number(request[1]) - 1;
  const others = turns.filter((t) => t.role === "assistant" && t.content !== replies[index]).map((t) => t.content);
  const chosen = correct ? replies[index] : (replies.find((_, i) => i !== index) ?? others[0]);
  if (chosen === undefined) return decline("I cannot find the earlier reply to repeat.");
  return say(`${prefix[1]}${chosen}`);
}

export default { play, drawsEachReply: true } satisfies Skill;
