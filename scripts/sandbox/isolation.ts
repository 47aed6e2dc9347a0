// The command line that runs a program in isolation. Layers, outermost first:
//   sh: enters the run's control groups (cgroup.ts), so everything started after is capped,
//     weighed and timed together.
//   setpriv --pdeathsig: if the sandbox process dies, unshare is killed, and with it (--kill-child)
//     everything in the namespace: no run or session outlives its sandbox.
//   unshare (as host root): new mount, network, pid, IPC, UTS and cgroup namespaces. The network
//     namespace has only a loopback that is down, so nothing, not even this server's port, is
//     reachable (abstract Unix sockets included). SysV shared memory, message queues, semaphores
//     and POSIX message queues live in the IPC namespace: another run never sees them, and the
//     kernel frees them when the run's last process ends. The run sees its own hostname and its
//     own cgroup as the root. --kill-child ties the namespaces' life to the unshare process:
//     killing it kills every process inside.
//   SETUP (sh, pid 1 of the namespace, still root): builds a fresh root on tmpfs holding only
//     /usr, /etc and the python prefix (read-only, nosuid) plus a writable workspace, /tmp and
//     /dev/shm (tmpfs, size-capped), a fresh /proc and the harmless /dev nodes; pivots into it and
//     detaches the host's root, so /work, /root, /home, /tmp etc. of the host are not there at all.
//     A run that names a database gets that one file mounted read-only (and noexec) at
//     DATABASE_MOUNT, outside the workspace: no copy however large, and nothing in the run can
//     change it for the next.
//   INIT (init.py, trusted python, pid 1): runs the program as its child and reports how it ended
//     on fd 3; for a session, it also holds the host's control pipes (see init.py).
//   env -i: a minimal environment.
//   setpriv: the run's own non-root uid, no groups, no_new_privs (setuid binaries grant nothing).
//   unshare --user: a user namespace mapping only that uid (to 1000): the program holds no
//     capability, and the mounts above are locked for it. Kernel keyrings are per user namespace:
//     a key a run adds goes with it.
//   prlimit: CPU seconds, address space, file size, processes, no core dumps.
import { readFileSync } from "node:fs";
import { DATABASE_MOUNT } from "../../shared/sandbox/schema.ts";
import type { Limits } from "../../shared/sandbox/schema.ts";
import type { Python } from "./python.ts";

export const WORKSPACE = "/sandbox";
const DATABASE_DIR = DATABASE_MOUNT.slice(0, DATABASE_MOUNT.lastIndexOf("/"));
const INNER_UID = 1000;

const SETUP = String.raw`
set -eu
R=$1 IN=$2 P=$3 U=$4 WS_BYTES=$5 TMP_BYTES=$6 DB=$7
shift 7
hostname sandbox
mount -t tmpfs -o size=1m,mode=755,nosuid,nodev tmpfs "$R"
cd "$R"
mkdir -p usr etc proc dev/shm tmp sandbox .old "./$P"
ln -s usr/bin bin; ln -s usr/lib lib; ln -s usr/lib64 lib64; ln -s usr/sbin sbin
for d in usr etc "$P"; do mount --bind -o ro,nosuid,nodev "/$d" "./$d"; done
for n in null zero random urandom; do touch "dev/$n"; mount --bind "/dev/$n" "dev/$n"; done
ln -s /proc/self/fd dev/fd; ln -s /proc/self/fd/0 dev/stdin; ln -s /proc/self/fd/1 dev/stdout; ln -s /proc/self/fd/2 dev/stderr
mount -t tmpfs -o "size=$WS_BYTES,mode=755,nosuid,nodev" tmpfs sandbox
cp -R "$IN"/. sandbox/
chown -R "$U:$U" sandbox
mount -t tmpfs -o "size=$TMP_BYTES,mode=1777,nosuid,nodev" tmpfs tmp
mount -t tmpfs -o "size=$TMP_BYTES,mode=1777,nosuid,nodev,noexec" tmpfs dev/shm
mount -t proc -o nosuid,nodev,noexec proc proc
if [ -n "$DB" ]; then
  mkdir ".${DATABASE_DIR}"; touch ".${DATABASE_MOUNT}"
  mount --bind -o ro,nosuid,nodev,noexec "$DB" ".${DATABASE_MOUNT}"
fi
pivot_root . .old
umount -l /.old
rmdir /.old
mount -o remount,bind,ro /
cd ${WORKSPACE}
exec "$@"
`;

const INIT = readFileSync(new URL("./init.py", import.meta.url), "utf8");

export interface IsolatedRun {
  /** Host directory holding the request's files, copied into the workspace. */
  inputDir: string;
  /** Empty host directory the new root is mounted on (only inside the namespace). */
  rootDir: string;
  uid: number;
  limits: Limits;
  inputBytes: number;
  program: string[];
  /** The `cgroup.procs` files of the run's control groups (none where the host has none). */
  groups: string[];
  /** A session's interpreter: init.py holds the host's control pipes (fds 0 and 1) and relays. */
  session?: boolean;
  /** A database file of the host's (databases.ts), mounted read-only at DATABASE_MOUNT. */
  database?: string;
}

// $1: the groups' procs files, space-separated (cgroup.ts names them without spaces).
const ENTER_GROUPS = 'for procs in $1; do echo $$ > "$procs" || exit 1; done; shift; exec "$@"';

export function isolatedCommand(python: Python, run: IsolatedRun): string[] {
  const { limits } = run;
  const binDir = python.executable.slice(0, python.executable.lastIndexOf("/"));
  return [
    "/bin/sh", "-c", ENTER_GROUPS, "sh", run.groups.join(" "),
    "/usr/bin/setpriv", "--pdeathsig", "KILL", "--",
    "/usr/bin/unshare", "--mount", "--net", "--pid", "--ipc", "--uts", "--cgroup", "--fork", "--kill-child", "--",
    "/bin/sh", "-c", SETUP, "sh",
    run.rootDir, run.inputDir, python.prefix, String(run.uid),
    String(limits.file_bytes + run.inputBytes), String(limits.file_bytes), run.database ?? "",
    python.executable, "-I", "-S", "-c", INIT, run.session ? "session" : "run",
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
