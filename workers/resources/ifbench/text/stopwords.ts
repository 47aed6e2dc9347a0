// IFBench's word counts: NLTK's RegexpTokenizer(r"\w+") tokens (Python's \w: letters, digits of
// every kind and "_", not combining marks) and NLTK's English stopword list. Newer NLTK releases
// add contractions ("i'm", "they've") to the list; a \w+ token never holds an apostrophe, so those
// can never match and are left out.
const WORD = /[\p{L}\p{N}_]+/gu;

export const STOPWORDS: ReadonlySet<string> = new Set(
  ("i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it " +
    "its itself they them their theirs themselves what which who whom this that these those am is are was were be been " +
    "being have has had having do does did doing a an the and but if or because as until while of at by for with about " +
    "against between into through during before after above below to from up down in out on off over under again further " +
    "then once here there when where why how all any both each few more most other some such no nor not only own same so " +
    "than too very s t can will just don should now d ll m o re ve y ain aren couldn didn doesn hadn hasn haven isn ma " +
    "mightn mustn needn shan shouldn wasn weren won wouldn").split(" "),
);

/** The \w+ tokens, in order, one at a time (a check can stop early). */
export function* wordTokens(text: string): Generator<string> {
  for (const [word] of text.matchAll(WORD)) yield word;
}
