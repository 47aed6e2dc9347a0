# One query of a text-to-SQL grader, run in the code sandbox (shared/sql/query.ts sends this file,
# the task's database script and, on stdin, the query with its bounds). It builds the database
# from the script (or opens the one the sandbox mounted read-only, `mounted`), then runs the query
# read-only under SQLite's own limits and two deadlines, and prints two lines: the request's
# `ready` line once the database is built (whatever happens after is the query's doing), then the
# answer as one JSON object. Values travel as typed text, so
# nothing is rounded on the way: "i<integer>", "f<float's repr>", "s<text>", "b<hex bytes>", null.
#
# The deadlines: `deadline_s` of the query's own CPU time, so a query's verdict does not depend on
# what else the machine runs; and `wall_s` of wall-clock time, for a query that does not get the
# CPU. Past either, the query is interrupted; the sandbox kills the run if even that fails.
import json
import os
import sqlite3
import sys
import threading
import time

DATABASE = "database.sqlite"

# The bound on one value (text or blob): size-amplifying functions (zeroblob, randomblob, replace,
# hex, printf, group_concat, ...) fail with SQLITE_TOOBIG past it, and a single step of the query
# (one function call on one value) stays short enough for the deadline.
MAX_VALUE_BYTES = 1_000_000
# LIKE and GLOB match in time about the value's length times the pattern's, in one step.
MAX_PATTERN_BYTES = 1_000
# SQLite's heap, which holds all the query's temporary data (sorts, DISTINCT and UNION sets,
# recursive queues); the database itself is a file in the run's workspace.
MAX_HEAP_BYTES = 256 * 1024 * 1024

LIMITS = {
    sqlite3.SQLITE_LIMIT_LENGTH: MAX_VALUE_BYTES,
    sqlite3.SQLITE_LIMIT_LIKE_PATTERN_LENGTH: MAX_PATTERN_BYTES,
    sqlite3.SQLITE_LIMIT_ATTACHED: 0,
    sqlite3.SQLITE_LIMIT_WORKER_THREADS: 0,
}

# SQLite's error codes that mean the query went over a bound.
OVER_BUDGET = {"SQLITE_TOOBIG", "SQLITE_NOMEM", "SQLITE_FULL"}
# SQLite's messages may quote the query ('near "...": syntax error'): they are cut to fit.
MAX_MESSAGE_CHARS = 1_000


