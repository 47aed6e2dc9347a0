// The reply's last fenced python block (```python or ```py); without one, its last fenced block
// of any language; without any, no code ("").
const FENCED = /```([^\n`]*)\n([\s\S]*?)```/g;

export function extractCode(text: string): string {
  const blocks = [...text.matchAll(FENCED)].map((m) => ({ lang: m[1]!.trim().toLowerCase(), code: m[2]!.replace(/\n$/, "") }));
  const python = blocks.filter((b) => b.lang === "python" || b.lang === "py" || b.lang === "python3");
  return (python.at(-1) ?? blocks.at(-1))?.code ?? "";
}
