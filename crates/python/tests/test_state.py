"""The OpenSpiel-style API: games, their facts, states, errors, copies, saving, determinizing,
bots."""

import copy
import json
import random

import numpy as np
import pytest

import worlds
from worlds import WorldsError

GAME_IDS = ["world-war-5", "woobieworld", "world-of-dungeons", "world-dumbination", "bastards-inc", "connect-four", "tic-tac-toe"]


def random_game(state, rng, limit=100_000):
    """Plays random legal actions (each deciding player in seat order) until the end; returns the
    actions as (player, code)."""
    played = []
    while not state.is_terminal():
        assert len(played) < limit, f"no end after {limit} actions"
        player = min(state.current_players())
        action = rng.choice(state.legal_actions(player))
        state.apply_action(player, action)
        played.append((player, action))
    return played


def test_games_lists_every_game_with_its_facts():
    listed = {g["id"]: g for g in worlds.games()}
    assert list(listed) == GAME_IDS
    assert listed["bastards-inc"]["hidden_information"] is True
    assert listed["bastards-inc"]["simultaneous"] is True
    assert listed["world-war-5"]["simultaneous"] is False
    assert listed["world-war-5"]["chance"] is True
    assert listed["connect-four"]["chance"] is False
    assert (listed["bastards-inc"]["min_players"], listed["bastards-inc"]["max_players"]) == (3, 6)


def test_a_game_states_its_static_facts():
    c4 = worlds.load_game("connect-four")
    assert c4.facts() == {
        "id": "connect-four",
        "name": "Connect four",
        "variant": "standard",
        "players": 2,
        "num_distinct_actions": 7,
        "observation_tensor_shape": [126],
        "max_game_length": 42,
        "hidden_information": False,
        "simultaneous_decisions": False,
        "chance": False,
    }
    assert worlds.load_game("tic-tac-toe").max_game_length() == 9
    bi = worlds.load_game("bastards-inc", players=4)
    assert (bi.num_players(), bi.has_hidden_information(), bi.has_simultaneous_decisions(), bi.has_chance()) == (4, True, True, True)
    assert bi.max_game_length() is None
    assert bi.config() == {"players": 4}
    assert repr(bi) == 'worlds.load_game("bastards-inc", players=4, variant="standard")'


def test_unknown_games_and_bad_configs_raise_the_engines_errors():
    with pytest.raises(WorldsError) as e:
        worlds.load_game("chess")
    assert e.value.kind == "unknown_game"
    assert str(e.value) == "unknown game `chess`; the games are: " + ", ".join(GAME_IDS)
    with pytest.raises(WorldsError) as e:
        worlds.load_game("bastards-inc", players=2)
    assert e.value.kind == "bad_config"
    assert str(e.value) == "bastards-inc is for 3–6 players, not 2"
    with pytest.raises(WorldsError) as e:
        worlds.load_game("bastards-inc", players=4, options={"turn_cap": 0})
    assert e.value.kind == "bad_config"
    assert "turn_cap" in str(e.value)


def test_a_connect_four_game_is_played_to_a_win_by_codes_and_by_notation():
    state = worlds.load_game("connect-four").new_initial_state()
    assert (state.current_player(), state.current_players(), state.is_chance_node()) == (0, [0], False)
    assert state.legal_actions() == [0, 1, 2, 3, 4, 5, 6]
    assert state.legal_actions_mask().tolist() == [1] * 7
    assert state.legal_actions_mask().dtype == np.int8
    for column in [3, 4, 3, 4, 3]:
        state.apply_action(column)
    state.apply_action(1, state.string_to_action("4"))
    state.apply_action(0, 3)
    assert state.is_terminal()
    assert state.current_player() == -4
    assert state.current_players() == []
    assert state.legal_actions() == []
    assert state.returns() == [1.0, 0.0]
    assert state.outcome() == {"scores": [1, 0], "ranks": [1, 2], "returns": [1.0, 0.0]}
    assert state.move_number() == 7
    assert state.action_to_string(3) == "3"
    assert state.action_to_string(0, 3) == "3"


def test_the_observation_tensor_is_the_seats_own_view():
    game = worlds.load_game("connect-four")
    state = game.new_initial_state()
    state.apply_action(3)
    mine, theirs = state.observation_tensor(0), state.observation_tensor(1)
    assert mine.dtype == np.float32 and mine.shape == (126,)
    assert not np.array_equal(mine, theirs)
    assert float(mine.sum()) == float(theirs.sum())


def test_the_table_shows_a_seat_its_own_hand_and_nobody_elses():
    game = worlds.load_game("woobieworld", players=3)
    state = game.new_initial_state(seed=5)
    mine = state.table(0)
    assert mine["phase"] == "Setup · choosing homes"
    assert [p["seat"] for p in mine["panels"]] == [0, 1, 2]
    assert [c["name"] for c in mine["panels"][0]["hand"]] == [c["name"] for c in state.table(0)["panels"][0]["hand"]]
    assert len(mine["panels"][0]["hand"]) == 4
    assert all("hand" not in p for p in mine["panels"][1:])
    assert all("hand" not in p for p in state.table()["panels"])
    assert worlds.load_game("tic-tac-toe").new_initial_state().table() is None


