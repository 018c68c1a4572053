"""`worlds.VectorEnv`: many games stepped at once in Rust."""

import numpy as np
import pytest

import worlds
from worlds import WorldsError


def random_actions(masks, rng):
    return (rng.random(masks.shape) * masks).argmax(axis=1)


def test_reset_gives_every_row_its_seat_observation_and_mask():
    env = worlds.VectorEnv("connect-four", num_envs=8, seed=3)
    assert (len(env), env.num_envs, env.num_players, env.observation_size, env.num_distinct_actions) == (8, 8, 2, 126, 7)
    observations, masks, players = env.reset()
    assert observations.shape == (8, 126) and observations.dtype == np.float32
    assert masks.shape == (8, 7) and masks.dtype == np.int8
    assert players.tolist() == [0] * 8
    assert masks.tolist() == [[1] * 7] * 8
    for i in range(8):
        assert np.array_equal(observations[i], env.state(i).observation_tensor(0))


@pytest.mark.parametrize("game,players", [("world-war-5", 2), ("bastards-inc", 4), ("woobieworld", 3), ("world-of-dungeons", 3), ("world-dumbination", 2)])
def test_each_row_steps_exactly_as_a_state_does(game, players):
    env = worlds.VectorEnv(game, num_envs=4, seed=9, players=players)
    observations, masks, seats = env.reset()
    rng = np.random.default_rng(1)
    for _ in range(60):
        twins = [env.state(i) for i in range(4)]
        actions = random_actions(masks, rng)
        observations, masks, rewards, dones, seats = env.step(actions)
        for i, twin in enumerate(twins):
            seat = min(twin.current_players())
            twin.apply_action(seat, int(actions[i]))
            if dones[i]:
                assert rewards[i].tolist() == pytest.approx(twin.returns())
                continue
            assert rewards[i].tolist() == [0.0] * players
            assert seats[i] == min(twin.current_players())
            assert np.array_equal(observations[i], twin.observation_tensor(int(seats[i])))
            assert np.array_equal(masks[i], twin.legal_actions_mask(int(seats[i])))
            assert env.state(i).to_json() == twin.to_json()


def test_finished_games_report_their_returns_and_start_again():
    env = worlds.VectorEnv("tic-tac-toe", num_envs=16, seed=1)
    _, masks, _ = env.reset()
    rng = np.random.default_rng(2)
    ended = 0
    for _ in range(60):
        _, masks, rewards, dones, players = env.step(random_actions(masks, rng))
        ended += int(dones.sum())
        for i in np.flatnonzero(dones):
            assert rewards[i].sum() in (0.0, 1.0)
            assert env.state(i).move_number() == 0
            assert players[i] == 0 and masks[i].tolist() == [1] * 9
        assert (rewards[~dones] == 0).all()
    assert ended == env.finished_games
    assert ended >= 60 * 16 // 9


def test_the_same_seed_steps_the_same_games():
    runs = []
    for seed in [5, 5, 6]:
        env = worlds.VectorEnv("world-war-5", num_envs=32, seed=seed)
        _, masks, _ = env.reset()
        rng = np.random.default_rng(7)
        trace = []
        for _ in range(50):
            observations, masks, rewards, dones, players = env.step(random_actions(masks, rng))
            trace.append((observations.tobytes(), rewards.tobytes(), dones.tobytes(), players.tobytes()))
        runs.append(trace)
    assert runs[0] == runs[1]
    # Another seed rolls other dice.
    assert runs[0] != runs[2]


def test_an_illegal_action_moves_no_game_and_names_the_game_and_the_legal_codes():
    env = worlds.VectorEnv("connect-four", num_envs=3, seed=1)
    env.reset()
    for _ in range(6):
        env.step([0, 1, 2])
    before = [env.state(i).to_json() for i in range(3)]
    with pytest.raises(WorldsError) as e:
        env.step(np.array([1, 1, 1]))
    assert e.value.kind == "illegal_action"
    assert str(e.value) == "game 1: action 1 (code 1) is not a legal action for P1 now; the legal codes are 0, 2, 3, 4, 5, 6"
    with pytest.raises(WorldsError) as e:
        env.step([3, 3])
    assert e.value.kind == "bad_request"
    assert str(e.value) == "2 actions given for 3 games: give one action code per game"
    with pytest.raises(WorldsError) as e:
        env.step([3, 99, 3])
    assert str(e.value).startswith("game 1: code 99 is not a legal action")
    assert [env.state(i).to_json() for i in range(3)] == before


def test_actions_may_be_any_integer_sequence_and_a_bad_game_is_refused():
    env = worlds.VectorEnv(worlds.load_game("connect-four"), num_envs=2)
    env.reset()
    env.step(np.array([1, 2], dtype=np.int32))
    env.step((3, 4))
    assert env.state(0).move_number() == 2
    with pytest.raises(WorldsError) as e:
        worlds.VectorEnv("connect-four", num_envs=0)
    assert e.value.kind == "bad_request"
    with pytest.raises(WorldsError) as e:
        env.state(2)
    assert str(e.value) == "there is no game 2: games are 0–1"
