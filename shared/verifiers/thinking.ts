// An answer without its reasoning, as NeMo Gym's judge servers read it: every `<think>...</think>`
// and `<thinking>...</thinking>` block removed, then everything up to a closing tag left unpaired
// (its opening tag was in the prompt), trimmed. In one pass over the text: the model writes it, and
// a regex scan from every unclosed `<think>` would take quadratic time.

function withoutBlocks(text: string, open: string, close: string): string {
  let kept = "";
  let from = 0;
  for (;;) {
    const start = text.indexOf(open, from);
    // No later opening tag can close when this one does not.
    const end = start === -1 ? -1 : text.indexOf(close, start + open.length);
    if (end === -1) return kept + text.slice(from);
    kept += text.slice(from, start);
    from = end + close.length;
  }
}

const afterFirst = (text: string, close: string) => {
  const at = text.indexOf(close);
  return at === -1 ? text : text.slice(at + close.length);
};

export function withoutThinking(text: string): string {
  const blocks = withoutBlocks(withoutBlocks(text, "<think>", "</think>"), "<thinking>", "</thinking>");
  return afterFirst(afterFirst(blocks, "</think>"), "</thinking>").trim();
}
