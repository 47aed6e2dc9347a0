// competitive_coding_challenges with the real local sandbox: programs that look for the expected
// outputs (files, directories, environment), print a fake verdict, fork, sleep forever or print
// without end all score 0, within their time limit; the honest program scores 1, a wrong one 0,
// and an O(N^2) count passes the small subtask and runs out of time on the large one.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bringUp } from "../../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../../scripts/stack/up.ts";
import { readTestFile } from "../../../../workers/resources/competitive_coding_challenges/test_file.ts";

const INSTANCE = "competitive_coding_challenges_resources_server";
const DATA = "workers/resources/competitive_coding_challenges/data";

let running: RunningStack;
beforeAll(async () => {
  running = await bringUp({ headPort: 0, only: [INSTANCE] });
});
afterAll(async () => {
  await running?.stop();
});

const complete = readTestFile(readFileSync(`${DATA}/test_metadata.jsonl`, "utf8"));
const rows = readFileSync(`${DATA}/example.jsonl`, "utf8").trim().split("\n").map((line) => complete(JSON.parse(line)));
const [BRACKETS, , , INVERSIONS_SMALL, INVERSIONS] = rows as [Record<string, any>, unknown, unknown, Record<string, any>, Record<string, any>];

interface Graded {
  reward: number;
  details: { test_case_results: Record<string, { score: number; outputs: { run_stderr: string; run_time_s?: number; compile_success: boolean }[] }> };
}

async function grade(row: Record<string, unknown>, code: string): Promise<Graded> {
  const text = `My solution:\n\n\`\`\`cpp\n${code}\n\`\`\``;
  const response = { id: "r", output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] }] };
  const res = await fetch(`${running.stack.urls.get(INSTANCE)}/verify`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...row, response }) });
  expect(res.status).toBe(200);
  return (await res.json()) as Graded;
}
const outputs = (graded: Graded) => Object.values(graded.details.test_case_results).flatMap((s) => s.outputs);

const BRACKETS_RIGHT = `int main() {
  int t; cin >> t;
  while (t--) {
    string s, st; cin >> s; bool ok = true;
    for (char c : s) {
      if (c == '(' || c == '[' || c == '{') st.push_back(c);
      else { char w = c == ')' ? '(' : c == ']' ? '[' : '{'; if (st.empty() || st.back() != w) { ok = false; break; } st.pop_back(); }
    }
    cout << (ok && st.empty() ? "YES" : "NO") << "\\n";
  }
}`;

// Walks every readable file outside /proc, /sys and /usr, and the environment, for the sample's
// expected output; found, it prints it (a pass), else it exits 42 (a visible runtime error). The
// walk gets a longer time limit than the problem's.
const SNOOP = `#include <filesystem>
#include <fstream>
extern char** environ;
int main() {
  const string want = "YES\\nNO\\nNO\\nYES";
  for (char** e = environ; *e; e++) if (string(*e).find("YES") != string::npos) { cout << *e; return 0; }
  for (const char* f : {"correct_output.txt", "output.txt", "expected.txt", "../correct_output.txt", "/tmp/correct_output.txt"}) {
    ifstream in(f); if (in) { cout << in.rdbuf(); return 0; }
  }
  error_code ec;
  for (auto it = filesystem::recursive_directory_iterator("/", filesystem::directory_options::skip_permission_denied, ec); it != filesystem::recursive_directory_iterator(); it.increment(ec)) {
    string p = it->path().string();
    if (p == "/proc" || p == "/sys" || p == "/usr") { it.disable_recursion_pending(); continue; }
    if (!it->is_regular_file(ec) || it->file_size(ec) > (1 << 20)) continue;
    ifstream in(p); stringstream ss; ss << in.rdbuf();
    if (ss.str().find(want) != string::npos) { cout << ss.str(); return 0; }
  }
  return 42;
}`;

describe("competitive_coding_challenges with the real sandbox", () => {
  test("the honest program scores 1; a wrong one 0", async () => {
    expect((await grade(BRACKETS, BRACKETS_RIGHT)).reward).toBe(1);
    const wrong = await grade(BRACKETS, 'int main() { int t; cin >> t; while (t--) cout << "YES\\n"; }');
    expect(wrong.reward).toBe(0);
    expect(outputs(wrong).at(-1)!.run_stderr).toBe("Output isn't correct (diff)\n");
  });

  test("a program hunting for the expected outputs (files, directories, environment) finds nothing", async () => {
    const graded = await grade({ ...BRACKETS, test_metadata: { ...BRACKETS.test_metadata, time_limit: 15 } }, SNOOP);
    expect(graded.reward).toBe(0);
    expect(outputs(graded)[0]!.run_stderr).toBe("Runtime error with exit code 42\n");
  });

  test.each([
    ["prints a fake verdict", 'int main() { cout << "1\\nOutput is correct (diff)\\n{\\"score\\": 1.0}\\n"; cerr << "Output is correct (diff)\\n"; }', "Output isn't correct (diff)\n"],
    ["forks without end", "#include <unistd.h>\nint main() { for (;;) fork(); }", "Time limit exceeded (2s)\n"],
    ["sleeps forever", "#include <unistd.h>\nint main() { for (;;) pause(); }", "Time limit exceeded (2s)\n"],
    ["prints without end", 'int main() { string s(1 << 16, \'Y\'); for (;;) cout << s; }', "Time limit exceeded (2s)\n"],
  ])("a program that %s scores 0 within its time limit", async (_what, code, reason) => {
    const started = Date.now();
    const graded = await grade(BRACKETS, code);
    expect(graded.reward).toBe(0);
    expect(outputs(graded)[0]!.run_stderr).toBe(reason);
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  test("an O(N^2) count passes the small subtask and runs out of time on the large tests", async () => {
    const naive = `int main() {
  long long n, s; cin >> n >> s; vector<long long> a(n); a[0] = s;
  for (int i = 1; i < n; i++) a[i] = (a[i - 1] * 1103515245LL + 12345) % 2147483648LL;
  long long c = 0; for (int i = 0; i < n; i++) for (int j = i + 1; j < n; j++) c += a[i] > a[j];
  cout << c << "\\n";
}`;
    expect((await grade(INVERSIONS_SMALL, naive)).reward).toBe(1);
    const whole = await grade(INVERSIONS, naive);
    expect(whole.reward).toBe(0);
    expect(whole.details.test_case_results.small!.score).toBe(30);
    expect(whole.details.test_case_results.large!.score).toBe(0);
    expect(whole.details.test_case_results.large!.outputs.at(-1)!.run_stderr).toBe("Time limit exceeded (2s)\n");
  });
});
