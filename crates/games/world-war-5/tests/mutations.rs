//! Mutated real positions, checked against the rulebook: positions of random games are saved,
//! changed (a field dropped or doubled, a piece moved, added or resized, a value borrowed from
//! elsewhere, a combat or a retreat made up) and loaded. Whatever loads, and every position after
//! each action followed from it, must keep the rulebook's invariants, written here from the
//! rulebook and not with the crate's own validator: nine pyramids a player (WW5-COMP-1), one piece
//! a territory, the turn within its cap, the steps of setup in order, a pending retreat right after
//! a combat the attacker won, and a game that is over exactly when someone has won or the cap is
//! reached, with an outcome. The engine's `conformance::check_state_mutations_with` mutates, loads
//! and follows; this file gives it the invariants, this game's words and its own made-up pieces.
#![allow(clippy::unwrap_used)]

use serde_json::{Value, json};
use worlds_engine::conformance::{self, Draw, MutationReport, MutationSettings};
use worlds_engine::{Config, Game, Player, PlayerSet, SeededRng, Turn};
use worlds_world_war_5::{Continent, Ending, Size, State, Step, Territory, WorldWar5};

fn game(players: usize, arcade: bool) -> WorldWar5 {
    let config = Config::players(players);
    WorldWar5::new(&if arcade { config.with_variant("pyramid-arcade") } else { config }).unwrap()
}

// ---------------------------------------------------------------- the invariants

/// Territories of `p`'s pieces, as a bit mask.
fn held(s: &State, p: Player) -> u32 {
    Territory::ALL.into_iter().filter(|&t| s.piece(t).is_some_and(|x| x.player == p)).fold(0, |m, t| m | t.bit())
}

/// Whether `p` is in: during setup everyone is; afterwards whoever has a piece at home (WW5-ELIM-1).
fn is_in(s: &State, p: Player) -> bool {
    in_setup(s) || s.home(p).is_some_and(|h| held(s, p) & h.mask() != 0)
}

fn in_setup(s: &State) -> bool {
    matches!(s.stack().first(), Some(Step::ChooseHome | Step::Place(_)))
}

/// Another continent `p` holds entirely (WW5-WIN-1), if any.
fn conquered(s: &State, p: Player) -> Option<Continent> {
    let own = held(s, p);
    Continent::ALL.into_iter().find(|&k| Some(k) != s.home(p) && own & k.mask() == k.mask())
}

