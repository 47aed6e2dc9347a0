// The host side of a run's or a session's files: a private temp dir holding the request's files
// (copied into the sandbox's workspace) and the empty mount point of its new root; removed after.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export interface Workspace {
  inputDir: string;
  rootDir: string;
  inputBytes: number;
  remove(): Promise<void>;
}

export async function makeWorkspace(files: Record<string, string>): Promise<Workspace> {
  const dir = await mkdtemp(join(tmpdir(), "edge-gym-sandbox-"));
  const inputDir = join(dir, "in");
  const rootDir = join(dir, "root");
  await mkdir(inputDir);
  await mkdir(rootDir);
  let inputBytes = 0;
  for (const [path, text] of Object.entries(files)) {
    const target = join(inputDir, path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, text);
    inputBytes += Buffer.byteLength(text);
  }
  return { inputDir, rootDir, inputBytes, remove: () => rm(dir, { recursive: true, force: true }) };
}
