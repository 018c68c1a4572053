"""Worlds for AI research: every Worlds board game through an OpenSpiel-style API.

    import worlds
    game = worlds.load_game("connect-four")
    state = game.new_initial_state(seed=7)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    print(state.returns())

Also here: ``worlds.VectorEnv`` (many games stepped at once in Rust), ``worlds.bot`` (the
engine's bots), and the submodules ``worlds.pettingzoo`` (AEC environments), ``worlds.gym``
(a single-agent Gymnasium environment against bots), ``worlds.ray`` (simulations on a Ray
cluster) and ``worlds.bench`` (``python -m worlds.bench``). See docs/python.md.
"""

from ._worlds import Game, State, VectorEnv, WorldsError, __version__, bot, games, load_game
from ._worlds import game_from_config as _game_from_config

__all__ = ["Game", "State", "VectorEnv", "WorldsError", "__version__", "bot", "games", "load_game"]
