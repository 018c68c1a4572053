"""`worlds.ray.simulate` against `worlds sim`: the same records and summary for the same run,
on a local Ray instance and on a cluster of a head and a worker started with `ray start`."""

import json
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest
import ray

import worlds.ray
from worlds import WorldsError

REPO = Path(__file__).resolve().parents[3]


def worlds_binary() -> str:
    """The `worlds` command line: $WORLDS_BIN, or the workspace's debug build (which `cargo test
    --workspace` leaves), or one on the PATH."""
    for candidate in [os.environ.get("WORLDS_BIN"), REPO / "target" / "debug" / "worlds", shutil.which("worlds")]:
        if candidate and Path(candidate).is_file():
            return str(candidate)
    pytest.fail("no `worlds` binary: build it with `cargo build -p worlds` or set WORLDS_BIN")


def cli_run(tmp_path, *args):
    out = tmp_path / "cli"
    subprocess.run([worlds_binary(), "sim", *args, "--out", str(out)], check=True, capture_output=True, timeout=600)
    lines = (out / "games.jsonl").read_text().splitlines()
    return lines, json.loads((out / "summary.json").read_text()), (out / "summary.md").read_text()


def without_times(record):
    """A record or summary without its wall-clock times (the only thing two runs of the same
    games differ in)."""
    record = dict(record)
    record.pop("millis", None)
    record.pop("millis_per_game", None)
    return record


def without_time_line(markdown):
    return "\n".join(line for line in markdown.splitlines() if "time per game" not in line)


def same_as_cli(result, lines, summary, markdown):
    assert [without_times(r) for r in result.records] == [without_times(json.loads(line)) for line in lines]
    assert without_times(result.summary) == without_times(summary)
    assert without_time_line(result.markdown) == without_time_line(markdown)


@pytest.fixture
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_a_run_on_local_ray_equals_worlds_sim(tmp_path, local_ray):
    lines, summary, markdown = cli_run(tmp_path, "connect-four", "--seats", "greedy,random", "--games", "30", "--seed", "5")
    result = worlds.ray.simulate("connect-four", seats="greedy,random", games=30, seed=5, batch_size=4)
    same_as_cli(result, lines, summary, markdown)
    assert len(result.records) == 30
    assert [r["index"] for r in result.records] == list(range(30))


def test_a_hidden_information_run_with_rotation_equals_worlds_sim(tmp_path, local_ray):
    args = ["bastards-inc", "--players", "3", "--seats", "greedy,random,random", "--games", "12", "--seed", "3", "--rotate"]
    lines, summary, markdown = cli_run(tmp_path, *args)
    result = worlds.ray.simulate(
        "bastards-inc", players=3, seats=["greedy", "random", "random"], games=12, seed=3, rotate=True, batch_size=5
    )
    same_as_cli(result, lines, summary, markdown)
    result.write(str(tmp_path / "ray"))
    assert (tmp_path / "ray" / "games.jsonl").read_text().splitlines() == result.lines


def test_a_bad_run_is_refused_before_any_task_starts():
    with pytest.raises(WorldsError) as e:
        worlds.ray.simulate("connect-four", seats="greedy,mcts:abc", games=4)
    assert e.value.kind == "bad_agent"
    with pytest.raises(WorldsError) as e:
        worlds.ray.simulate("connect-four", seats="random", games=0)
    assert "0 games" in str(e.value)
    assert not ray.is_initialized()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def cluster(tmp_path):
    """A Ray head and one worker node on loopback, one CPU each, started with `ray start`."""
    ray_cli = str(Path(sys.executable).with_name("ray"))
    port = free_port()
    address = f"127.0.0.1:{port}"
    env = {**os.environ, "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "1"}
    common = ["--num-cpus", "1", "--disable-usage-stats"]
    subprocess.run(
        [ray_cli, "start", "--head", "--node-ip-address", "127.0.0.1", "--port", str(port), "--include-dashboard=false", *common],
        check=True,
        capture_output=True,
        env=env,
        timeout=180,
    )
    try:
        subprocess.run(
            [ray_cli, "start", "--address", address, "--node-ip-address", "127.0.0.1", *common],
            check=True,
            capture_output=True,
            env=env,
            timeout=180,
        )
        yield address
    finally:
        ray.shutdown()
        subprocess.run([ray_cli, "stop", "--force"], capture_output=True, env=env, timeout=180)


def test_a_run_on_a_cluster_of_two_nodes_equals_worlds_sim(tmp_path, cluster):
    ray.init(address=cluster, log_to_driver=False)
    nodes = [n for n in ray.nodes() if n["Alive"]]
    assert len(nodes) == 2
    lines, summary, markdown = cli_run(tmp_path, "world-war-5", "--seats", "greedy,random", "--games", "16", "--seed", "9")
    result = worlds.ray.simulate("world-war-5", seats=["greedy", "random"], games=16, seed=9, batch_size=2)
    same_as_cli(result, lines, summary, markdown)
