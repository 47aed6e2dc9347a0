// structeval: a document in the format the prompt asks for ("Please output JSON code", ...),
// between the <|BEGIN_CODE|> tags. A CSV answer's header names the snake_case fields the
// requirements mention; the other formats hold one placeholder record, so they parse but rarely
// hold the expected paths. Wrong path: the document is cut short (for CSV, half the fields).
import { lastUserText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

const FORMAT = /Please output (JSON|YAML|TOML|XML|CSV) code/i;
const FIELD = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g;

const DOCUMENTS: Record<string, [right: string, cut: string]> = {
  json: ['{"record": {"note": "draft"}}', '{"record": {"note": "draft"'],
  yaml: ["record:\n  note: draft", "record: [draft"],
  toml: ['[record]\nnote = "draft"', "[record\nnote ="],
  xml: ["<record><note>draft</note></record>", "<record><note>draft</record>"],
};

function csv(prompt: string, correct: boolean): string {
  const fields = [...new Set(prompt.match(FIELD) ?? ["note"])];
  const kept = correct ? fields : fields.slice(0, Math.ceil(fields.length / 2));
  return `${kept.join(",")}\n${kept.map(() => "x").join(",")}`;
}

function play({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  const format = FORMAT.exec(prompt)?.[1]?.toLowerCase();
  if (!format) return decline("I cannot tell which format to write.");
  const body = format === "csv" ? csv(prompt, correct) : DOCUMENTS[format]![correct ? 0 : 1];
  return say(`<|BEGIN_CODE|>\n${body}\n<|END_CODE|>`);
}

export default { play } satisfies Skill;
