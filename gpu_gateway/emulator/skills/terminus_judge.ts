// terminus_judge: single-step terminal tasks (Edge Gym's own rows: make a directory, count a
// file's lines, show the head of a file, find files, print the working directory), answered as a
// JSON command batch in the format the prompt asks for (terminus_1's state_analysis/explanation or
// terminus_2's analysis/plan). The right path sends the task's command, sometimes in an equivalent
// spelling the keystroke similarity misses, so the judge decides; the wrong path runs something
// else (it only looks around). In a repository-debugging task (NeMo's rows) whose code imports a
// third-party package, its first step is to locate that package (the wrong path lists the
// directory instead); any other task is declined. Its judge compares the GOLD and CANDIDATE replies' commands: equivalent when each
// command runs the same program on the same files and both agree on task completion; on the wrong
// path it gives the other verdict.
import { isObject, lastUserText, parseJson } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

interface Known {
  task: RegExp;
  right: (m: RegExpExecArray) => string;
  wrong: (m: RegExpExecArray) => string;
  complete?: boolean;
}

const KNOWN: Known[] = [
  { task: /Create the directory (\S+?),/, right: (m) => `mkdir -p ${m[1]}`, wrong: (m) => `ls -la ${m[1]!.replace(/\/[^/]+$/, "")}` },
  { task: /how many lines the file (\S+?) has/, right: (m) => `wc -l < ${m[1]}`, wrong: (m) => `tail ${m[1]}` },
  { task: /first (\d+) lines of (\S+?) /, right: (m) => `head -n ${m[1]} ${m[2]}`, wrong: (m) => `cat ${m[2]}` },
  { task: /every Python file under (\S+?),/, right: (m) => `find ${m[1]} -type f -name '*.py'`, wrong: (m) => `ls ${m[1]}` },
  { task: /Print the current working directory/, right: () => "pwd", wrong: () => "ls", complete: true },
];

const STANDARD_LIBRARY = new Set(["abc", "base64", "collections", "datetime", "functools", "hashlib", "itertools", "json", "logging", "math", "os", "pathlib", "random", "re", "subprocess", "sys", "time", "typing", "unittest", "urllib"]);

/** The reply in the prompt's format: terminus_1's fields when it names state_analysis, else terminus_2's. */
function batch(prompt: string, command: string, complete: boolean): Action {
  const keystrokes = `${command}\n`;
  const reply = prompt.includes('"state_analysis"')
    ? { state_analysis: "The shell is at its prompt and waiting.", explanation: `Run ${command} for the task.`, commands: [{ keystrokes, is_blocking: true, timeout_sec: 5 }], is_task_complete: complete }
    : { analysis: "The shell is at its prompt and waiting.", plan: `Run ${command} for the task.`, commands: [{ keystrokes, duration: 0.1 }], task_complete: complete };
  return say(JSON.stringify(reply, null, 2));
}

function play({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  const task = /Task Description:\n([^\n]*)/.exec(prompt)?.[1] ?? "";
  for (const known of KNOWN) {
    const m = known.task.exec(task);
    if (m) return batch(prompt, correct ? known.right(m) : known.wrong(m), correct && known.complete === true);
  }
  const imported = [...prompt.matchAll(/^[ \t]*(?:from|import) ([A-Za-z_]\w*)/gm)].map((m) => m[1]!).find((name) => !STANDARD_LIBRARY.has(name));
  if (imported) return batch(prompt, correct ? `python -c "import ${imported}; print(${imported}.__file__)"` : "ls -la", false);
  return decline("I cannot work out the next command for this task.");
}

type Reply = Record<string, unknown>;

/** The two replies under the prompt's last `GOLD:` and `CANDIDATE:` headings. */
function replies(prompt: string): [Reply, Reply] | undefined {
  const gold = prompt.lastIndexOf("GOLD:\n");
  const candidate = prompt.lastIndexOf("CANDIDATE:\n");
  if (gold === -1 || candidate < gold) return undefined;
  const [a, b] = [parseJson(prompt.slice(gold + 6, candidate).trim()), parseJson(prompt.slice(candidate + 11).trim())];
  return isObject(a) && isObject(b) ? [a, b] : undefined;
}

/** Each command as its program and the files it names (tokens with a slash, a dot or a glob). */
function effects(reply: Reply): string[] {
  const commands = Array.isArray(reply.commands) ? reply.commands : [];
  return commands.map((command) => {
    const words = String(isObject(command) ? command.keystrokes : "").trim().split(/\s+/);
    const files = words.slice(1).filter((w) => /[/.*]/.test(w) && !w.startsWith("-")).map((w) => w.replace(/^['"]|['"]$/g, ""));
    return [words[0], ...files.sort()].join(" ");
  });
}

const complete = (reply: Reply) => Boolean(reply.task_complete ?? reply.is_task_complete);

function judgePlay({ turns, correct }: Situation): Action {
  const pair = replies(lastUserText(turns));
  const same = pair !== undefined && complete(pair[0]) === complete(pair[1]) && JSON.stringify(effects(pair[0])) === JSON.stringify(effects(pair[1]));
  const says = correct ? same : !same;
  const reason = pair === undefined ? "I could not read both replies." : same ? "Both run the same programs on the same files." : "They run different commands or disagree on completion.";
  return say(`${reason}\n\n${says ? "[[A=B]] they are equivalent" : "[[A!=B]] they are not equivalent"}`);
}

export default { play, judge: { play: judgePlay } } satisfies Skill;