def test_refused_actions_raise_with_the_rule_and_change_nothing():
    state = worlds.load_game("connect-four").new_initial_state()
    for _ in range(6):
        state.apply_action(0)
    before = state.to_json()
    with pytest.raises(WorldsError) as e:
        state.apply_action(0)
    assert e.value.kind == "illegal_action"
    with pytest.raises(WorldsError) as e:
        state.apply_action(1, 2)
    assert e.value.kind == "not_your_turn"
    with pytest.raises(WorldsError) as e:
        state.apply_action(7)
    assert e.value.kind == "bad_request"
    assert str(e.value) == "action code 7 is not an action of this game; codes are 0–6"
    with pytest.raises(WorldsError) as e:
        state.apply_action(-1)
    assert e.value.kind == "bad_request"
    with pytest.raises(WorldsError) as e:
        state.legal_actions(2)
    assert e.value.kind == "bad_request"
    assert str(e.value) == "there is no player 2: players are 0–1"
    with pytest.raises(WorldsError) as e:
        state.string_to_action("north")
    assert e.value.kind == "bad_notation"
    assert state.to_json() == before


@pytest.mark.parametrize("game", GAME_IDS)
def test_random_games_of_every_game_end_with_returns_that_share_one_win(game):
    g = worlds.load_game(game)
    for seed in range(3):
        state = g.new_initial_state(seed)
        random_game(state, random.Random(seed))
        returns = state.returns()
        assert len(returns) == g.num_players()
        assert all(r >= 0 for r in returns)
        assert sum(returns) == pytest.approx(1.0) or sum(returns) == 0.0


@pytest.mark.parametrize("game", ["world-war-5", "bastards-inc", "woobieworld"])
def test_the_same_seed_and_actions_give_the_same_game(game):
    g = worlds.load_game(game)
    a, b = g.new_initial_state(11), g.new_initial_state(11)
    played = random_game(a, random.Random(5))
    for player, action in played:
        b.apply_action(player, action)
    assert a.to_json() == b.to_json()
    assert g.new_initial_state(12).to_json() != g.new_initial_state(11).to_json()


def test_a_clone_replays_the_same_dice_and_a_reseeded_clone_draws_its_own():
    g = worlds.load_game("world-war-5")
    state = g.new_initial_state(3)
    rng = random.Random(1)
    for _ in range(8):
        player = min(state.current_players())
        state.apply_action(player, rng.choice(state.legal_actions(player)))
    assert not state.is_terminal()
    twin, copied, other = state.clone(), copy.deepcopy(state), state.clone(seed=99)
    assert twin.to_json() == state.to_json() == copied.to_json()
    played = random_game(state, random.Random(2))
    for player, action in played:
        twin.apply_action(player, action)
    assert twin.to_json() == state.to_json()
    # The copy is independent of the original, and the reseeded one rolls other dice.
    assert json.loads(other.to_json())["random"]["seed"] == 99
    assert not other.is_terminal()


def test_a_saved_state_goes_on_exactly_as_the_original():
    g = worlds.load_game("bastards-inc", players=4)
    state = g.new_initial_state(8)
    rng = random.Random(4)
    for _ in range(60):
        player = min(state.current_players())
        state.apply_action(player, rng.choice(state.legal_actions(player)))
    saved = state.to_json()
    restored = worlds.State.from_json(saved)
    also = worlds.State.from_json(json.loads(saved))
    assert restored.to_json() == saved == also.to_json()
    assert restored.move_number() == 60
    for player, action in random_game(state, random.Random(6)):
        restored.apply_action(player, action)
    assert restored.to_json() == state.to_json()


def test_a_damaged_saved_state_is_refused_with_the_json_path():
    state = worlds.load_game("connect-four").new_initial_state()
    saved = json.loads(state.to_json())
    with pytest.raises(WorldsError) as e:
        worlds.State.from_json({**saved, "random": {"seed": 1}})
    assert e.value.kind == "bad_state"
    assert str(e.value).startswith("state field `random`: missing field `drawn`")
    with pytest.raises(WorldsError) as e:
        worlds.State.from_json("{not json")
    assert e.value.kind == "bad_state"
    with pytest.raises(WorldsError) as e:
        worlds.State.from_json({**saved, "game": "chess"})
    assert e.value.kind == "unknown_game"
    broken = copy.deepcopy(saved)
    broken["state"] = {"nonsense": True}
    with pytest.raises(WorldsError) as e:
        worlds.State.from_json(broken)
    assert e.value.kind == "bad_state"
    assert "state" in str(e.value)


