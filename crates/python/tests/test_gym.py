"""The single-agent Gymnasium environment against bots."""

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import worlds.gym


@pytest.mark.parametrize(
    "game,opponents,players",
    [("connect-four", "mcts:50", None), ("world-war-5", "greedy", 2), ("bastards-inc", "random", 3), ("woobieworld", "greedy", 3)],
)
def test_check_env_passes(game, opponents, players):
    check_env(worlds.gym.make(game, seat=1, opponents=opponents, players=players), skip_render_check=False)


def test_every_game_is_registered_with_gymnasium():
    import gymnasium

    env = gymnasium.make("worlds/world-war-5-v0", seat=0, opponents="greedy", render_mode="ansi")
    check_env(env.unwrapped)
    observation, info = env.reset(seed=2)
    assert observation.shape == (env.unwrapped.game.observation_tensor_size(),)
    assert "P1" in env.render()
    for g in worlds.games():
        assert f"worlds/{g['id']}-v0" in gymnasium.registry


def test_a_game_against_random_bots_is_played_to_its_reward():
    env = worlds.gym.make("bastards-inc", seat=2, opponents=["greedy", "random"], players=3, render_mode="ansi")
    observation, info = env.reset(seed=5)
    assert observation.shape == env.observation_space.shape
    assert info["action_mask"].sum() >= 1
    total, steps = 0.0, 0
    while True:
        action = env.action_space.sample(info["action_mask"])
        observation, reward, terminated, truncated, info = env.step(action)
        total += reward
        steps += 1
        if terminated or truncated:
            break
        assert reward == 0.0
        assert env.action_masks().tolist() == info["action_mask"].tolist()
    assert "illegal_action" not in info
    assert total == env.state.returns()[2]
    assert "Bastards Inc." in env.render()


def test_an_illegal_action_ends_the_episode_with_the_penalty_and_the_game_untouched():
    env = worlds.gym.make("connect-four", seat=0, opponents="random", illegal_reward=-5)
    env.reset(seed=1)
    # Column 0 filled by both players in turn (no four in a row), P1 to move.
    state = env.game.new_initial_state()
    for _ in range(6):
        state.apply_action(0)
    env.state = state
    before = state.to_json()
    observation, reward, terminated, truncated, info = env.step(0)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-5.0, True, False, True)
    assert "column 0" in info["error"]
    assert info["action_mask"].tolist() == [0, 1, 1, 1, 1, 1, 1]
    assert np.array_equal(observation, state.observation_tensor(0))
    assert env.state.to_json() == before


def test_bad_seats_and_opponents_are_refused():
    with pytest.raises(ValueError, match="seat 2: the seats of connect-four with 2 players are 0–1"):
        worlds.gym.make("connect-four", seat=2)
    with pytest.raises(ValueError, match="2 opponents given for the 1 other seats"):
        worlds.gym.make("connect-four", opponents=["random", "random"])
