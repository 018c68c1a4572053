"""The example in crates/python/examples: a tiny numpy policy learns connect-four against random."""

import importlib.util
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "train_connect_four.py"


def test_the_tiny_policy_learns_to_beat_random():
    spec = importlib.util.spec_from_file_location("train_connect_four", EXAMPLE)
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    lines = []
    before, after = example.train(6000, seed=1, report=lines.append)
    # Untrained, it plays uniformly at random (about half the games); trained, nine in ten.
    assert 0.4 < before < 0.65
    assert after > 0.85
    assert lines[0].startswith("win rate against random before training: ")
    assert lines[-1].startswith("win rate against random after 60")
