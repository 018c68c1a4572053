#!/usr/bin/env bash
# The simulations behind docs/analysis/bastards-inc.md: equal bots in every seat (information-set
# MCTS, the heuristic evaluating each new node), at 3, 4 and 5 players, seats rotated, Business
# Plans dealt at random (BI-SETUP-2), with the Prize's and the VPs' purchases counted.
# Run from the repository root after `cargo build --release`:
#   bash docs/analysis/bastards-inc.sh [OUT_DIR]
# Each run writes games.jsonl, summary.md and plots into OUT_DIR/<n>p. summary.md holds the win
# rates by seat and by Business Plan, and the game's own measures: its length in game turns, how it
# ended (money target, last turn, Nuclear Apocalypse), wars and Prizes bought.
# CONTENT=DIR plays other content files (e.g. the spec's first version); BOT another agent; GAMES3,
# GAMES4 and GAMES5 other numbers of games.
set -euo pipefail
out=${1:-target/analysis/bastards-inc}
worlds=${WORLDS:-target/release/worlds}
bot=${BOT:-ismcts:1000:rollout=heuristic:0}
content=${CONTENT:+--content $CONTENT}
declare -A games=([3]=${GAMES3:-200} [4]=${GAMES4:-200} [5]=${GAMES5:-200})
for n in 3 4 5; do
  "$worlds" sim bastards-inc --players "$n" --seats "$bot" --rotate --games "${games[$n]}" --seed 14 $content \
    --count "buy prize" --count "buy vp" --count sell --count launder --count expose --count accept \
    --out "$out/${n}p" > /dev/null
done
