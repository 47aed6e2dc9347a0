// multichallenge: multi-turn conversations whose last reply must remember what the user said
// earlier (an allergy, a corrected diet, the project's topic). The policy knows the example
// conversations: the right reply keeps every earlier fact; the wrong one forgets them (suggests
// peanut butter, treats a pescatarian as a vegetarian, answers without the topic). Other
// conversations are declined. Its judge reads the reply and the question out of the judge prompt
// (ours or NeMo's layout), decides the question from what the reply says, and answers [[YES]] or
// [[NO]] on the last line: the true answer, or the opposite on the wrong path.
import { lastUserText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

interface Conversation {
  /** Recognises the conversation by its user turns. */
  about: RegExp;
  right: string;
  wrong: string;
}

const CONVERSATIONS: readonly Conversation[] = [
  {
    about: /allergic to peanuts/i,
    right: "Of course, Alex! Since you're allergic to peanuts, try apple slices with sunflower seed butter, or a handful of peanut-free pretzels with hummus.",
    wrong: "How about celery sticks with peanut butter? It's a classic, filling snack with plenty of protein.",
  },
  {
    about: /eat fish, just not meat/i,
    right: "Since you're pescatarian, in Tokyo try fresh sushi at the Tsukiji Outer Market, a kaisendon seafood bowl, shrimp tempura and grilled unagi. Skip ramen with pork broth.",
    wrong: "As a vegetarian, you'll enjoy vegetable tempura, tofu dishes and shojin ryori temple cuisine anywhere in Japan.",
  },
  {
    about: /presentation about climate change/i,
    right: "Here's a structure for your climate change presentation introduction: 1) open with a hook, such as a striking temperature record; 2) say why it matters to your audience; 3) state your main message; 4) preview the sections that follow.",
    wrong: "Sure! Pick a bold title and a clean slide template, and keep your fonts consistent throughout.",
  },
];

function play({ turns, correct }: Situation): Action {
  const said = turns.filter((turn) => turn.role === "user").map((turn) => turn.content).join("\n");
  const conversation = CONVERSATIONS.find((c) => c.about.test(said));
  if (!conversation) return decline("I'm not sure how to help with that.");
  return say(correct ? conversation.right : conversation.wrong);
}

interface Check {
  asks: RegExp;
  /** Whether the reply makes the question's answer yes. */
  holds(reply: string, asked: RegExpExecArray): boolean;
}

const CHECKS: readonly Check[] = [
  { asks: /avoid suggesting peanuts/i, holds: (reply) => !/peanut butter|roasted peanuts|peanut snack/i.test(reply) },
  { asks: /address the user by their name \(([^)]+)\)/i, holds: (reply, asked) => reply.includes(asked[1]!) },
  { asks: /include fish\/seafood but exclude meat/i, holds: (reply) => /sushi|sashimi|seafood|fish|unagi|shrimp/i.test(reply) && !/\b(?:beef|chicken|yakitori|tonkatsu)\b/i.test(reply) },
  { asks: /remember the user is pescatarian/i, holds: (reply) => /pescatarian|eat fish/i.test(reply) && !/as a vegetarian/i.test(reply) },
  { asks: /specific to Tokyo/i, holds: (reply) => /Tokyo|Tsukiji|Shibuya|Asakusa|Ginza/.test(reply) },
  { asks: /presentation introduction/i, holds: (reply) => /introduction|hook|opening/i.test(reply) },
  { asks: /acknowledge the climate change topic/i, holds: (reply) => /climate/i.test(reply) },
];

const STOPWORDS = new Set(["the", "model", "response", "does", "did", "was", "were", "that", "this", "with", "user", "their", "from", "about", "have", "what", "which"]);
const words = (text: string) => new Set((text.toLowerCase().match(/[a-z][a-z'-]{3,}/g) ?? []).filter((w) => !STOPWORDS.has(w)));

/** A question no check knows: yes when the reply takes up at least two of its words. */
function overlaps(reply: string, question: string): boolean {
  const said = words(reply);
  return [...words(question)].filter((w) => said.has(w)).length >= 2;
}

const REPLY = /(?:MODEL'S FINAL RESPONSE:|=== The assistant's last reply ===)\n([\s\S]*?)\n+(?:EVALUATION QUESTION:|=== Question about the reply ===)\n([\s\S]*?)\n+(?:EXPECTED ANSWER:|The answer a good reply earns:)/;

function judgePlay({ turns, correct }: Situation): Action {
  const parts = REPLY.exec(lastUserText(turns));
  if (!parts) return say("I cannot find the reply and the question to grade in this prompt.\n[[NO]]");
  const [, reply = "", question = ""] = parts;
  const check = CHECKS.map((c) => ({ c, asked: c.asks.exec(question) })).find((found) => found.asked !== null);
  const truth = check ? check.c.holds(reply, check.asked!) : overlaps(reply, question);
  const says = correct ? truth : !truth;
  return say(`${says ? "The reply does what the question asks about." : "The reply does not do what the question asks about."}\n${says ? "[[YES]]" : "[[NO]]"}`);
}

export default { play, drawsEachReply: true, judge: { play: judgePlay } } satisfies Skill;
