"""`python -m worlds.bench` runs and prints its table (figures themselves are measured by hand:
docs/python.md)."""

import re

from worlds import bench


def test_the_benchmark_prints_a_row_per_measure(capsys):
    bench.main(["--seconds", "0.05", "--envs", "16"])
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith("| ") and "measure" not in line]
    assert len(rows) == 7
    for name in ["VectorEnv connect-four (16 envs)", "VectorEnv world-war-5 (16 envs)", "State.apply_action loop, connect-four"]:
        [row] = [r for r in rows if r.split("|")[1].strip() == f"worlds {name}"]
        assert re.search(r"\| +[0-9,]+ \|", row), row
    # PettingZoo's and OpenSpiel's rows: a figure, or how to install what is missing.
    for name in ["PettingZoo connect_four_v3", "OpenSpiel connect_four"]:
        [row] = [r for r in rows if name in r]
        assert re.search(r"\| +[0-9,]+ \||not installed \(\w+\): pip install", row), row