@pytest.mark.parametrize("game", ["woobieworld", "world-of-dungeons", "bastards-inc", "world-dumbination"])
def test_a_determinized_state_looks_the_same_to_its_player_but_reshuffles_the_rest(game):
    g = worlds.load_game(game)
    state = g.new_initial_state(5)
    rng = random.Random(3)
    for _ in range(30):
        if state.is_terminal():
            break
        player = min(state.current_players())
        state.apply_action(player, rng.choice(state.legal_actions(player)))
    differs = False
    for seed in range(20):
        guess = state.determinize(0, seed)
        assert guess.observation_json(0) == state.observation_json(0)
        assert np.array_equal(guess.observation_tensor(0), state.observation_tensor(0))
        assert guess.legal_actions_mask(0).tolist() == state.legal_actions_mask(0).tolist()
        differs |= json.loads(guess.to_json())["state"] != json.loads(state.to_json())["state"]
    assert differs, "twenty determinizations all equal the true state"


def first_simultaneous(game, players, seed):
    state = worlds.load_game(game, players=players).new_initial_state(seed)
    rng = random.Random(seed)
    while not state.is_simultaneous_node():
        assert not state.is_terminal(), "the game ended without a simultaneous decision"
        player = min(state.current_players())
        state.apply_action(player, rng.choice(state.legal_actions(player)))
    return state


@pytest.mark.parametrize("game,players", [("bastards-inc", 3), ("world-dumbination", 2)])
def test_in_a_simultaneous_decision_another_seat_sees_only_whether_a_choice_is_made(game, players):
    state = first_simultaneous(game, players, 2)
    assert state.current_player() == -2
    deciding = state.current_players()
    assert len(deciding) >= 2
    with pytest.raises(WorldsError) as e:
        state.legal_actions()
    assert e.value.kind == "bad_request"
    first, second = deciding[0], deciding[1]
    choices = state.legal_actions(first)
    assert len(choices) >= 2
    # What the second seat sees after each choice of the first, by whether the first seat is
    # done choosing: within each group, one view whatever the choice was.
    views = {}
    for action in choices[:6]:
        after = state.clone()
        after.apply_action(first, action)
        done = first not in after.current_players()
        seen = (json.dumps(after.observation_json(second), sort_keys=True), after.observation_tensor(second).tobytes())
        views.setdefault(done, set()).add(seen)
    assert all(len(group) == 1 for group in views.values()), {done: len(group) for done, group in views.items()}
    assert sum(len(group) for group in views.values()) <= 2


def test_a_bot_chooses_from_what_its_player_may_know():
    state = worlds.load_game("connect-four").new_initial_state()
    for column in [0, 6, 0, 6, 0]:
        state.apply_action(column)
    # P2 must block column 0; a search bot sees it.
    assert worlds.bot(state, "mcts:300", seed=1) == 0
    state.apply_action(6)
    assert worlds.bot(state, "mcts:300", 0, seed=1) == 0
    assert worlds.bot(state, "random", seed=3) in state.legal_actions()
    with pytest.raises(WorldsError) as e:
        worlds.bot(state, "mcts:abc")
    assert e.value.kind == "bad_agent"
    with pytest.raises(WorldsError) as e:
        worlds.bot(state, "random", 1)
    assert e.value.kind == "not_to_act"


def test_a_bot_plays_a_hidden_information_game_to_the_end():
    state = worlds.load_game("bastards-inc", players=3).new_initial_state(4)
    while not state.is_terminal():
        player = min(state.current_players())
        state.apply_action(player, worlds.bot(state, "greedy", player))
    assert sum(state.returns()) == pytest.approx(1.0)


def test_content_files_replace_the_built_in_ones(tmp_path):
    bad = tmp_path / "content"
    bad.mkdir()
    (bad / "board.toml").write_text("this is = = not toml\n")
    with pytest.raises(WorldsError) as e:
        worlds.load_game("world-war-5", content=str(bad))
    assert e.value.kind == "bad_content"
    assert "board.toml" in str(e.value)
    with pytest.raises(WorldsError) as e:
        worlds.load_game("world-war-5", content=str(tmp_path / "missing"))
    assert e.value.kind == "io"


def test_states_and_games_pickle_and_come_back_exactly():
    import pickle

    game = worlds.load_game("bastards-inc", players=4, options={"turn_cap": 11})
    state = game.new_initial_state(5)
    rng = random.Random(2)
    for _ in range(30):
        player = min(state.current_players())
        state.apply_action(player, rng.choice(state.legal_actions(player)))
    copy_of_state = pickle.loads(pickle.dumps(state))
    assert copy_of_state.to_json() == state.to_json()
    for player, action in random_game(state, random.Random(9)):
        copy_of_state.apply_action(player, action)
    assert copy_of_state.to_json() == state.to_json()
    copy_of_game = pickle.loads(pickle.dumps(game))
    assert copy_of_game.facts() == game.facts()
    assert copy_of_game.config() == {"players": 4, "options": {"turn_cap": 11}}
