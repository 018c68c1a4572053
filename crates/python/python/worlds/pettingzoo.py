"""PettingZoo AEC environments for every Worlds game.

    from worlds.pettingzoo import env
    e = env("bastards-inc", players=4, render_mode="ansi")
    e.reset(seed=1)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        mask = observation["action_mask"]
        action = None if termination or truncation else e.action_space(agent).sample(mask)
        e.step(action)

Agents are ``player_0`` … ``player_{n-1}`` (seat order). Each observation is a dict: the
seat's observation tensor (``observation``, float32) and its legal actions (``action_mask``,
int8, all zeros when it is not that agent's turn). Rewards are the game's returns, given when it
ends: 1 shared equally among the winners, 0 for everyone else. A simultaneous decision (secret
bids, cards chosen face down) is taken one agent at a time in seat order; no agent's observation
shows an earlier agent's choice until the game reveals it. An illegal action raises
``worlds.WorldsError`` and changes nothing.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from . import Game, State, load_game


class WorldsAEC(AECEnv):
    """One Worlds game as a PettingZoo AEC environment (see the module's documentation)."""

    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": False, "render_fps": 1}

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        variant: str | None = None,
        options: dict[str, Any] | None = None,
        render_mode: str | None = None,
    ):
        super().__init__()
        self.game = game if isinstance(game, Game) else load_game(game, players=players, variant=variant, options=options)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: choose one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"worlds_{self.game.id.replace('-', '_')}_v0")
        n = self.game.num_players()
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        size = self.game.observation_tensor_size()
        actions = self.game.num_distinct_actions()
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=-np.inf, high=np.inf, shape=(size,), dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self.state: State | None = None
        self._rng: np.random.Generator | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        # Each reset plays the next game of a seeded sequence: the same seed, the same games.
        if seed is not None or self._rng is None:
            self._rng = np.random.default_rng(seed)
        self.state = self.game.new_initial_state(int(self._rng.integers(0, 2**63)))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self._to_act()

    def _to_act(self) -> str:
        """The agent to act: the lowest seat still to decide."""
        return self.possible_agents[min(self.state.current_players())]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        if not self.state.is_terminal() and seat in self.state.current_players():
            mask = self.state.legal_actions_mask(seat)
        return {"observation": self.state.observation_tensor(seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.state.apply_action(self._seat[agent], int(action))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.state.is_terminal():
            for a, r in zip(self.possible_agents, self.state.returns()):
                self.rewards[a] = float(r)
            self.terminations = dict.fromkeys(self.agents, True)
            # The dead agents are stepped out in seat order, starting after the one who acted.
            i = self._seat[agent]
            self.agent_selection = self.possible_agents[(i + 1) % len(self.possible_agents)]
        else:
            self.agent_selection = self._to_act()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.state.observation_string() if self.state is not None else ""
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def raw_env(game: str | Game, **kwargs: Any) -> WorldsAEC:
    """The environment without PettingZoo's wrappers."""
    return WorldsAEC(game, **kwargs)


def env(
    game: str | Game,
    players: int | None = None,
    variant: str | None = None,
    options: dict[str, Any] | None = None,
    render_mode: str | None = None,
) -> AECEnv:
    """The AEC environment of ``game``, wrapped as PettingZoo's own environments are (order
    enforced: ``reset`` before ``step``)."""
    e = WorldsAEC(game, players=players, variant=variant, options=options, render_mode=render_mode)
    return wrappers.OrderEnforcingWrapper(e)