/// Every invariant the rulebook implies for a position play can reach; the problems found.
fn problems(g: &WorldWar5, s: &State) -> Vec<String> {
    let mut out = Vec::new();
    let n = g.num_players();
    let players_in: PlayerSet = Player::all(n).filter(|&p| is_in(s, p)).collect();

    // WW5-COMP-1: nine pyramids a player, three of each size, each on the board or in the stash,
    // never both; only seats that exist own pieces.
    for p in Player::all(n) {
        for size in Size::ALL {
            let on_board = Territory::ALL
                .into_iter()
                .filter(|&t| s.piece(t).is_some_and(|x| x == (worlds_world_war_5::Piece { player: p, size })))
                .count();
            let stash = usize::from(s.stash(p).count(size));
            if on_board + stash != 3 {
                out.push(format!("{p}: {on_board} {size} on the board and {stash} in the stash, not 3 (WW5-COMP-1)"));
            }
        }
    }
    for t in Territory::ALL {
        if let Some(x) = s.piece(t)
            && x.player.index() >= n
        {
            out.push(format!("{t} holds a piece of seat {}, which does not exist", x.player.index()));
        }
    }
    // WW5-SETUP-3: homes are different continents.
    for (i, p) in Player::all(n).enumerate() {
        if let Some(h) = s.home(p)
            && Player::all(n).take(i).any(|q| s.home(q) == Some(h))
        {
            out.push(format!("{h} is the home of two players (WW5-SETUP-3)"));
        }
    }
    // The pending steps: one bottom step, a retreat only on top of the turn; none once over.
    let stack = s.stack();
    let shape_ok = match stack {
        [] => s.ending().is_some(),
        [Step::Play, Step::Retreat { .. }] | [_] => !matches!(stack[0], Step::Retreat { .. }),
        _ => false,
    };
    if !shape_ok || (s.ending().is_some() && !stack.is_empty()) {
        out.push(format!("the pending steps {stack:?} (ending {:?}) are not a shape play builds", s.ending()));
    }
    if s.active().index() >= n || s.first_player().index() >= n {
        out.push("the active or first seat does not exist".into());
    }
    // WW5-COMBAT-1: a combat rolls one die per pip, each 1 to 6, between two players' connected
    // pieces (WW5-INVADE-1); combats happen only after setup.
    if let Some(k) = s.last_combat() {
        if in_setup(s) {
            out.push("a combat during setup".into());
        }
        if k.attack.len() != usize::from(k.attacker_size.pips())
            || k.defence.len() != usize::from(k.defender_size.pips())
        {
            out.push("a combat rolled a die count other than the pips (WW5-COMBAT-1)".into());
        }
        if k.attack.iter().chain(&k.defence).any(|d| !(1..=6).contains(d)) {
            out.push("a die shows something other than 1 to 6 (WW5-COMP-2)".into());
        }
        if k.attacker == k.defender || k.attacker.index() >= n || k.defender.index() >= n {
            out.push(format!("a combat of {} against {} (WW5-INVADE-1)", k.attacker, k.defender));
        }
        if !g.board().borders(k.from, k.target) {
            out.push(format!("a combat from {} into {}, which are not connected (WW5-INVADE-1)", k.from, k.target));
        }
    }

    if in_setup(s) {
        if s.turn_number() != 0 {
            out.push(format!("turn {} during setup (WW5-RULING-5)", s.turn_number()));
        }
        // WW5-SETUP-3, WW5-SETUP-4: in turn order from the first player, homes, then smalls,
        // mediums and larges, each at home; the seats before the active one have done this step.
        let done: Vec<Player> = s.first_player().clockwise_from(n).take_while(|&p| p != s.active()).collect();
        for p in Player::all(n) {
            let before = done.contains(&p);
            let own = held(s, p);
            match stack[0] {
                Step::ChooseHome if s.home(p).is_some() != before || own != 0 => {
                    out.push(format!(
                        "{p} during the choice of homes: home {:?}, pieces {own:#x} (WW5-SETUP-3)",
                        s.home(p)
                    ));
                }
                Step::Place(size) => {
                    let Some(home) = s.home(p) else {
                        out.push(format!("{p} places with no home (WW5-SETUP-4)"));
                        continue;
                    };
                    if own & !home.mask() != 0 {
                        out.push(format!("{p} has a piece off their home during setup (WW5-SETUP-4)"));
                    }
                    for other in Size::ALL {
                        let want = u8::from(other < size || (other == size && before));
                        if 3 - s.stash(p).count(other) != want {
                            out.push(format!(
                                "{p} has {} {other} placed while {size} pieces are placed (WW5-SETUP-4)",
                                3 - s.stash(p).count(other)
                            ));
                        }
                    }
                }
                _ => {}
            }
        }
        if s.ending().is_some() || g.outcome(s).is_some() {
            out.push("the game ended during setup".into());
        }
        return out;
    }

    // Play: the turn is counted from 1 and never passes the cap (WW5-END-1, WW5-RULING-5).
    if s.turn_number() == 0 || s.turn_number() > g.turn_cap() {
        out.push(format!("turn {} outside 1..={} (WW5-END-1)", s.turn_number(), g.turn_cap()));
    }
    for p in Player::all(n) {
        if s.home(p).is_none() {
            out.push(format!("{p} has no home after setup (WW5-SETUP-3)"));
        }
        // WW5-ELIM-1: an eliminated player's pieces all leave the board.
        if !is_in(s, p) && held(s, p) != 0 {
            out.push(format!("{p} is out but still has pieces on the board (WW5-ELIM-1)"));
        }
    }
    let winners: Vec<(Player, Continent)> = players_in.iter().filter_map(|p| Some((p, conquered(s, p)?))).collect();

    match s.ending() {
        None => {
            // Not over: nobody has won, at least two are in, and the active player is one of them.
            if !winners.is_empty() {
                out.push(format!("{winners:?} hold another continent and the game goes on (WW5-WIN-1)"));
            }
            if players_in.len() < 2 {
                out.push(format!("only {} players in and the game goes on (WW5-WIN-3)", players_in.len()));
            }
            if !players_in.contains(s.active()) {
                out.push(format!("{} is out and is to play (WW5-ELIM-1)", s.active()));
            }
            if g.outcome(s).is_some() || g.turn(s) == Turn::Over {
                out.push("an outcome while the game goes on".into());
            }
            // WW5-COMBAT-3: a retreat is decided right after the combat the attacker won for the
            // contested territory, by its owner, into an empty neighbour other than the origin.
            if let Some(&Step::Retreat { from, contested }) = stack.last() {
                let defender = s.piece(contested).map(|x| x.player);
                match s.last_combat() {
                    Some(k)
                        if k.attacker == s.active()
                            && k.from == from
                            && k.target == contested
                            && Some(k.defender) == defender
                            && s.piece(from).is_some_and(|x| x.player == s.active() && x.size == k.attacker_size)
                            && s.piece(contested).is_some_and(|x| x.size == k.defender_size)
                            && k.attack.iter().map(|&d| u32::from(d)).sum::<u32>()
                                > k.defence.iter().map(|&d| u32::from(d)).sum::<u32>() => {}
                    _ => out.push(format!(
                        "a retreat from {contested} with no combat won from {from} just before: {:?} (WW5-COMBAT-3)",
                        s.last_combat()
                    )),
                }
                let occupied = Territory::ALL.into_iter().filter(|&t| s.piece(t).is_some()).fold(0, |m, t| m | t.bit());
                if g.board().neighbours(contested) & !occupied & !from.bit() == 0 {
                    out.push(format!("a retreat from {contested} with nowhere to go (WW5-COMBAT-4)"));
                }
                if defender.is_none() || g.turn(s) != Turn::Decide(defender.unwrap()) {
                    out.push(format!("the retreat from {contested} is not its owner's decision (WW5-COMBAT-3)"));
                }
            } else if g.turn(s) != Turn::Decide(s.active()) {
                out.push("the active player does not decide (WW5-TURN-1)".into());
            }
        }
        Some(ending) => {
            // Over: exactly the ending the checks after the last action found, with its outcome
            // (WW5-OUT-1).
            let expected = match ending {
                Ending::Conquest { player, continent } => {
                    if !players_in.contains(player) || conquered(s, player) != Some(continent) {
                        out.push(format!(
                            "{player} won by {continent} but does not hold it with a piece at home (WW5-WIN-1)"
                        ));
                    }
                    PlayerSet::only(player)
                }
                Ending::LastStanding { player } => {
                    if players_in != PlayerSet::only(player) {
                        out.push(format!("{player} won as the last standing among {players_in:?} (WW5-WIN-3)"));
                    }
                    PlayerSet::only(player)
                }
                Ending::TurnCap { among } => {
                    if s.turn_number() != g.turn_cap() || among != players_in || !winners.is_empty() {
                        out.push(format!(
                            "a turn-cap draw among {among:?} at turn {} with {players_in:?} in (WW5-END-1)",
                            s.turn_number()
                        ));
                    }
                    among
                }
                Ending::NobodyLeft { among } => {
                    // WW5-RULING-2: one action eliminates at most its attacker and its defender,
                    // the player who acted among them, when they were the last two in.
                    if !players_in.is_empty() || among.len() != 2 || !among.contains(s.active()) {
                        out.push(format!("nobody left, sharing among {among:?} with {players_in:?} in (WW5-RULING-2)"));
                    }
                    among
                }
            };
            match g.outcome(s) {
                Some(o) if o.winners() == expected => {}
                o => out.push(format!("ended by {ending:?} with outcome {o:?} (WW5-OUT-1)")),
            }
            if g.turn(s) != Turn::Over {
                out.push("ended, and someone is still to decide".into());
            }
        }
    }
    out
}

