#!/usr/bin/env bash
# The simulations behind docs/analysis/bastards-inc.md: equal bots in every seat (information-set
# MCTS, the heuristic evaluating each new node), at 3, 4 and 5 players, seats rotated, Business
# Plans dealt at random (BI-SETUP-2), with the Prize's and the VPs' purchases counted.
# Run from the repository root after `cargo build --release`:
#   bash docs/analysis/bastards-inc.sh [OUT_DIR]
# Each run writes games.jsonl, summary.md and plots into OUT_DIR/<n>p; the last step sums up how
# games end (the end text says the turn, the reason, the wars and the Prizes bought).
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
python3 - "$out" <<'PY'
import json, re, sys, collections
out = sys.argv[1]
print("| players | games | mean turns | turns (min–max) | money target | turn cap | Nuclear Apocalypse | wars per game | Prize bought in | Prizes per game |")
print("|---|---|---|---|---|---|---|---|---|---|")
for n in (3, 4, 5):
    rows = [json.loads(l) for l in open(f"{out}/{n}p/games.jsonl")]
    ends = collections.Counter()
    turns, wars, prizes = [], [], []
    for r in rows:
        m = re.match(r"the game is over in turn (\d+): (.*) \((\d+) war\(s\), the Peace Nobel Prize bought (\d+) time\(s\)\)", r["ending"] or "")
        turns.append(int(m[1])); ends[m[2]] += 1; wars.append(int(m[3])); prizes.append(int(m[4]))
    k = len(rows)
    pct = lambda what: f"{100 * ends[what] / k:.0f}%"
    bought = sum(1 for p in prizes if p > 0)
    print(f"| {n} | {k} | {sum(turns) / k:.1f} | {min(turns)}–{max(turns)} | {pct('the money target is reached')} | "
          f"{pct('the last turn is played')} | {pct('Nuclear Apocalypse')} | {sum(wars) / k:.1f} | "
          f"{100 * bought / k:.0f}% | {sum(prizes) / k:.2f} |")
PY
