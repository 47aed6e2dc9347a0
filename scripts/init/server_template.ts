// The Worker of a scaffolded resources server: task fields, one tool, verify, with the session
// state a tool needs, as text with the name filled in.
export function serverTemplate(name: string): string {
  return `// ${name}: the model asks the get_code_word tool for the row's code word and tells it to the
// user; the answer earns 1 when it names the code word. Scaffolded by \`edge-gym init resources\`:
// change the task fields, the tools and verify to make it your environment.
import { z } from "../../../shared/zod.ts";
import { defineResourcesServer, tool } from "../../../shared/resources/define.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import declaration from "./declaration.ts";
import { assistantText } from "../../../shared/verifiers/assistant_text.ts";

export { SessionDO } from "../../../durable_objects/session_do.ts";

const CODE_WORD = "code_word";

const server = defineResourcesServer({
  declaration,
  // Tools keep per-rollout state in the session's Durable Object (declaration.ts: stateful), seeded
  // from the row: /seed_session requires the fields listed here, /verify the whole task. A tool
  // changes a value with session.state.update(key, (current) => next): one atomic step, so
  // concurrent calls never lose a change; a call in a session never seeded is a 400.
  seedFields: ["code_word"],
  async seedSession(row, { session }) {
    await session.state.seed({ [CODE_WORD]: row.code_word });
  },
  tools: {
    get_code_word: tool({
      input: z.strictObject({}),
      async run(_args, { session }) {
        return { code_word: (await session.state.get<string>(CODE_WORD)) ?? null };
      },
    }),
  },
  // Grades the whole episode: the row echoed, plus response.output with every item in order.
  verify(body) {
    const answer = assistantText(body.response.output);
    return { reward: answer.toLowerCase().includes(body.code_word.toLowerCase()) ? 1 : 0 };
  },
});

export default server;
// How the project's own Workers (its agent) reach it: over Workers RPC, or HTTP where it has no RPC route.
export const Rpc = rpcEntrypoint(server);
`;
}

/** What the scaffolded server says about itself: its task fields, that it keeps session state, its catalogue entry. */
export function declarationTemplate(name: string): string {
  return `// ${name}: a resources server that keeps session state in its own SessionDO.
import { resourcesServer } from "../../../shared/declaration.ts";
import { z } from "../../../shared/zod.ts";

// The row fields this server reads (beside responses_create_params): /verify, and collect before
// anything runs, refuse a row without them, naming the field.
export const Task = z.object({
  code_word: z.string().min(1),
});

// Its row in the environment catalogue, docs/environments.md (written by \`npm run docs\`).
const catalogue = {
  verifies: "the answer names the row's code word (scaffolded: say what your verify checks)",
  reward: "0/1",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, stateful: true });
`;
}

/** The emulator's skill for the scaffolded server: ask for the code word, then say it (or a wrong one). */
export function skillTemplate(name: string): string {
  return `// ${name}: get_code_word(), then tell the user the word it returned. Wrong path: another word.
// Scaffolded by \`edge-gym init resources\`: make it play your environment's task.
import { callRecords, quote } from "../policy/conversation.ts";
import { call, say, type Action, type Situation, type Skill } from "../policy/types.ts";

function play({ turns, correct }: Situation): Action {
  const looked = callRecords(turns).find((record) => record.name === "get_code_word");
  if (looked === undefined) return call({ name: "get_code_word", arguments: {} });
  const word = /"code_word":\\s*"([^"]*)"/.exec(looked.output ?? "")?.[1];
  if (word === undefined) return say(\`I could not read the code word: \${quote(looked.output ?? "")}\`);
  return say(\`Today's code word is \${correct ? word : "unknown"}.\`);
}

export default { play } satisfies Skill;
`;
}
