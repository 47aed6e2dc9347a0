// The citation grammars a row may ask for, each a template around the row's ID pattern. Group 1
// holds the cited ID(s) (comma-separated where the grammar takes several); claim_wrap_xml's group
// 2 holds the claim, and a wrap around an empty claim is no citation. Tag grammars also count
// their open and close tags, which must equal the citations found.
import { rowRegex } from "../../../shared/verifiers/row_regex.ts";

export interface Grammar {
  template: string;
  multi: boolean;
  claimWrap?: true;
  tags?: { open: RegExp; close: RegExp };
}

const CITE_TAGS = { open: /<cite\b/gi, close: /<\/cite\s*>/gi };

export const GRAMMARS: Record<string, Grammar> = {
  cite_xml: { template: "<cite>(IDS)</cite>", multi: true, tags: CITE_TAGS },
  // Not a markdown link: [citation_x](url).
  ascii_brackets: { template: "\\[(IDS)\\](?!\\()", multi: false },
  claim_wrap_xml: { template: '<cite index="(IDS)">', multi: true, claimWrap: true, tags: CITE_TAGS },
  // U+3010 and U+3011 exactly.
  fullwidth_brackets: { template: "【(IDS)】", multi: false },
  ref_colon: { template: "\\[ref:(IDS)\\]", multi: false },
  double_angle: { template: "<<(IDS)>>", multi: false },
  web_brackets: { template: "\\[web:(IDS)\\]", multi: false },
  paren_part: { template: "\\((IDS)\\)", multi: false },
  markdown_footnote: { template: "\\[\\^(IDS)\\]", multi: false },
  // Held out of training rows, but graded all the same.
  curly_double: { template: "\\{\\{(IDS)\\}\\}", multi: false },
  angle_pipe: { template: "<ref\\|(IDS)>", multi: false },
};

/** A citation span: where it lies, the IDs it cites, and (claim wraps) where its claim lies. */
export interface Span {
  start: number;
  end: number;
  ids: string[];
  claim?: [number, number];
}

const CLAIM_END = "</cite>";

/** The well-formed citation spans of `text`, left to right and not overlapping. */
export function citationSpans(grammar: Grammar, idPattern: string, text: string): Span[] {
  const id = `(?:${rowRegex(idPattern)!.source})`;
  const ids = grammar.multi ? `${id}(?:,${id})*` : id;
  const rx = new RegExp(grammar.template.replace("IDS", ids), "g");
  const spans: Span[] = [];
  for (let m = rx.exec(text); m !== null; m = rx.exec(text)) {
    const start = m.index;
    let end = start + m[0].length;
    if (m[0].length === 0) rx.lastIndex++;
    if (grammar.claimWrap) {
      // The claim runs lazily to the first close tag after the opening (across lines); with no
      // close tag left, no later opening can close either.
      const close = text.indexOf(CLAIM_END, end);
      if (close === -1) break;
      const claim: [number, number] = [end, close];
      end = close + CLAIM_END.length;
      rx.lastIndex = end;
      if (text.slice(claim[0], claim[1]).trim() === "") continue;
      spans.push({ start, end, ids: m[1]!.split(","), claim });
    } else {
      spans.push({ start, end, ids: m[1]!.split(",") });
    }
  }
  return spans;
}