// ---------------------------------------------------------------- the mutations

fn pick<T: Clone>(rng: &mut SeededRng, items: &[T]) -> T {
    items[rng.below(items.len() as u32) as usize].clone()
}

/// The position's vocabulary (territories, continents, sizes, seats, steps, die faces) and edges
/// (the turn cap of 500 and past it, the empty values): the engine puts these in place of values
/// and moves map entries to the words (a piece to another territory).
fn values() -> Vec<Value> {
    let mut out: Vec<Value> = Territory::ALL.into_iter().map(|t| Value::from(t.id())).collect();
    out.extend(Continent::ALL.into_iter().map(|k| Value::from(k.id())));
    out.extend(Size::ALL.into_iter().map(|s| Value::from(s.name())));
    out.extend((-1..=6).map(Value::from));
    out.extend([json!("play"), json!("choose-home"), json!({"place": "medium"}), json!({"place": "large"})]);
    out.extend([Value::Null, json!(500), json!(501), json!([]), json!({})]);
    out
}

/// A piece anywhere, a made-up combat between two pieces, or a made-up retreat.
fn invented(g: &WorldWar5, root: &mut Value, rng: &mut SeededRng) {
    let n = g.num_players() as u32;
    let t = pick(rng, &Territory::ALL);
    if !root["board"].is_object() {
        return;
    }
    match rng.below(3) {
        0 => {
            root["board"][t.id()] = json!({"player": rng.below(n), "size": pick(rng, &Size::ALL).name()});
        }
        1 => {
            let targets: Vec<Territory> = Territory::in_mask(g.board().neighbours(t)).collect();
            let target = if rng.below(4) == 0 { pick(rng, &Territory::ALL) } else { pick(rng, &targets) };
            let size_of = |root: &Value, t: Territory, rng: &mut SeededRng| {
                root["board"][t.id()]["size"]
                    .as_str()
                    .map(str::to_owned)
                    .unwrap_or_else(|| pick(rng, &Size::ALL).name().to_owned())
            };
            let (a, d) = (size_of(root, t, rng), size_of(root, target, rng));
            let dice = |size: &str, rng: &mut SeededRng| -> Vec<u32> {
                let pips = Size::ALL.into_iter().find(|s| s.name() == size).map_or(1, |s| s.pips());
                (0..pips).map(|_| 1 + rng.below(6)).collect()
            };
            let owner = |root: &Value, t: Territory, rng: &mut SeededRng| {
                root["board"][t.id()]["player"].as_u64().unwrap_or(u64::from(rng.below(n)))
            };
            let (attacker, defender) = (owner(root, t, rng), owner(root, target, rng));
            root["last_combat"] = json!({
                "attacker": attacker, "defender": defender, "from": t.id(), "target": target.id(),
                "attacker_size": a, "defender_size": d, "attack": dice(&a, rng), "defence": dice(&d, rng),
            });
        }
        _ => {
            let contested = pick(rng, &Territory::in_mask(g.board().neighbours(t)).collect::<Vec<_>>());
            if let Some(stack) = root["stack"].as_array_mut() {
                stack.truncate(1);
                stack.push(json!({"retreat": {"from": t.id(), "contested": contested.id()}}));
            }
        }
    }
}

