# The trusted first process (pid 1) of a run's or a session's namespaces: host root, so nothing the
# program runs (another uid, in a user namespace of its own) can signal it, ptrace it or open its
# /proc fds. It starts the program as its child and says so on fd 3 ({"started": true}, a JSON
# line: the run's clock starts there, not while the namespace was being built), then how it ended
# (a second line, with how long a run's program waited for a CPU in all: not its own time); once it
# exits the kernel kills everything left in the namespace. The program must not be pid 1: the kernel
# ignores default-action signals (SIGXCPU, SIGSEGV sent by kill) to an init.
#   init.py run PROGRAM...      the program has the host's stdin, stdout and stderr.
#   init.py session PROGRAM...  the program is a session's interpreter (session_repl.py). This
#     process holds the host's control pipes (fd 0: one JSON cell a line; fd 1: one JSON answer a
#     line) and gives the interpreter pipes of its own. What the interpreter writes back is data the
#     cell's code can forge: a line counts only when it is a well-formed answer, within its size,
#     to the cell in progress (by a sequence number); anything else is dropped. So a cell can only
#     ever make its own answer, never a malformed frame for the host, never another cell's answer.
import json
import os
import select
import signal
import subprocess
import sys


def first_to_kill():
    # The program and its children go first when the run's memory group runs out, never this
    # process: the program's end must always be reported, or the host would read it as the sandbox
    # failing. (Raising the score needs no capability; lowering this one's would.)
    with open("/proc/self/oom_score_adj", "w") as adj:
        adj.write("1000")


def spawn(program, **pipes):
    child = subprocess.Popen(program, close_fds=True, preexec_fn=first_to_kill, **pipes)
    report({"started": True})
    return child


def report(message):
    os.write(3, (json.dumps(message) + "\n").encode())


def ended(returncode):
    return {"exit_code": returncode if returncode >= 0 else None, "signal": -returncode if returncode < 0 else None}


class Lines:
    """Complete lines of a stream, each at most `limit` bytes (a longer one is skipped to its end).
    Only the bytes that arrived are scanned, so a flood without newlines costs linear time."""

    def __init__(self, limit):
        self.limit, self.parts, self.size, self.skipping = limit, [], 0, False

    def feed(self, data):
        lines, start = [], 0
        while (newline := data.find(b"\n", start)) >= 0:
            if not self.skipping and self.size + newline - start <= self.limit:
                lines.append(b"".join(self.parts) + data[start:newline])
            self.parts, self.size, self.skipping = [], 0, False
            start = newline + 1
        rest = data[start:]
        if self.skipping or self.size + len(rest) > self.limit:
            self.parts, self.size, self.skipping = [], 0, True
        elif rest:
            self.parts.append(rest)
            self.size += len(rest)
        return lines


TEXT_FIELDS = ("stdout", "stderr", "error", "traceback", "result")
OPTIONAL = {"error", "traceback", "result"}


def answer_of(line, seq, cap):
    """The interpreter's answer to cell `seq`, each text clipped to `cap` characters; else None."""
    try:
        value = json.loads(line)
    except Exception:  # not JSON, too deep, a number too long: the cell's noise
        return None
    if not isinstance(value, dict) or set(value) != {"seq", "output_truncated", *TEXT_FIELDS}:
        return None
    if type(value["seq"]) is not int or value["seq"] != seq or type(value["output_truncated"]) is not bool:
        return None
    answer = {"output_truncated": value["output_truncated"]}
    for field in TEXT_FIELDS:
        text = value[field]
        if text is None and field in OPTIONAL:
            answer[field] = None
        elif isinstance(text, str):
            answer[field] = text[:cap]
            answer["output_truncated"] |= len(text) > cap
        else:
            return None
    return answer


def session(program):
    to_repl, repl_in = os.pipe()
    repl_out, from_repl = os.pipe()
    child = spawn(program, stdin=to_repl, stdout=from_repl, stderr=subprocess.DEVNULL)
    os.close(to_repl)
    os.close(from_repl)
    os.set_blocking(repl_in, False)
    # Orphans of the cells' processes are reparented here: reaped as they end (SIGCHLD wakes the loop).
    wake, wake_write = os.pipe()
    os.set_blocking(wake, False)
    os.set_blocking(wake_write, False)
    signal.set_wakeup_fd(wake_write)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    cells, answers = Lines(256 << 20), Lines(0)
    outgoing, seq, cap, waiting = b"", 0, 0, False

    def take(data):
        nonlocal waiting
        for line in answers.feed(data):
            answer = answer_of(line, seq, cap) if waiting else None
            if answer is not None:
                waiting = False
                os.write(1, (json.dumps(answer) + "\n").encode())

    def end_session():
        # Closed by the code, by the interpreter's end (its files close before it can be waited
        # for) or by the host: an interpreter that ended on its own keeps its status through SIGKILL.
        child.kill()
        returncode = child.wait()
        report(ended(returncode) if returncode != -signal.SIGKILL else {"exit_code": None, "signal": None, "channel_closed": True})
        sys.exit(0)

    def reap():
        while True:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            if pid == child.pid:
                # An answer written just before the end is still in the pipe: only what is there now.
                os.set_blocking(repl_out, False)
                try:
                    while data := os.read(repl_out, 1 << 20):
                        take(data)
                except BlockingIOError:
                    pass
                report(ended(-os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)))
                sys.exit(0)

    while True:
        readable, writable, _ = select.select([0, repl_out, wake], [repl_in] if outgoing else [], [])
        if repl_out in readable:
            data = os.read(repl_out, 1 << 20)
            if not data:
                end_session()
            take(data)
        if 0 in readable:
            data = os.read(0, 1 << 20)
            if not data:
                end_session()
            for line in cells.feed(data):
                cell = json.loads(line)
                seq, cap, waiting = seq + 1, cell["output_bytes"], True
                # Escaped as JSON a character takes at most 12 bytes: five texts, and the keys.
                answers.limit = 60 * cap + 4096
                outgoing += (json.dumps({"seq": seq, "code": cell["code"], "output_bytes": cap}) + "\n").encode()
        if repl_in in writable:
            try:
                outgoing = outgoing[os.write(repl_in, outgoing) :]
            except BrokenPipeError:
                end_session()
        if wake in readable:
            try:
                while os.read(wake, 4096):
                    pass
            except BlockingIOError:
                pass
            reap()


def run(program):
    child = spawn(program)
    # Its CPU wait is read once it has ended, before it is reaped (the kernel keeps it till then).
    os.waitid(os.P_PID, child.pid, os.WEXITED | os.WNOWAIT)
    try:
        with open(f"/proc/{child.pid}/schedstat") as stats:
            waited = {"cpu_wait_ms": int(stats.read().split()[1]) / 1e6}
    except OSError:  # a kernel without scheduler statistics
        waited = {}
    report({**ended(child.wait()), **waited})


mode, program = sys.argv[1], sys.argv[2:]
if mode == "session":
    session(program)
else:
    run(program)
