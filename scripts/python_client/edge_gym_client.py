#!/usr/bin/env python3
"""Edge Gym client for trainers: runs rows through an agent's /run, yields results as they complete.

Standard library only (Python 3.9+); copy this one file into a training codebase.

Library:

    from edge_gym_client import EdgeGymClient

    client = EdgeGymClient("https://my-agent.example.workers.dev", token=os.environ.get("EDGE_GYM_TOKEN"),
                           concurrency=8)
    for outcome in client.run(rows):          # rows: any iterable of dicts (JSONL rows)
        if outcome.ok:
            learn(outcome.index, outcome.result)  # the /run body: the row, response, reward, ...
        else:
            skip(outcome.index, outcome.failure)  # {"_ng_failure_class": ..., "error": ...}; never a reward

CLI (writes one line per row as it completes: {"index": i, "result": ...} or {"index": i, "failure": ...},
the same lines as the agent's /run_batch; exits 1 if any row failed, 2 on bad usage or input):

    python3 scripts/edge_gym_client.py --url URL --input rows.jsonl --output out.jsonl --concurrency 8
        [--token TOKEN | env EDGE_GYM_TOKEN] [--mode async|sync] [--max-attempts 5]
        [--request-timeout-s 60] [--rollout-timeout-s 3600]

Modes:
  async (default): POST /run with "Prefer: respond-async" and an "Idempotency-Key" chosen here, one per
      row and kept across retries; the agent answers 202 and runs the rollout in a Durable Object; the
      client polls GET /rollouts/<id>. The agent never runs one key twice, so a lost answer, a reset
      connection, a timeout or a 5xx is retried safely: resubmitting returns the existing rollout.
  sync: POST /run and wait for the result on the same connection. Only what cannot have run is
      retried: connection refused or reset before any response, a 503 carrying x-edge-gym-unprocessed,
      and a 429 (after its Retry-After). A 502/504 or a timeout after sending may mean the rollout ran:
      it is a failure, not a retry.

Retries are bounded (--max-attempts) with exponential backoff and full jitter. Every HTTP request has a
deadline (--request-timeout-s; in sync mode the rollout timeout, since the answer comes at the end), and
every rollout has one (--rollout-timeout-s). Deployed agents require "Authorization: Bearer <token>".
"""
from __future__ import annotations

import argparse
import concurrent.futures
import email.utils
import http.client
import json
import os
import random
import socket
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, Iterator, Optional

UNPROCESSED_HEADER = "x-edge-gym-unprocessed"
FAILURE_CLASS_KEY = "_ng_failure_class"
BACKOFF_BASE_S = 0.5
BACKOFF_CAP_S = 30.0
POLL_FIRST_S = 0.25
POLL_MAX_S = 5.0


@dataclass
class Outcome:
    """One row's end: `result` (the /run body, with a reward) or `failure`, never both."""

    index: int
    row: Dict[str, Any]
    result: Optional[Dict[str, Any]] = None
    failure: Optional[Dict[str, Any]] = None
    attempts: int = 1

    @property
    def ok(self) -> bool:
        return self.result is not None

    def line(self) -> Dict[str, Any]:
        return {"index": self.index, "result": self.result} if self.ok else {"index": self.index, "failure": self.failure}


class RolloutError(Exception):
    """A rollout that ended without a result; `failure` is what the output records."""

    def __init__(self, failure_class: str, error: Any):
        super().__init__(f"{failure_class}: {error}")
        self.failure = {FAILURE_CLASS_KEY: failure_class, "error": error}


@dataclass
class _Answer:
    status: int
    headers: Dict[str, str]
    body: Any


class _Retry(Exception):
    """Safe to try again, after at least `after_s` seconds when the server said so."""

    def __init__(self, reason: str, after_s: Optional[float] = None):
        super().__init__(reason)
        self.after_s = after_s


def _retry_after_s(value: Optional[str]) -> Optional[float]:
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        parsed = email.utils.parsedate_to_datetime(value)
        return max(0.0, parsed.timestamp() - time.time()) if parsed else None