/// `positions` positions of random games, each changed once or twice (by the engine's mutations,
/// this game's words and edges, and one in four by [`invented`]); whatever loads keeps the
/// invariants and draws, and so does every position after each of up to `follow` random actions,
/// each of which also saves and loads back.
fn mutated_positions(players: usize, arcade: bool, seed: u64, positions: usize, follow: usize) -> MutationReport {
    let g = game(players, arcade);
    let invariants = |s: &State| {
        let found = problems(&g, s);
        if found.is_empty() { Ok(()) } else { Err(format!("{found:?}")) }
    };
    conformance::check_state_mutations_with(
        &g,
        &MutationSettings {
            seed,
            positions,
            follow,
            early: Some(40),
            twice: true,
            values: &values(),
            own: Some(&|json, rng| invented(&g, json, rng)),
            draw: Draw::Loaded,
            invariants: Some(&invariants),
            ..MutationSettings::default()
        },
    )
}

/// The invariants hold along random games themselves (so that a failure below is the loader's).
#[test]
fn random_games_keep_the_invariants() {
    for players in 2..=6 {
        let g = game(players, players % 2 == 0);
        let mut rng = SeededRng::new(players as u64);
        for _ in 0..10 {
            let (mut s, _) = g.new_game(&mut rng);
            loop {
                assert_eq!(problems(&g, &s), Vec::<String>::new());
                let Turn::Decide(p) = g.turn(&s) else { break };
                let a = pick(&mut rng, &g.legal_actions(&s, p));
                g.apply(&mut s, p, a, &mut rng).unwrap();
            }
        }
    }
}

fn run(seed: u64, per_count: usize, follow: usize) {
    let started = std::time::Instant::now();
    let (mut tried, mut loaded) = (0, 0);
    for players in 2..=6 {
        for arcade in [false, true] {
            let r =
                mutated_positions(players, arcade, seed + players as u64 * 2 + u64::from(arcade), per_count, follow);
            tried += r.tried;
            loaded += r.loaded;
        }
    }
    eprintln!("world-war-5 mutated positions: {tried} tried, {loaded} loaded, {:.1?}", started.elapsed());
    assert!(loaded > 0 && loaded < tried);
}

/// A few thousand mutated positions at every player count on both boards.
#[test]
fn mutated_positions_keep_the_rulebook_invariants() {
    run(0, 500, 12);
}

/// The same at length (over 30,000 positions):
/// `cargo test -p worlds-world-war-5 --test main many_mutated -- --ignored --nocapture`.
#[test]
#[ignore = "minutes: run by hand"]
fn many_mutated_positions_keep_the_rulebook_invariants() {
    run(1000, 3200, 20);
}