def answer(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()
    # The deadline's timer thread must not keep the process alive.
    os._exit(0)


def refused(reason, message):
    answer(json.dumps({"kind": "refused", "reason": reason, "message": message[:MAX_MESSAGE_CHARS]}))


def load(mounted):
    """The URI of the query's database: the mounted one, or one built from the script."""
    if mounted:
        # immutable: a read-only file nothing changes, so SQLite takes no lock and looks for no
        # journal. Read once here, so a file that is not a database fails before the query runs.
        uri = "file:%s?mode=ro&immutable=1" % mounted
        db = sqlite3.connect(uri, uri=True)
        db.execute("SELECT count(*) FROM sqlite_schema").fetchone()
        db.close()
        return uri
    with open("database.sql", encoding="utf-8") as f:
        script = f.read()
    db = sqlite3.connect(DATABASE, isolation_level=None)
    db.execute("PRAGMA journal_mode = OFF")
    db.execute("PRAGMA synchronous = OFF")
    db.executescript(script)
    db.close()
    return "file:%s?mode=ro" % DATABASE


def encode(value):
    if value is None:
        return None
    if isinstance(value, int):
        return "i%d" % value
    if isinstance(value, float):
        return "f" + repr(value)
    if isinstance(value, str):
        return "s" + value
    return "b" + bytes(value).hex()


class Query:
    """The query's connection: read-only three ways (the file opened read-only, query_only, and an
    authorizer that lets only a query through), with SQLite's limits set."""

    def __init__(self, uri, max_sql_bytes):
        self.db = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
        # BIRD's evaluator's reading of text that is not UTF-8.
        self.db.text_factory = lambda b: b.decode(errors="ignore")
        for limit, value in LIMITS.items():
            self.db.setlimit(limit, value)
        self.db.setlimit(sqlite3.SQLITE_LIMIT_SQL_LENGTH, max_sql_bytes)
        self.db.execute("PRAGMA query_only = ON")
        self.db.execute("PRAGMA temp_store = MEMORY")
        self.db.execute("PRAGMA hard_heap_limit = %d" % MAX_HEAP_BYTES)
        self.first_action = None
        self.denied = False
        self.db.set_authorizer(self.authorize)
        self.timed_out = None

    def authorize(self, action, *_):
        # SQLite asks about a statement's own kind first: SQLITE_SELECT for a query (SELECT,
        # VALUES, WITH ... SELECT), SQLITE_INSERT for INSERT and WITH ... INSERT, and so on.
        if self.first_action is None:
            self.first_action = action
        if self.first_action == sqlite3.SQLITE_SELECT:
            return sqlite3.SQLITE_OK
        self.denied = True
        return sqlite3.SQLITE_DENY

    def watch(self, cpu_s, wall_s):
        """Interrupts the query once it has run `cpu_s` seconds of CPU or `wall_s` seconds of wall
        clock, counted from now (building the database is not the query's time)."""
        cpu_end, wall_end = time.process_time() + cpu_s, time.monotonic() + wall_s

        def loop():
            while True:
                # CPU time cannot grow faster than wall-clock time for one running thread.
                left = min(cpu_end - time.process_time(), wall_end - time.monotonic())
                if left <= 0:
                    break
                time.sleep(left)
            self.timed_out = "%g s" % cpu_s if time.process_time() >= cpu_end else "%g s of wall-clock time" % wall_s
            self.db.interrupt()

        threading.Thread(target=loop, daemon=True).start()


def run(query, request):
    max_rows, max_bytes = request["max_rows"], request["max_bytes"]
    query.watch(request["deadline_s"], request["wall_s"])
    try:
        cursor = query.db.execute(request["sql"])
        if cursor.description is None:
            refused("execution_error", "the SQL contains no query")
        columns = json.dumps([c[0] for c in cursor.description], ensure_ascii=False)
        size = len(columns.encode())
        rows = []
        for row in cursor:
            if len(rows) == max_rows:
                refused("over_budget", "the query returns more than %d rows" % max_rows)
            line = json.dumps([encode(v) for v in row], ensure_ascii=False)
            size += len(line.encode()) + 1
            if size > max_bytes:
                refused("over_budget", "the query's result is over %d bytes" % max_bytes)
            rows.append(line)
    except sqlite3.Error as err:
        name = getattr(err, "sqlite_errorname", "")
        if query.timed_out and name == "SQLITE_INTERRUPT":
            refused("timeout", "the query did not finish within %s" % query.timed_out)
        if query.denied or name == "SQLITE_READONLY":
            refused("not_read_only", "only a query (SELECT) is run: %s" % err)
        if name in OVER_BUDGET:
            refused("over_budget", str(err))
        if isinstance(err, sqlite3.ProgrammingError) and "one statement" in str(err):
            refused("not_read_only", "only one statement is run: %s" % err)
        refused("execution_error", str(err))
    except MemoryError:
        refused("over_budget", "the query ran out of memory")
    except Exception as err:
        # Once the database is ready, whatever goes wrong is the query's (a NUL in it, text that
        # is not UTF-8, ...): never an infrastructure failure a model could turn its answer into.
        refused("execution_error", "%s: %s" % (type(err).__name__, err))
    answer('{"kind": "rows", "columns": %s, "rows": [%s]}' % (columns, ",".join(rows)))


def main():
    sys.stdout.reconfigure(encoding="utf-8")
    request = json.load(sys.stdin)
    # Grading is batch work: the servers' requests come first on the CPU. (Not last: its verdict
    # counts its CPU time, but a query starved past its wall-clock deadline would time out.)
    os.nice(10)
    try:
        uri = load(request.get("mounted"))
    except sqlite3.Error as err:
        answer(json.dumps({"kind": "load_failed", "message": str(err)[:MAX_MESSAGE_CHARS]}))
    query = Query(uri, request["max_sql_bytes"])
    print(request["ready"], flush=True)
    run(query, request)


main()