def _error_of(answer: _Answer) -> Any:
    body = answer.body
    return body.get("error", body) if isinstance(body, dict) else body


@dataclass
class EdgeGymClient:
    url: str
    token: Optional[str] = None
    concurrency: int = 8
    mode: str = "async"
    max_attempts: int = 5
    request_timeout_s: float = 60.0
    rollout_timeout_s: float = 3600.0
    _random: random.Random = field(default_factory=random.Random, repr=False)

    def __post_init__(self) -> None:
        if self.mode not in ("async", "sync"):
            raise ValueError(f"mode must be 'async' or 'sync', got {self.mode!r}")
        if self.concurrency < 1 or self.max_attempts < 1:
            raise ValueError("concurrency and max_attempts must be at least 1")
        self.url = self.url.rstrip("/")

    # -- the public API ---------------------------------------------------------------------------

    def run(self, rows: Iterable[Dict[str, Any]]) -> Iterator[Outcome]:
        """Runs every row, at most `concurrency` at a time; yields each Outcome as it completes."""
        pool = concurrent.futures.ThreadPoolExecutor(max_workers=self.concurrency, thread_name_prefix="edge-gym")
        pending: Dict[concurrent.futures.Future, int] = {}
        source = iter(enumerate(rows))
        try:
            while True:
                # Rows are read only as slots free up: an input of any size streams through.
                for index, row in source:
                    pending[pool.submit(self.run_one, index, row)] = index
                    if len(pending) >= self.concurrency:
                        break
                if not pending:
                    return
                done, _ = concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
                for future in done:
                    del pending[future]
                    yield future.result()
        finally:
            # A caller that stops iterating gets no new rollouts started on its behalf.
            pool.shutdown(wait=False, cancel_futures=True)

    def run_one(self, index: int, row: Dict[str, Any]) -> Outcome:
        """One row to its Outcome; never raises for a failed rollout."""
        attempts = [0]
        try:
            if self.mode == "async":
                result = self._run_async(row, attempts)
            else:
                result = self._run_sync(row, attempts)
        except RolloutError as err:
            return Outcome(index, row, failure=err.failure, attempts=max(1, attempts[0]))
        except Exception as err:  # a bug or an unexpected answer: reported as a failure, not a crash
            return Outcome(index, row, failure={FAILURE_CLASS_KEY: "client_error", "error": repr(err)}, attempts=max(1, attempts[0]))
        if FAILURE_CLASS_KEY in result:
            return Outcome(index, row, failure={FAILURE_CLASS_KEY: result[FAILURE_CLASS_KEY], "error": result.get("error")}, attempts=attempts[0])
        return Outcome(index, row, result=result, attempts=attempts[0])

    # -- modes -----------------------------------------------------------------------------------

    def _run_sync(self, row: Dict[str, Any], attempts: list) -> Dict[str, Any]:
        deadline = time.monotonic() + self.rollout_timeout_s
        body = json.dumps(row).encode()

        def send() -> _Answer:
            answer = self._request("POST", f"{self.url}/run", body, {}, deadline, idempotent=False)
            if answer.status == 503 and UNPROCESSED_HEADER in answer.headers:
                raise _Retry("503: the agent did not start the rollout")
            if answer.status == 429:
                raise _Retry("429: rate limited", _retry_after_s(answer.headers.get("retry-after")))
            return answer

        answer = self._with_retries(send, deadline, attempts)
        if answer.status != 200:
            raise RolloutError(self._failure_class(answer), _error_of(answer))
        return answer.body

    def _run_async(self, row: Dict[str, Any], attempts: list) -> Dict[str, Any]:
        deadline = time.monotonic() + self.rollout_timeout_s
        key = str(uuid.uuid4())
        headers = {"Prefer": "respond-async", "Idempotency-Key": key}
        body = json.dumps(row).encode()

        def submit() -> _Answer:
            return self._safe(self._request("POST", f"{self.url}/run", body, headers, self._request_deadline(deadline), idempotent=True))

        answer = self._with_retries(submit, deadline, attempts)
        if answer.status == 200:
            return answer.body  # an agent without async mode (NeMo Gym's) ran it synchronously
        if answer.status != 202:
            raise RolloutError(self._failure_class(answer), _error_of(answer))
        location = urllib.parse.urljoin(self.url + "/", answer.headers.get("location") or f"/rollouts/{key}")
        wait_s = POLL_FIRST_S
        state = answer.body
        while state.get("status") not in ("completed", "failed"):
            if time.monotonic() + wait_s > deadline:
                raise RolloutError("client_deadline_exceeded", f"rollout {key} not finished within {self.rollout_timeout_s} s")
            time.sleep(wait_s)
            wait_s = min(POLL_MAX_S, wait_s * 1.5)
            poll = self._with_retries(lambda: self._safe(self._request("GET", location, None, {}, self._request_deadline(deadline), idempotent=True)), deadline, [0])
            if poll.status != 200:
                raise RolloutError(self._failure_class(poll), _error_of(poll))
            state = poll.body
        if state["status"] == "failed":
            failure = state.get("failure") or {}
            raise RolloutError(failure.get(FAILURE_CLASS_KEY, "rollout_failed"), failure.get("error"))
        return state["result"]

    # -- HTTP --------------------------------------------------------------------------------------

    def _request_deadline(self, rollout_deadline: float) -> float:
        return min(rollout_deadline, time.monotonic() + self.request_timeout_s)

    @staticmethod
    def _safe(answer: _Answer) -> _Answer:
        """For requests that may repeat (GET, or a submit with its key): overload and 5xx retry."""
        if answer.status == 429 or answer.status >= 500:
            raise _Retry(f"{answer.status}: {_error_of(answer)}", _retry_after_s(answer.headers.get("retry-after")))
        return answer

    @staticmethod
    def _failure_class(answer: _Answer) -> str:
        error = _error_of(answer)
        if isinstance(error, dict) and isinstance(error.get("type"), str):
            return error["type"]
        return f"http_{answer.status}"

    def _request(self, method: str, url: str, body: Optional[bytes], headers: Dict[str, str], deadline: float,
                 idempotent: bool) -> _Answer:
        all_headers = {"Accept": "application/json", "User-Agent": "edge-gym-client/1", **headers}
        if body is not None:
            all_headers["Content-Type"] = "application/json"
        if self.token:
            all_headers["Authorization"] = f"Bearer {self.token}"
        timeout = deadline - time.monotonic()
        if timeout <= 0:
            raise RolloutError("client_deadline_exceeded", f"{method} {url}: no time left")
        request = urllib.request.Request(url, data=body, headers=all_headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return self._answer(response.status, response.headers, response.read())
        except urllib.error.HTTPError as err:
            return self._answer(err.code, err.headers, err.read())
        except urllib.error.URLError as err:
            reason = err.reason
            if isinstance(reason, (socket.timeout, TimeoutError)):
                raise self._timed_out(method, url, timeout, idempotent) from err
            if idempotent or isinstance(reason, (ConnectionRefusedError, ConnectionResetError)):
                raise _Retry(f"{method} {url}: connection failed: {reason}") from err
            raise RolloutError("connection_failed", f"{method} {url}: {reason}") from err
        except (socket.timeout, TimeoutError) as err:
            raise self._timed_out(method, url, timeout, idempotent) from err
        except (ConnectionRefusedError, ConnectionResetError, http.client.RemoteDisconnected) as err:
            # Closed before any response byte: the agent cannot have answered, so SPEC deems it unprocessed.
            raise _Retry(f"{method} {url}: connection closed before a response: {err!r}") from err
        except (http.client.HTTPException, OSError) as err:
            # Broken after the answer began: only a repeatable request may go again.
            if idempotent:
                raise _Retry(f"{method} {url}: {err!r}") from err
            raise RolloutError("connection_failed", f"{method} {url}: the connection broke during the answer: {err!r}") from err

    @staticmethod
    def _timed_out(method: str, url: str, timeout: float, idempotent: bool) -> Exception:
        # No answer in time: the request may be running. Only a repeatable request tries again.
        message = f"{method} {url}: no answer within {timeout:.1f} s"
        return _Retry(message) if idempotent else RolloutError("client_deadline_exceeded", message)

    @staticmethod
    def _answer(status: int, headers: Any, raw: bytes) -> _Answer:
        text = raw.decode("utf-8", errors="replace")
        try:
            body: Any = json.loads(text) if text else None
        except ValueError:
            body = text[:500]
        return _Answer(status, {k.lower(): v for k, v in headers.items()}, body)

    def _with_retries(self, send, deadline: float, attempts: list) -> _Answer:
        last = ""
        retry_after: Optional[float] = None
        for attempt in range(self.max_attempts):
            if attempt > 0:
                delay = self._random.uniform(0, min(BACKOFF_CAP_S, BACKOFF_BASE_S * 2 ** attempt))
                if retry_after is not None:
                    delay = max(delay, min(retry_after, BACKOFF_CAP_S * 4))
                if time.monotonic() + delay >= deadline:
                    break
                time.sleep(delay)
            attempts[0] += 1
            try:
                return send()
            except _Retry as err:
                last = str(err)
                retry_after = err.after_s
        raise RolloutError("upstream_unavailable", f"{last} (after {attempts[0]} attempt{'s' if attempts[0] != 1 else ''})")


# -- CLI -------------------------------------------------------------------------------------------


class InputError(Exception):
    pass


def _read_rows(path: str) -> Iterator[Dict[str, Any]]:
    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except ValueError as err:
                raise InputError(f"{path}:{number}: not JSON: {err}") from err
            if not isinstance(row, dict):
                raise InputError(f"{path}:{number}: a row must be a JSON object")
            yield row


def main(argv: Optional[list] = None) -> int:
    parser = argparse.ArgumentParser(description="Run JSONL rows through an Edge Gym agent; results as they complete.")
    parser.add_argument("--url", required=True, help="the agent's base URL")
    parser.add_argument("--input", required=True, help="rows, one JSON object per line")
    parser.add_argument("--output", required=True, help='one line per row: {"index", "result"} or {"index", "failure"}')
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--token", default=os.environ.get("EDGE_GYM_TOKEN"), help="bearer token (default: $EDGE_GYM_TOKEN)")
    parser.add_argument("--mode", choices=("async", "sync"), default="async")
    parser.add_argument("--max-attempts", type=int, default=5)
    parser.add_argument("--request-timeout-s", type=float, default=60.0)
    parser.add_argument("--rollout-timeout-s", type=float, default=3600.0)
    args = parser.parse_args(argv)
    if args.concurrency < 1 or args.max_attempts < 1:
        parser.error("--concurrency and --max-attempts must be at least 1")
    try:
        # Every line is checked before anything runs; the run then streams the file again.
        for _ in _read_rows(args.input):
            pass
    except (OSError, InputError) as err:
        print(f"edge_gym_client: {err}", file=sys.stderr)
        return 2
    client = EdgeGymClient(args.url, token=args.token, concurrency=args.concurrency, mode=args.mode,
                           max_attempts=args.max_attempts, request_timeout_s=args.request_timeout_s,
                           rollout_timeout_s=args.rollout_timeout_s)
    succeeded = failed = 0
    with open(args.output, "w", encoding="utf-8") as out:
        for outcome in client.run(_read_rows(args.input)):
            out.write(json.dumps(outcome.line()) + "\n")
            out.flush()
            if outcome.ok:
                succeeded += 1
            else:
                failed += 1
                print(f"edge_gym_client: row {outcome.index} failed: {outcome.failure[FAILURE_CLASS_KEY]}: {outcome.failure.get('error')}", file=sys.stderr)
    print(f"edge_gym_client: {succeeded + failed} rows, {succeeded} results, {failed} failures -> {args.output}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
