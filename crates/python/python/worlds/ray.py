"""Simulations on a Ray cluster: ``worlds sim`` with its games spread over Ray tasks.

    import ray, worlds.ray
    ray.init()                       # or ray.init(address="auto") on a cluster
    result = worlds.ray.simulate("world-war-5", seats=["mcts:200", "greedy"], games=1000, seed=7)
    print(result.markdown)

The records and the summary are those ``worlds sim`` writes for the same game, seats, number of
games and seed (``games.jsonl``, ``summary.json``, ``summary.md``): game ``i`` is played from the
run's seed and ``i`` wherever it runs, and the driver puts the records back in order before
summarising. Only the wall-clock times differ.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any, Sequence

import ray

from . import _worlds


@dataclass
class Simulation:
    """The results of a run: one record per game (as ``games.jsonl`` holds them), the summary
    (``summary.json``) and its Markdown report (``summary.md``)."""

    records: list[dict[str, Any]]
    summary: dict[str, Any]
    markdown: str
    lines: list[str] = field(repr=False)
    summary_json: str = field(repr=False)

    def write(self, folder: str) -> None:
        """Writes ``games.jsonl``, ``summary.json`` and ``summary.md`` into ``folder``."""
        import os

        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "games.jsonl"), "w") as f:
            f.writelines(line + "\n" for line in self.lines)
        with open(os.path.join(folder, "summary.json"), "w") as f:
            f.write(self.summary_json)
        with open(os.path.join(folder, "summary.md"), "w") as f:
            f.write(self.markdown)


@ray.remote
def _play(run: dict[str, Any], start: int, stop: int, threads: int) -> list[str]:
    return _worlds.simulate_games(start=start, stop=stop, threads=threads, **run)


def simulate(
    game: str,
    seats: Sequence[str] | str,
    games: int,
    seed: int = 1,
    players: int | None = None,
    variant: str | None = None,
    options: dict[str, Any] | None = None,
    rotate: bool = False,
    batch_size: int | None = None,
    cpus_per_task: int = 1,
) -> Simulation:
    """Plays ``games`` games of ``game`` with the bots of ``seats`` (a list, or a comma-separated
    string as ``worlds sim --seats`` takes it) over the Ray cluster this process is connected to
    (``ray.init`` is called with no arguments when it is not), in tasks of ``batch_size`` games
    (default: about four tasks per CPU of the cluster) using ``cpus_per_task`` threads each, and
    returns what ``worlds sim`` would with the same arguments and seed (its defaults too: seed 1,
    no rotation; ``rotate=True`` is ``--rotate``)."""
    if isinstance(seats, str):
        seats = [s.strip() for s in seats.split(",") if s.strip()]
    run = dict(
        game=game,
        seats=list(seats),
        games=games,
        seed=seed,
        players=players,
        variant=variant,
        options=options,
        rotate=rotate,
    )
    # A bad run is refused here, before any task starts.
    _worlds.simulate_games(start=0, stop=0, threads=1, **run)
    if not ray.is_initialized():
        ray.init()
    if batch_size is None:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        batch_size = max(1, math.ceil(games / (4 * max(1, cpus // cpus_per_task))))
    if batch_size < 1:
        raise ValueError(f"batch_size {batch_size}: give at least 1")
    task = _play.options(num_cpus=cpus_per_task)
    parts = [task.remote(run, start, min(start + batch_size, games), cpus_per_task) for start in range(0, games, batch_size)]
    lines = [line for part in ray.get(parts) for line in part]
    summary_json, markdown = _worlds.summarize(records=lines, **run)
    return Simulation(
        records=[json.loads(line) for line in lines],
        summary=json.loads(summary_json),
        markdown=markdown,
        lines=lines,
        summary_json=summary_json,
    )
