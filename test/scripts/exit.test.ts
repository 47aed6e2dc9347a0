// Exiting must not drop output a parent has not read yet: a parent reading through a pipe, slowly,
// gets every line a command printed before it exited.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const EXIT = fileURLToPath(new URL("../../scripts/exit.ts", import.meta.url));
const LINES = 20_000; // ~1 MB: far more than a pipe holds, so most of it is still queued at exit

function childOutput(exit: string): Promise<{ lines: number; code: number | null }> {
  const source = `import { exitFlushed } from ${JSON.stringify(EXIT)};
for (let i = 0; i < ${LINES}; i++) console.log("line " + i + " " + "x".repeat(40));
${exit}`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", source], { stdio: ["ignore", "pipe", "inherit"] });
  // The parent reads nothing for a while, as a busy test runner might.
  child.stdout.pause();
  setTimeout(() => child.stdout.resume(), 300);
  let text = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
  return new Promise((resolve) => child.on("close", (code) => resolve({ lines: text.split("\n").filter(Boolean).length, code })));
}

test("exitFlushed delivers every line and the code; a bare process.exit loses lines", async () => {
  const flushed = await childOutput("await exitFlushed(3);");
  expect(flushed).toEqual({ lines: LINES, code: 3 });
  // The control: the same output ended by process.exit loses lines, so the first check can fail.
  const bare = await childOutput("process.exit(3);");
  expect(bare.code).toBe(3);
  expect(bare.lines).toBeLessThan(LINES);
});
