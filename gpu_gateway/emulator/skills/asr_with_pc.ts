// asr_with_pc: "Transcribe the audio with proper punctuation and capitalization." The emulator cannot
// hear: the audio reaches it only as an <audio> mark. What it can go on is a printed line the prompt
// quotes as the script the clip was read from (`The line as printed: "..."`, the dictation rows):
// it transcribes the line as printed. Wrong path: the slip of a speech recogniser that ignores the
// punctuation-and-capitalisation half of the instruction, everything lower-cased with the marks
// dropped ("don't" "dont"): the normalised WER stays 0 while WER_PC rises, past the 0.5 bar on short
// or heavily punctuated lines and not on long plain ones. No printed line (NeMo Gym's rows carry
// only silence): it declines.
import { lastUserText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

const PRINTED = 'The line as printed: "';

/** The quoted line after the last `The line as printed: "`, up to the closing quote on its line. */
function printedLine(prompt: string): string | undefined {
  const start = prompt.lastIndexOf(PRINTED);
  if (start === -1) return undefined;
  const from = start + PRINTED.length;
  const lineEnd = prompt.indexOf("\n", from);
  const close = prompt.lastIndexOf('"', lineEnd === -1 ? prompt.length : lineEnd);
  return close > from ? prompt.slice(from, close) : undefined;
}

/** What a recogniser without punctuation and casing writes. */
const withoutPunctuationOrCase = (line: string) =>
  line
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, "")
    .split(/\s+/)
    .filter(Boolean)
    .join(" ");

function play({ turns, correct }: Situation): Action {
  const line = printedLine(lastUserText(turns));
  if (line === undefined) return decline("I can't make out any speech in this clip, so I have no transcript to give.");
  return say(correct ? line : withoutPunctuationOrCase(line));
}

export default { play } satisfies Skill;
