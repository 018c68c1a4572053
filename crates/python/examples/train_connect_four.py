"""Trains a tiny policy to play connect-four against a random player, with numpy only.

    python crates/python/examples/train_connect_four.py [--episodes 20000] [--seed 1]

The policy is linear: a softmax over the seven columns of ``observation @ W + b``, with illegal
columns masked out. It learns by REINFORCE (the return of each game, minus a running average,
times the gradient of the log-probability of each move) while it plays P1 in 128 games at once
in a ``worlds.VectorEnv``; P2 plays uniformly random legal moves. Its win rate against random is
measured before and after, on games it does not learn from.
"""

from __future__ import annotations

import argparse

import numpy as np

import worlds

ENVS = 128


def policy(weights, bias, observations, masks):
    """The probabilities of each column for each row (illegal columns 0)."""
    logits = observations @ weights + bias
    logits = np.where(masks > 0, logits, -np.inf)
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    return p / p.sum(axis=1, keepdims=True)


def random_moves(masks, rng):
    return (rng.random(masks.shape) * masks).argmax(axis=1)


def sample(probabilities, rng):
    """One column per row, drawn from the row's probabilities."""
    cumulative = probabilities.cumsum(axis=1)
    return (cumulative > rng.random((len(probabilities), 1)) * cumulative[:, -1:]).argmax(axis=1)


def win_rate(weights, bias, games: int, seed: int) -> float:
    """The share of `games` games the policy wins as P1 against random (a draw counts half)."""
    env = worlds.VectorEnv("connect-four", num_envs=ENVS, seed=seed)
    observations, masks, players = env.reset()
    rng = np.random.default_rng(seed)
    score, finished = 0.0, 0
    while finished < games:
        mine = sample(policy(weights, bias, observations, masks), rng)
        actions = np.where(players == 0, mine, random_moves(masks, rng))
        observations, masks, rewards, dones, players = env.step(actions)
        score += float(rewards[dones, 0].sum())
        finished += int(dones.sum())
    return score / finished


def train(episodes: int, seed: int = 1, learning_rate: float = 0.05, report=print) -> tuple[float, float]:
    """Trains for `episodes` games; returns the win rates against random before and after."""
    game = worlds.load_game("connect-four")
    size, columns = game.observation_tensor_size(), game.num_distinct_actions()
    rng = np.random.default_rng(seed)
    weights = np.zeros((size, columns))
    bias = np.zeros(columns)
    before = win_rate(weights, bias, 1000, seed + 1000)
    report(f"win rate against random before training: {before:.1%}")

    env = worlds.VectorEnv(game, num_envs=ENVS, seed=seed)
    observations, masks, players = env.reset()
    # Each game's moves by P1 so far: (observation, probabilities, column).
    moves: list[list[tuple[np.ndarray, np.ndarray, int]]] = [[] for _ in range(ENVS)]
    baseline, played = 0.5, 0
    grad_w, grad_b, batch = np.zeros_like(weights), np.zeros_like(bias), 0
    while played < episodes:
        p = policy(weights, bias, observations, masks)
        actions = np.where(players == 0, sample(p, rng), random_moves(masks, rng))
        for i in np.flatnonzero(players == 0):
            moves[i].append((observations[i], p[i], int(actions[i])))
        observations, masks, rewards, dones, players = env.step(actions)
        for i in np.flatnonzero(dones):
            advantage = float(rewards[i, 0]) - baseline
            baseline += 0.01 * (float(rewards[i, 0]) - baseline)
            for observation, probabilities, column in moves[i]:
                step = -probabilities
                step[column] += 1.0
                grad_w += advantage * np.outer(observation, step)
                grad_b += advantage * step
            moves[i] = []
            played += 1
            batch += 1
        if batch >= ENVS:
            weights += learning_rate * grad_w / batch
            bias += learning_rate * grad_b / batch
            grad_w[:], grad_b[:], batch = 0.0, 0.0, 0
            if played // 2000 != (played - ENVS) // 2000:
                report(f"{played:6d} games, running return {baseline:.2f}")
    after = win_rate(weights, bias, 1000, seed + 2000)
    report(f"win rate against random after {played} games: {after:.1%}")
    return before, after


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    train(args.episodes, args.seed)


if __name__ == "__main__":
    main()
