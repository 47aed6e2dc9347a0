// wmt_translation: "Translate the following segment into <Language> ... \n\n<segment>". A small
// phrasebook gives the translation (a close but imperfect one when the draw is wrong, which chrF
// scores partly); a segment or language it does not know is declined.
import { lastUserText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

interface Entry {
  right: string;
  wrong: string;
}

const PHRASEBOOK: Record<string, Record<string, Entry>> = {
  "the weather is lovely today.": {
    german: { right: "Das Wetter ist heute schön.", wrong: "Heute ist das Wetter schön." },
    french: { right: "Il fait beau aujourd'hui.", wrong: "Le temps est beau aujourd'hui." },
  },
  "please pass the salt.": {
    spanish: { right: "Por favor, pásame la sal.", wrong: "Por favor, pasa la sal." },
    german: { right: "Bitte gib mir das Salz.", wrong: "Reich mir bitte das Salz." },
  },
  "i would like a cup of coffee.": {
    french: { right: "Je voudrais une tasse de café.", wrong: "J'aimerais un café." },
    italian: { right: "Vorrei una tazza di caffè.", wrong: "Voglio un caffè." },
  },
  "the train arrives at nine.": {
    italian: { right: "Il treno arriva alle nove.", wrong: "Il treno arriva a nove ore." },
    german: { right: "Der Zug kommt um neun an.", wrong: "Der Zug kommt um neun Uhr." },
  },
  "good morning, how are you?": {
    japanese: { right: "おはようございます、お元気ですか？", wrong: "おはようございます、調子はどうですか？" },
    spanish: { right: "Buenos días, ¿cómo estás?", wrong: "Buen día, ¿qué tal?" },
  },
};

const INTO = "segment into ";

function play({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  const at = prompt.indexOf(INTO);
  const gap = prompt.lastIndexOf("\n\n");
  if (at < 0 || gap < at) return decline("I can't tell what to translate into which language.");
  const rest = prompt.slice(at + INTO.length, gap);
  const language = rest.slice(0, rest.search(/[,.]|$/)).trim().toLowerCase();
  const entry = PHRASEBOOK[prompt.slice(gap + 2).trim().toLowerCase()]?.[language];
  if (!entry) return decline(`I don't know how to translate that into ${language || "that language"}.`);
  return say(correct ? entry.right : entry.wrong);
}

export default { play } satisfies Skill;
