// ifbench: IFBench constraints written out in the prompt (IFBench's own phrasing, or close to it).
// The constraints this skill can read are counted ones (numbers, names, keywords, pronouns,
// conjunctions, words, repeats, stop words, punctuation, sentence types, a word in the n-th
// sentence, a verb first); it drafts a reply of short sentences built from words that are not
// stop words and never repeat, then shapes it for each constraint. Wrong path: every other
// constraint read is broken (the first, third, ...), so fraction rewards fall between 0 and 1.
// A prompt with none of these constraints is declined.
import { lastUserText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

interface Draft {
  first?: string;
  sentences: string[];
  /** Words to pad the reply to at least this many. */
  minWords?: number;
  /** Pad with one word repeated past the limit (a broken repeat constraint). */
  overRepeat?: number;
  stopHeavy: boolean;
  balance?: boolean;
  keyword?: { word: string; sentence: number };
}

interface Constraint {
  pattern: RegExp;
  shape(draft: Draft, match: RegExpExecArray, keep: boolean): void;
}

const NAMES = ["Emma", "Liam", "Sophia", "Jackson", "Olivia", "Noah", "Ava", "Lucas", "Isabella", "Mason"];
const PRONOUNS = ["I", "you", "we", "they", "she", "he", "it", "them", "us", "me"];
const CONJUNCTIONS = ["and", "but", "or", "yet", "so", "nor", "for"];
// Distinct words that are neither stop words, names, keywords nor numbers.
const PAD = (
  "bright trail boots lantern snacks compass jacket maps torch gloves scarf blanket whistle sunscreen hat rope knife " +
  "matches tarp socks bandage flask apple berries granola camera notebook pencil radio batteries poncho"
).split(" ");
const TIMES = [1, 2, 3, 5, 7];

const CONSTRAINTS: Constraint[] = [
  {
    pattern: /(?:start with|[Oo]pen your reply with) a verb/,
    shape: (draft, _m, keep) => void (draft.first = keep ? "Consider" : "Perhaps"),
  },
  {
    pattern: /exactly (\d+) numbers/,
    shape: (draft, m, keep) => void draft.sentences.push(`Figures ${Array.from({ length: Number(m[1]) + (keep ? 0 : 1) }, (_, i) => i + 1).join(" ")}.`),
  },
  {
    pattern: /at least (\d+) different person names/,
    shape: (draft, m, keep) => void draft.sentences.push(`Guests ${NAMES.slice(0, Math.max(0, Number(m[1]) - (keep ? 0 : 1))).join(" ")} arrive.`),
  },
  {
    pattern: /keyword (\S{1,60}) once in your response, keyword (\S{1,60}) twice in your response, keyword (\S{1,60}) three times in your response, keyword (\S{1,60}) five times in your response, and keyword (\S{1,60}) seven times/,
    shape(draft, m, keep) {
      const words = TIMES.flatMap((times, i) => Array.from({ length: times + (keep || i > 0 ? 0 : 1) }, () => m[i + 1]!));
      draft.sentences.push(`Listed ${words.join(" ")}.`);
    },
  },
  {
    pattern: /"([^"\n]{1,40})" (?:must appear )?in the (\d+)-th sentence/,
    shape: (draft, m, keep) => void (draft.keyword = { word: m[1]!, sentence: Number(m[2]) + (keep ? 0 : 1) }),
  },
  {
    pattern: /include at least (\d+) pronouns/,
    shape: (draft, m, keep) => void draft.sentences.push(`Notice ${PRONOUNS.slice(0, Math.max(0, Number(m[1]) - (keep ? 0 : 1))).join(" ")}.`),
  },
  {
    pattern: /at least (\d+) different coordinating conjunctions/,
    shape: (draft, m, keep) => void draft.sentences.push(`Rain ${CONJUNCTIONS.slice(0, Math.max(0, Number(m[1]) - (keep ? 0 : 1))).join(" ")} sun.`),
  },
  {
    pattern: /between (\d+) and (\d+) words/,
    shape(draft, m, keep) {
      // Wrong: no padding, so the reply stays short of the minimum.
      if (keep) draft.minWords = Number(m[1]);
    },
  },
  {
    pattern: /not repeat any word more than (\d+) times/,
    shape: (draft, m, keep) => void (keep || (draft.overRepeat = Number(m[1]) + 1)),
  },
  {
    pattern: /stop words constitute no more than (\d+)%/,
    shape: (draft, _m, keep) => void (draft.stopHeavy = !keep),
  },
  {
    pattern: /interrobang/,
    shape: (draft, _m, keep) => void (keep && draft.sentences.push("Really?! Yes; truly: fine, done! Sure?")),
  },
  {
    pattern: /ratio of sentence types[^.]{0,80}balanced|as many statements as questions as exclamations/,
    shape: (draft, _m, keep) => void (draft.balance = keep),
  },
];

const wordCount = (sentences: readonly string[]) => sentences.join(" ").match(/[\p{L}\p{N}_]+/gu)?.length ?? 0;

function render(draft: Draft): string {
  const sentences = [...draft.sentences];
  if (draft.stopHeavy) sentences.push("It is what it is, and so it was to the end of it all.");
  if (draft.overRepeat) sentences.push(`Echo ${Array.from({ length: draft.overRepeat }, () => "echo").join(" ")}.`);
  if (draft.keyword) {
    while (sentences.length < draft.keyword.sentence) sentences.push(`${PAD[sentences.length % PAD.length]} helps.`);
    const at = draft.keyword.sentence - 1;
    sentences[at] = sentences[at]!.replace(/[.?!]+$/, ` ${draft.keyword.word}.`);
  }
  if (draft.balance !== undefined) {
    const count = (end: string) => sentences.filter((s) => s.endsWith(end)).length;
    const target = Math.max(count("."), count("?"), count("!"));
    for (let i = count("?"); i < target; i++) sentences.push("Ready?");
    for (let i = count("!"); i < target; i++) sentences.push("Wonderful!");
    if (!draft.balance) sentences.push("Done.");
  }
  let pad = 0;
  while (draft.minWords !== undefined && wordCount(sentences) < draft.minWords && pad < PAD.length) sentences.push(`${PAD[pad++]}.`);
  if (draft.first) sentences[0] = `${draft.first} ${sentences[0]!.charAt(0).toLowerCase()}${sentences[0]!.slice(1)}`;
  return sentences.join(" ");
}

function play({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  const stated = CONSTRAINTS.flatMap((c) => {
    const match = c.pattern.exec(prompt);
    return match ? [{ constraint: c, match }] : [];
  });
  if (stated.length === 0) return decline("I cannot tell which constraints this reply has to meet.");
  const draft: Draft = { sentences: ["Notes follow."], stopHeavy: false };
  for (const [i, { constraint, match }] of stated.entries()) constraint.shape(draft, match, correct || i % 2 === 1);
  return say(render(draft));
}

export default { play } satisfies Skill;
