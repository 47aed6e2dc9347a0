// The command line that runs a program in isolation. Layers, outermost first:
//   sh (optional): enters the run's memory cgroup, so everything started after is capped together.
//   setpriv --pdeathsig: if the sandbox process dies, unshare is killed, and with it (--kill-child)
//     everything in the namespace: no run or session outlives its sandbox.
//   unshare (as host root): new mount, network and pid namespaces. The network namespace has only a
//     loopback that is down, so nothing, not even this server's port, is reachable. --kill-child
//     ties the namespace's life to the unshare process: killing it kills every process inside.
//   SETUP (sh, pid 1 of the namespace, still root): builds a fresh root on tmpfs holding only
//     /usr, /etc and the python prefix (read-only, nosuid) plus a writable workspace and /tmp
//     (tmpfs, size-capped), a fresh /proc and the harmless /dev nodes; pivots into it and detaches
//     the host's root, so /work, /root, /home, /tmp etc. of the host are not there at all.
//   INIT (trusted python, pid 1): runs the program as its child and reports how it ended on fd 3.
//     The program must not be pid 1: the kernel ignores default-action signals (SIGXCPU, SIGSEGV
//     sent by kill) to a namespace's init, and unshare cannot report a SIGKILL death.
//   env -i: a minimal environment.
//   setpriv: the run's own non-root uid, no groups, no_new_privs (setuid binaries grant nothing).
//   unshare --user: a user namespace mapping only that uid (to 1000): the program holds no
//     capability, and the mounts above are locked for it.
//   prlimit: CPU seconds, address space, file size, processes, no core dumps.
import type { Limits } from "../../shared/sandbox/schema.ts";
import type { Python } from "./python.ts";

export const WORKSPACE = "/sandbox";
const INNER_UID = 1000;

const SETUP = String.raw`
set -eu
R=$1 IN=$2 P=$3 U=$4 WS_BYTES=$5 TMP_BYTES=$6
shift 6
mount -t tmpfs -o size=1m,mode=755,nosuid,nodev tmpfs "$R"
cd "$R"
mkdir -p usr etc proc dev tmp sandbox .old "./$P"
ln -s usr/bin bin; ln -s usr/lib lib; ln -s usr/lib64 lib64; ln -s usr/sbin sbin
for d in usr etc "$P"; do mount --bind -o ro,nosuid,nodev "/$d" "./$d"; done
for n in null zero random urandom; do touch "dev/$n"; mount --bind "/dev/$n" "dev/$n"; done
ln -s /proc/self/fd dev/fd; ln -s /proc/self/fd/0 dev/stdin; ln -s /proc/self/fd/1 dev/stdout; ln -s /proc/self/fd/2 dev/stderr
mount -t tmpfs -o "size=$WS_BYTES,mode=755,nosuid,nodev" tmpfs sandbox
cp -R "$IN"/. sandbox/
chown -R "$U:$U" sandbox
mount -t tmpfs -o "size=$TMP_BYTES,mode=1777,nosuid,nodev" tmpfs tmp
mount -t proc -o nosuid,nodev,noexec proc proc
pivot_root . .old
umount -l /.old
rmdir /.old
mount -o remount,bind,ro /
cd ${WORKSPACE}
exec "$@"
`;

const INIT = String.raw`
import json, os, subprocess, sys
code = subprocess.Popen(sys.argv[1:], close_fds=True).wait()
os.write(3, json.dumps({"exit_code": code if code >= 0 else None, "signal": -code if code < 0 else None}).encode())
`;

export interface IsolatedRun {
  /** Host directory holding the request's files, copied into the workspace. */
  inputDir: string;
  /** Empty host directory the new root is mounted on (only inside the namespace). */
  rootDir: string;
  uid: number;
  limits: Limits;
  inputBytes: number;
  program: string[];
  /** The `cgroup.procs` of the run's memory group, where the host has one. */
  memoryGroup?: string;
}

const ENTER_GROUP = 'echo $$ > "$1" && shift && exec "$@"';

export function isolatedCommand(python: Python, run: IsolatedRun): string[] {
  const { limits } = run;
  const binDir = python.executable.slice(0, python.executable.lastIndexOf("/"));
  return [
    ...(run.memoryGroup ? ["/bin/sh", "-c", ENTER_GROUP, "sh", run.memoryGroup] : []),
    "/usr/bin/setpriv", "--pdeathsig", "KILL", "--",
    "/usr/bin/unshare", "--mount", "--net", "--pid", "--fork", "--kill-child", "--",
    "/bin/sh", "-c", SETUP, "sh",
    run.rootDir, run.inputDir, python.prefix, String(run.uid),
    String(limits.file_bytes + run.inputBytes), String(limits.file_bytes),
    python.executable, "-I", "-S", "-c", INIT,
    "/usr/bin/env", "-i", `PATH=${binDir}:/usr/bin:/bin`, `HOME=${WORKSPACE}`, "LANG=C.UTF-8",
    "/usr/bin/setpriv", `--reuid=${run.uid}`, `--regid=${run.uid}`, "--clear-groups", "--no-new-privs", "--",
    "/usr/bin/unshare", "--user", `--map-user=${INNER_UID}`, `--map-group=${INNER_UID}`, "--",
    "/usr/bin/prlimit",
    // The hard CPU limit is a second later: SIGXCPU at the soft one ends the program unless it
    // catches the signal; SIGKILL at the hard one ends it regardless.
    `--cpu=${limits.cpu_s}:${limits.cpu_s + 1}`,
    `--as=${limits.memory_mb * 1024 * 1024}`,
    `--fsize=${limits.file_bytes}`,
    `--nproc=${limits.processes}`,
    "--core=0",
    "--",
    ...run.program,
  ];
}
