// Finds the real CPython behind `python3` (pyenv puts a shell shim first on PATH) and the prefix
// that holds its standard library: the one tree of the host that a run is allowed to see besides
// /usr and /etc.
import { spawnSync } from "node:child_process";
import { sep } from "node:path";

export interface Python {
  executable: string;
  prefix: string;
  version: string;
}

const PROBE = "import os, sys; print(os.path.realpath(sys.executable)); print(sys.base_prefix); print(sys.version.split()[0])";

export function findPython(command = "python3"): Python {
  const probe = spawnSync(command, ["-c", PROBE], { encoding: "utf8" });
  if (probe.status !== 0) throw new Error(`cannot run ${command}: ${probe.error?.message ?? probe.stderr.trim()}`);
  const [executable, prefix, version] = probe.stdout.trim().split("\n");
  if (!executable || !prefix || !version) throw new Error(`unexpected answer from ${command}: ${probe.stdout}`);
  // Only the prefix is mounted into a run, so the interpreter must live inside it (a venv would not).
  if (!executable.startsWith(prefix + sep)) throw new Error(`${executable} is not inside its prefix ${prefix}`);
  if (prefix === "/" || !prefix.startsWith("/")) throw new Error(`refusing python prefix ${prefix}`);
  return { executable, prefix, version };
}
