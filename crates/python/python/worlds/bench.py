"""Steps per second of the ways to play Worlds from Python, beside PettingZoo's and OpenSpiel's
connect four driven by the same loop:

    python -m worlds.bench [--seconds 3] [--envs 256]

- ``VectorEnv``: games stepped in Rust on all cores, random legal actions drawn in Rust
  (``random_actions``), and drawn from the masks with numpy as a policy's code would;
- a plain Python loop over ``State.legal_actions`` and ``State.apply_action``;
- PettingZoo's ``connect_four_v3`` and OpenSpiel's ``connect_four`` (when installed:
  ``pip install pettingzoo[classic] open_spiel``) driven by the same plain loop.

Each measure plays whole games with uniformly random legal actions for about ``--seconds``.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from typing import Callable

# numpy's OpenBLAS otherwise keeps threads spinning beside the loops measured here (no measure
# uses BLAS); every measure gets the same setting.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

import worlds  # noqa: E402


def _timed(seconds: float, chunk: Callable[[], int]) -> float:
    """Steps per second of ``chunk`` (which returns the steps it took), run for ``seconds``."""
    chunk()  # warm up
    steps, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        steps += chunk()
    return steps / elapsed


def vector_env(game: str, envs: int, seconds: float, numpy_choice: bool = False) -> float:
    """Steps per second of a VectorEnv, each step a random legal action per game: drawn in Rust
    (`random_actions`), or with `numpy_choice` from the masks in numpy as a policy's code would."""
    env = worlds.VectorEnv(game, num_envs=envs, seed=1)
    _, masks, _ = env.reset()
    rng = np.random.default_rng(1)

    def chunk() -> int:
        nonlocal masks
        for _ in range(20):
            if numpy_choice:
                actions = (rng.random(masks.shape, dtype=np.float32) * masks).argmax(axis=1)
            else:
                actions = env.random_actions()
            _, masks, _, _, _ = env.step(actions)
        return 20 * envs

    return _timed(seconds, chunk)


def python_loop(game: str, seconds: float) -> float:
    g = worlds.load_game(game)
    choice = random.Random(1).choice
    seed = 0

    def chunk() -> int:
        nonlocal seed
        seed += 1
        state, steps = g.new_initial_state(seed), 0
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
            steps += 1
        return steps

    return _timed(seconds, chunk)


def pettingzoo_connect_four(seconds: float) -> float:
    from pettingzoo.classic import connect_four_v3

    env = connect_four_v3.env()
    choice = random.Random(1).choice

    def chunk() -> int:
        env.reset(seed=1)
        steps = 0
        for _ in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            env.step(choice(np.flatnonzero(observation["action_mask"])))
            steps += 1
        return steps

    return _timed(seconds, chunk)


def open_spiel_connect_four(seconds: float) -> float:
    import pyspiel

    game = pyspiel.load_game("connect_four")
    choice = random.Random(1).choice

    def chunk() -> int:
        state, steps = game.new_initial_state(), 0
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
            steps += 1
        return steps

    return _timed(seconds, chunk)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m worlds.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measure (default 3)")
    parser.add_argument("--envs", type=int, default=256, help="games in each VectorEnv (default 256)")
    args = parser.parse_args(argv)

    rows: list[tuple[str, float | None, str]] = []

    def measure(name: str, run: Callable[[], float]) -> None:
        try:
            rows.append((name, run(), ""))
        except ImportError as e:
            rows.append((name, None, f"not installed ({e.name}): pip install pettingzoo[classic] open_spiel"))
        print(f"  measured {name}", flush=True)

    print(f"worlds {worlds.__version__}, {os.cpu_count()} cores, {args.seconds:g} s per measure", flush=True)
    measure(f"worlds VectorEnv connect-four ({args.envs} envs)", lambda: vector_env("connect-four", args.envs, args.seconds))
    measure(
        f"worlds VectorEnv connect-four ({args.envs} envs), numpy choice",
        lambda: vector_env("connect-four", args.envs, args.seconds, numpy_choice=True),
    )
    measure(f"worlds VectorEnv world-war-5 ({args.envs} envs)", lambda: vector_env("world-war-5", args.envs, args.seconds))
    measure("worlds State.apply_action loop, connect-four", lambda: python_loop("connect-four", args.seconds))
    measure("worlds State.apply_action loop, world-war-5", lambda: python_loop("world-war-5", args.seconds))
    measure("PettingZoo connect_four_v3, same loop", lambda: pettingzoo_connect_four(args.seconds))
    measure("OpenSpiel connect_four from Python, same loop", lambda: open_spiel_connect_four(args.seconds))

    rates = {name: rate for name, rate, _ in rows}
    pz = rates.get("PettingZoo connect_four_v3, same loop")
    osp = rates.get("OpenSpiel connect_four from Python, same loop")
    width = max(len(name) for name, _, _ in rows)
    print()
    print(f"| {'measure'.ljust(width)} | {'steps/s':>12} | {'× PettingZoo':>12} | {'× OpenSpiel':>11} |")
    print(f"|{'-' * (width + 2)}|{'-' * 13}:|{'-' * 13}:|{'-' * 12}:|")
    for name, rate, note in rows:
        if rate is None:
            print(f"| {name.ljust(width)} | {note} |")
            continue
        vs_pz = f"{rate / pz:.1f}" if pz else "–"
        vs_os = f"{rate / osp:.1f}" if osp else "–"
        print(f"| {name.ljust(width)} | {rate:12,.0f} | {vs_pz:>12} | {vs_os:>11} |")


if __name__ == "__main__":
    main()
