// The node project's global setup: every temporary directory its tests make (mkdtemp(tmpdir()),
// stacks' scratch, deploy dry runs of ~370 MB each) goes under one root that is removed when the run
// ends, pass or fail. Files that forget their own clean-up then cannot fill the disk run after run.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), "edge-gym-tests-"));
  const previous = process.env.TMPDIR;
  // Test workers and the processes they start are spawned after this and inherit it; os.tmpdir() reads it.
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(root, { recursive: true, force: true });
  };
}
