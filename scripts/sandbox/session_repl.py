# The interpreter of a stateful sandbox session. It runs inside the isolated sandbox as the
# session's unprivileged uid, so it is no trust boundary: it only keeps the cells' variables and
# frames their results. Protocol, with the session's supervisor (init.py), never the host: one JSON
# line per cell ({"seq", "code", "output_bytes"}) on fd 0; one JSON line answers each, with its
# seq, on fd 1. A cell can write on these too: the supervisor takes only a well-formed answer to
# the cell in progress. Each cell's fds 1 and 2 go to files, so prints, os.write and child
# processes are all captured; stdin is empty.
import ast
import json
import os
import signal
import sys
import traceback

control_in = os.fdopen(os.dup(0), "r", encoding="utf-8")
control_out = os.fdopen(os.dup(1), "w", encoding="utf-8")
devnull = os.open(os.devnull, os.O_RDWR)
os.dup2(devnull, 0)
# Past the file size limit a write fails (OSError) instead of the signal killing the session.
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)

namespace = {"__name__": "__main__", "__builtins__": __builtins__}


def unnamed_file():
    # Unlinked at once, so the cells' own listings of /tmp never show it.
    fd = os.open("/tmp/.cell_output", os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
    os.unlink("/tmp/.cell_output")
    return fd


OUT, ERR = unnamed_file(), unnamed_file()


def capture(file, fd):
    sys.stdout.flush()
    sys.stderr.flush()
    os.ftruncate(file, 0)
    os.lseek(file, 0, os.SEEK_SET)
    os.dup2(file, fd)


def collected(file, cap):
    os.lseek(file, 0, os.SEEK_SET)
    data = os.read(file, cap + 1)
    return data[:cap].decode("utf-8", "replace"), len(data) > cap


def execute(code):
    """Runs the cell; returns (str of its last expression or None, the exception or None)."""
    tree = ast.parse(code, "<cell>")
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, "<cell>", "exec"), namespace)
    if last is None:
        return None
    value = eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace)
    return None if value is None else str(value)


for line in control_in:
    cell = json.loads(line)
    capture(OUT, 1)
    capture(ERR, 2)
    result, error, trace = None, None, None
    try:
        result = execute(cell["code"])
    except BaseException as exc:  # SystemExit and KeyboardInterrupt end the cell, not the session.
        error = traceback.format_exception_only(type(exc), exc)[-1].strip()
        frames = exc.__traceback__
        while frames is not None and frames.tb_frame.f_code.co_filename != "<cell>":
            frames = frames.tb_next  # the harness's own frames are noise to the model
        trace = "".join(traceback.format_exception(type(exc), exc, frames))
        sys.stderr.write(trace)
    sys.stdout.flush()
    sys.stderr.flush()
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    cap = cell["output_bytes"]
    stdout, out_cut = collected(OUT, cap)
    stderr, err_cut = collected(ERR, cap)
    texts = {"error": error, "traceback": trace, "result": result}
    cut = any(text is not None and len(text) > cap for text in texts.values())
    frame = {"seq": cell["seq"], "stdout": stdout, "stderr": stderr, **{k: v if v is None else v[:cap] for k, v in texts.items()}, "output_truncated": out_cut or err_cut or cut}
    # A newline first ends whatever partial line the cell left in the channel.
    control_out.write("\n" + json.dumps(frame) + "\n")
    control_out.flush()
