#!/usr/bin/env bash
# The simulations behind docs/analysis/world-dumbination.md: IS-MCTS bots at 2, 3, 4 and 5 players,
# seats rotated, every Level card counted (how often it is placed and how its player fares).
# Run from the repository root after `cargo build --release`:
#   bash docs/analysis/world-dumbination.sh [OUT_DIR]
# Each run writes games.jsonl, summary.md and plots into OUT_DIR/<n>p; the last step sums up how
# games end (the end text says the round and the bombs fired and disarmed).
set -euo pipefail
out=${1:-target/analysis/world-dumbination}
worlds=${WORLDS:-target/release/worlds}
cards=crates/games/world-dumbination/content/cards.toml
# Every Level 1 and Level 2 card's id (the First Goals and Dumbness cards are never placed).
counts=()
while read -r id; do counts+=(--count "$id"); done < <(
  awk '/^\[\[card\]\]/{id=""} /^id = /{id=$3} /^deck = "level[12]"/{gsub(/"/,"",id); print id}' "$cards")
declare -A games=([2]=40 [3]=32 [4]=28 [5]=28)
for n in 2 3 4 5; do
  "$worlds" sim world-dumbination --players "$n" --seats ismcts:25 --rotate --games "${games[$n]}" \
    --seed 13 "${counts[@]}" --count raise --count pass --out "$out/${n}p" > /dev/null
done
python3 - "$out" <<'PY'
import json, re, sys, collections
out = sys.argv[1]
print("| players | games | mean rounds | rounds (min–max) | ended by 15 VP | World Peace | one leader left | round cap | bombs fired per game | disarmed per game |")
print("|---|---|---|---|---|---|---|---|---|---|")
for n in (2, 3, 4, 5):
    rows = [json.loads(l) for l in open(f"{out}/{n}p/games.jsonl")]
    ends = collections.Counter()
    rounds, fired, disarmed = [], [], []
    for r in rows:
        m = re.match(r"the game is over in round (\d+): (.*) \((\d+) bomb\(s\) fired, (\d+) disarmed\)", r["ending"] or "")
        rounds.append(int(m[1])); ends[m[2]] += 1; fired.append(int(m[3])); disarmed.append(int(m[4]))
    k = len(rows)
    pct = lambda what: f"{100 * ends[what] / k:.0f}%"
    print(f"| {n} | {k} | {sum(rounds) / k:.1f} | {min(rounds)}–{max(rounds)} | {pct('the last round is played')} | "
          f"{pct('World Peace')} | {pct('one leader is left')} | {pct('the round cap is reached')} | "
          f"{sum(fired) / k:.2f} | {sum(disarmed) / k:.2f} |")
PY
