// instruction_following: IFEval-style constraints written out in the prompt. Each constraint the
// prompt states is read, and the reply is drafted to follow all of them. Wrong path: every
// constraint read is broken (a missing title, a comma, one sentence too few, capitals, one bullet
// too many, ...), so the reply fails in both binary and fraction grading.
import { lastUserText } from "../policy/conversation.ts";
import { say, type Action, type Situation, type Skill } from "../policy/types.ts";

interface Draft {
  title?: string;
  sentences: string[];
  /** Sentences joined into one (breaking a sentence count). */
  runOn: boolean;
  sections?: { splitter: string; count: number };
  bullets: string[];
  postscript?: string;
  ending?: string;
  lowercase: boolean;
  json: boolean;
}

/** One kind of constraint: how the prompt states it, and what it does to the draft. */
interface Constraint {
  pattern: RegExp;
  shape(draft: Draft, match: RegExpExecArray, correct: boolean): void;
}

const quotedWords = (list: string) => [...list.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
const CAPITAL_WORDS = ["KEEP", "THIS", "IN", "MIND", "EVERY", "SINGLE", "TIME"];

const CONSTRAINTS: Constraint[] = [
  {
    pattern: /wrapped in double angular brackets/,
    shape: (draft, _m, correct) => void (correct && (draft.title = "A Short Answer")),
  },
  {
    pattern: /refrain from the use of any commas/,
    shape: (draft, _m, correct) => void (correct || draft.sentences.push("First, here is a pause.")),
  },
  {
    pattern: /contain at least (\d+) sentences/,
    shape(draft, m, correct) {
      while (draft.sentences.length < Number(m[1])) draft.sentences.push("There is more to say about it.");
      draft.runOn = !correct;
    },
  },
  {
    pattern: /in all lowercase letters/,
    shape: (draft, _m, correct) => void (draft.lowercase = correct),
  },
  {
    pattern: /Include keywords \[([^\]]*)\]/,
    shape: (draft, m, correct) => void (correct && draft.sentences.push(`It brings up ${quotedWords(m[1]!).join(" and ")}.`)),
  },
  {
    pattern: /Do not include keywords \[([^\]]*)\]/,
    shape: (draft, m, correct) => void (correct || draft.sentences.push(`It feels ${quotedWords(m[1]!)[0]}.`)),
  },
  {
    pattern: /exactly (\d+) bullet points/,
    shape(draft, m, correct) {
      const count = Number(m[1]) + (correct ? 0 : 1);
      draft.bullets = Array.from({ length: count }, (_, i) => `Point number ${i + 1} of the list.`);
    },
  },
  {
    pattern: /Highlight at least (\d+) sections/,
    shape(draft, m, correct) {
      if (!correct) return;
      const marks = Array.from({ length: Number(m[1]) }, (_, i) => `*key idea ${i + 1}*`);
      draft.sentences.push(`Remember ${marks.join(" and ")}.`);
    },
  },
  {
    pattern: /postscript starting with (P\.P\.S|P\.S\.)/,
    shape: (draft, m, correct) => void (correct && (draft.postscript = `${m[1]} Thanks for asking.`)),
  },
  {
    pattern: /wrapped in JSON format/,
    shape: (draft, _m, correct) => void (draft.json = correct),
  },
  {
    pattern: /the word (\w+) should appear at least (\d+) times/,
    shape(draft, m, correct) {
      if (correct) draft.sentences.push(`Think of ${Array.from({ length: Number(m[2]) }, () => m[1]).join(" and ")}.`);
    },
  },
  {
    pattern: /must have (\d+) sections\. Mark the beginning of each section with (\w+) X/,
    shape: (draft, m, correct) => void (draft.sections = { splitter: m[2]!, count: correct ? Number(m[1]) : 1 }),
  },
  {
    pattern: /words with all capital letters should appear at least (\d+) times/,
    shape: (draft, m, correct) => void (correct && draft.sentences.push(`Please ${CAPITAL_WORDS.slice(0, Number(m[1])).join(" ")}.`)),
  },
  {
    pattern: /Finish your response with this exact phrase (.+?)\. No other words should follow this phrase/,
    shape: (draft, m, correct) => void (correct && (draft.ending = m[1])),
  },
];

function body(draft: Draft): string {
  const prose = draft.runOn ? `${draft.sentences.map((s) => s.replace(/\.$/, "")).join(" and ")}.` : draft.sentences.join(" ");
  if (!draft.sections) return prose;
  const { splitter, count } = draft.sections;
  return Array.from({ length: count }, (_, i) => `${splitter} ${i + 1}\n${i === 0 ? prose : "The next steps follow the same idea."}`).join("\n\n");
}

function render(draft: Draft): string {
  const parts = [
    draft.title && `<<${draft.title}>>`,
    body(draft),
    draft.bullets.map((b) => `* ${b}`).join("\n"),
    draft.postscript,
    draft.ending,
  ].filter(Boolean);
  const text = parts.join("\n\n");
  const cased = draft.lowercase ? text.toLowerCase() : text;
  return draft.json ? JSON.stringify({ answer: cased }, null, 2) : cased;
}

const stated = (prompt: string) => CONSTRAINTS.flatMap((c) => {
  const match = c.pattern.exec(prompt);
  return match ? [{ constraint: c, match }] : [];
});

function play({ turns, correct }: Situation): Action {
  const draft: Draft = {
    sentences: ["Here is my answer to your request.", "Every part of it keeps to the format you asked for."],
    runOn: false,
    bullets: [],
    lowercase: false,
    json: false,
  };
  for (const { constraint, match } of stated(lastUserText(turns))) constraint.shape(draft, match, correct);
  return say(render(draft));
}

export default { play } satisfies Skill;
