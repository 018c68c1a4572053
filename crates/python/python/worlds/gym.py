"""A single-agent Gymnasium environment: one seat of a Worlds game, the others played by the
engine's bots.

    import worlds.gym
    env = worlds.gym.make("connect-four", seat=0, opponents="mcts:200")
    observation, info = env.reset(seed=1)
    while True:
        action = env.action_space.sample(info["action_mask"])
        observation, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

Each game is also registered with Gymnasium as ``worlds/<game>-v0``, so
``gymnasium.make("worlds/connect-four-v0", seat=0, opponents="mcts:200")`` works too.

The observation is the seat's observation tensor (float32); ``info["action_mask"]`` (int8) marks
the legal actions, and ``env.action_masks()`` returns it too (as maskable-PPO implementations
ask). The reward is the seat's return when the game ends (1 shared equally among the winners,
0 otherwise) and 0 before. An illegal action ends the episode with ``illegal_reward`` (default
-1) and ``info["illegal_action"] = True``; the game itself never accepts it.
"""

from __future__ import annotations

from typing import Any, Sequence

import gymnasium
import numpy as np
from gymnasium import spaces

from . import Game, State, WorldsError, bot, games, load_game


class WorldsEnv(gymnasium.Env):
    """One seat of a Worlds game against bots (see the module's documentation)."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}

    def __init__(
        self,
        game: str | Game,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        players: int | None = None,
        variant: str | None = None,
        options: dict[str, Any] | None = None,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ):
        self.game = game if isinstance(game, Game) else load_game(game, players=players, variant=variant, options=options)
        n = self.game.num_players()
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat}: the seats of {self.game.id} with {n} players are 0–{n - 1}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: choose one of {self.metadata['render_modes']}")
        others = [s for s in range(n) if s != seat]
        if isinstance(opponents, str):
            opponents = [opponents] * len(others)
        if len(opponents) != len(others):
            raise ValueError(f"{len(opponents)} opponents given for the {len(others)} other seats")
        self.seat = seat
        self.opponents = dict(zip(others, opponents))
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.observation_space = spaces.Box(
            low=-np.inf, high=np.inf, shape=(self.game.observation_tensor_size(),), dtype=np.float32
        )
        self.action_space = spaces.Discrete(self.game.num_distinct_actions())
        self.state: State | None = None

    def _play_opponents(self) -> None:
        """Lets the bots decide until it is this seat's turn or the game is over."""
        while not self.state.is_terminal():
            deciding = self.state.current_players()
            if self.seat in deciding and min(deciding) == self.seat:
                return
            other = min(p for p in deciding if p != self.seat)
            seed = int(self.np_random.integers(0, 2**63))
            action = bot(self.state, self.opponents[other], other, seed)
            self.state.apply_action(other, action)

    def _observe(self) -> tuple[np.ndarray, dict[str, Any]]:
        return self.state.observation_tensor(self.seat), {"action_mask": self.action_masks()}

    def action_masks(self) -> np.ndarray:
        """The legal actions of the seat now (int8, all zeros once the game is over)."""
        if self.state.is_terminal():
            return np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        return self.state.legal_actions_mask(self.seat)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        self.state = self.game.new_initial_state(int(self.np_random.integers(0, 2**63)))
        self._play_opponents()
        return self._observe()

    def step(self, action):
        try:
            self.state.apply_action(self.seat, int(action))
        except WorldsError as e:
            observation, info = self._observe()
            info.update(illegal_action=True, error=str(e))
            return observation, self.illegal_reward, True, False, info
        self._play_opponents()
        observation, info = self._observe()
        terminated = self.state.is_terminal()
        reward = float(self.state.returns()[self.seat]) if terminated else 0.0
        if self.render_mode == "human":
            self.render()
        return observation, reward, terminated, False, info

    def render(self) -> str | None:
        if self.render_mode is None or self.state is None:
            return None
        text = self.state.observation_string(self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def make(game: str | Game, seat: int = 0, opponents: str | Sequence[str] = "random", **kwargs: Any) -> WorldsEnv:
    """The single-agent environment of ``game`` for ``seat`` against ``opponents`` (one bot spec
    for every other seat, or one per other seat in seat order: "random", "greedy", "mcts:200",
    "ismcts:500", …); ``players``, ``variant``, ``options``, ``illegal_reward`` and
    ``render_mode`` as keywords."""
    return WorldsEnv(game, seat=seat, opponents=opponents, **kwargs)


for _game in games():
    gymnasium.register(id=f"worlds/{_game['id']}-v0", entry_point="worlds.gym:WorldsEnv", kwargs={"game": _game["id"]})
