"""Plays a whole blackjack hand and a whole Sokoban level through OpenEnv's own Python client.

The check of docs/openenv.md: OpenEnv's GenericEnvClient (from OpenEnv's source tree, given by
--openenv-src) against the /ws endpoint of a local stack's episode servers. Only the client's
modules are loaded: OpenEnv's package __init__ also loads its server side (FastAPI, pydantic 2,
Gradio), which a client does not use and which is not installable on every machine. The client
needs `websockets` 13 or newer (its asyncio client); --websockets-src adds a source tree of it.

    python3 scripts/openenv/play.py --openenv-src ~/OpenEnv/src \\
        --blackjack http://127.0.0.1:PORT --sokoban http://127.0.0.1:PORT

Prints one JSON line per episode and exits 0 when both ended (done) with a numeric reward.
"""

import argparse
import asyncio
import importlib
import json
import sys
import types
from collections import deque
from pathlib import Path

MOVES = {"Up": (-1, 0), "Down": (1, 0), "Left": (0, -1), "Right": (0, 1)}


def load_client(openenv_src: Path):
    # Package shells without their __init__: importing openenv.core would load the server side too.
    for name, path in (("openenv", openenv_src / "openenv"), ("openenv.core", openenv_src / "openenv" / "core")):
        if not path.is_dir():
            sys.exit(f"--openenv-src: {path} is not a directory (give OpenEnv's src/ folder)")
        package = types.ModuleType(name)
        package.__path__ = [str(path)]
        sys.modules[name] = package
    return importlib.import_module("openenv.core.generic_client").GenericEnvClient


def solve(board_text: str) -> list[str]:
    """The shortest push sequence for a Sokoban board as our observation draws it (breadth-first)."""
    rows = [line for line in board_text.splitlines() if line and set(line) <= set("#_OX√PS")]
    walls, targets, boxes, player = set(), set(), set(), None
    for r, line in enumerate(rows):
        for c, cell in enumerate(line):
            if cell == "#":
                walls.add((r, c))
            if cell in "O√S":
                targets.add((r, c))
            if cell in "X√":
                boxes.add((r, c))
            if cell in "PS":
                player = (r, c)
    start = (player, frozenset(boxes))
    seen, queue = {start}, deque([(start, [])])
    while queue:
        (pos, bx), path = queue.popleft()
        if bx <= targets:
            return path
        for name, (dr, dc) in MOVES.items():
            step = (pos[0] + dr, pos[1] + dc)
            if step in walls:
                continue
            nb = bx
            if step in bx:
                beyond = (step[0] + dr, step[1] + dc)
                if beyond in walls or beyond in bx:
                    continue
                nb = (bx - {step}) | {beyond}
            state = (step, nb)
            if state not in seen:
                seen.add(state)
                queue.append((state, path + [name]))
    raise SystemExit("sokoban: the board has no solution")


async def play(client, first_action, next_action, reset_kwargs):
    async with client as env:
        result = await env.reset(**reset_kwargs)
        plan = first_action(result.observation)
        rewards, steps = [], 0
        while not result.done:
            result = await env.step({"message": next_action(plan, result.observation)})
            rewards.append(result.reward)
            steps += 1
        state = await env.state()
    return {"steps": steps, "rewards": rewards, "done": result.done, "state": state, "last": result.observation}


def blackjack_action(_plan, observation):
    # Hit below 17, as a dealer would: a hand of several steps more often than not.
    total = int(observation["text"].split("=")[1].split()[0])
    return "<action>hit</action>" if total < 17 else "<action>stand</action>"


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--openenv-src", required=True, type=Path, help="OpenEnv's src/ folder")
    parser.add_argument("--websockets-src", type=Path, help="a source tree of websockets>=13 (its src/ folder), if not installed")
    parser.add_argument("--blackjack", required=True, help="the blackjack server's URL")
    parser.add_argument("--sokoban", required=True, help="the grl_sokoban server's URL")
    args = parser.parse_args()
    if args.websockets_src:
        sys.path.insert(0, str(args.websockets_src))
    GenericEnvClient = load_client(args.openenv_src)

    blackjack = await play(GenericEnvClient(base_url=args.blackjack), lambda _obs: None, blackjack_action, {"seed": 2})
    sokoban = await play(
        GenericEnvClient(base_url=args.sokoban),
        lambda obs: deque(solve(obs["text"])),
        lambda plan, _obs: f"<action>{plan.popleft()}</action>",
        {"seed": 5, "dim_room": [7, 7], "num_boxes": 2},
    )
    ok = True
    for name, episode in (("blackjack", blackjack), ("grl_sokoban", sokoban)):
        print(json.dumps({"environment": name, **episode}))
        ok = ok and episode["done"] and all(isinstance(r, (int, float)) for r in episode["rewards"])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
