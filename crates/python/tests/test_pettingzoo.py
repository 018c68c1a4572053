"""PettingZoo's own checks on the AEC environment of every game and variant, and what a
simultaneous decision looks like through it."""

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import worlds
from worlds.pettingzoo import env as make_env

CASES = [
    (g["id"], variant["id"], players)
    for g in worlds.games()
    for variant in g["variants"]
    for players in sorted({g["min_players"], min(g["max_players"], 4)})
]


def test_every_game_and_variant_is_covered():
    assert {(game, variant) for game, variant, _ in CASES} == {
        (g["id"], v["id"]) for g in worlds.games() for v in g["variants"]
    }
    assert len(CASES) >= 10


@pytest.mark.parametrize("game,variant,players", CASES)
def test_api_test_passes(game, variant, players):
    api_test(make_env(game, players=players, variant=variant, render_mode="ansi"), num_cycles=1000)


@pytest.mark.parametrize("game,variant,players", CASES)
def test_seed_test_passes(game, variant, players):
    seed_test(lambda: make_env(game, players=players, variant=variant), num_cycles=100)


def test_a_whole_game_ends_with_the_games_returns_as_rewards():
    e = make_env("bastards-inc", players=3, render_mode="ansi")
    e.reset(seed=3)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    rng = np.random.default_rng(0)
    steps = 0
    for agent in e.agent_iter():
        observation, reward, termination, truncation, _ = e.last()
        totals[agent] += reward
        if termination or truncation:
            e.step(None)
            continue
        assert observation["action_mask"].sum() >= 1
        e.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
    state = e.unwrapped.state
    assert state.is_terminal()
    assert [totals[a] for a in e.possible_agents] == pytest.approx(state.returns())
    assert "Bastards Inc." in e.unwrapped.render()


def test_a_simultaneous_decision_is_taken_in_seat_order_and_keeps_earlier_choices_hidden():
    e = make_env("world-dumbination", players=2)
    e.reset(seed=1)
    inner = e.unwrapped
    rng = np.random.default_rng(4)
    while not inner.state.is_simultaneous_node():
        observation, *_ = e.last()
        e.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert e.agent_selection == "player_0"
    assert e.observe("player_1")["action_mask"].sum() >= 1
    before = e.observe("player_1")["observation"]
    seen = set()
    for action in np.flatnonzero(e.observe("player_0")["action_mask"])[:4]:
        trial = inner.state.clone()
        trial.apply_action(0, int(action))
        seen.add(trial.observation_tensor(1).tobytes())
    assert len(seen) == 1
    e.step(int(np.flatnonzero(e.observe("player_0")["action_mask"])[0]))
    assert e.agent_selection == "player_1"
    assert before.shape == e.observe("player_1")["observation"].shape
