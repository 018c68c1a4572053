//! Mutated real positions, checked against the rulebook: positions of random games are saved,
//! changed (a field dropped or doubled, a number nudged, a card moved to another place, a piece
//! added, a value borrowed from elsewhere) and loaded. Whatever loads, and every position after
//! each action followed from it, must keep the rulebook's invariants, written here from the
//! rulebook and not with the crate's own validator: every card in exactly one place, the pile's
//! pieces conserved (WOOB-SUP-1), coloured support only in homes (WOOB-SUP-3), hands of at most
//! four, the turn within its cap, a fresh board before the first turn, and a game that is over
//! exactly at the fourth Mount Saint Woobie or the cap, with the highest scores winning. The
//! engine's `conformance::check_state_mutations_with` mutates, loads and follows; this file gives it
//! the invariants, this game's numbers and words and its own moved cards and added pieces.
#![allow(clippy::unwrap_used)]

use serde_json::{Value, json};
use worlds_engine::conformance::{self, Draw, MutationReport, MutationSettings};
use worlds_engine::{Config, Game, Player, PlayerSet, SeededRng, Turn};
use worlds_woobieworld::{
    Area, CardId, CardSet, Colour, DEFAULT_TURN_CAP, Ending, HAND, INDUSTRIES_PER_COLOUR, State, Step, Support,
    Woobieworld,
};

fn game(players: usize, cycles: bool) -> Woobieworld {
    let c = Config::players(players);
    Woobieworld::new(&if cycles { c.with_variant("cycles") } else { c }).unwrap()
}

// ---------------------------------------------------------------- the invariants

/// WOOB-SCORE-1, in our own words: each colour's count squared, less the Anarchs squared.
fn score(s: &State, p: Player) -> i64 {
    let Some(home) = s.home(p) else { return 0 };
    let count = |k: Support| i64::from(s.support_in(home, k));
    Colour::ALL.into_iter().map(|c| count(c.support()).pow(2)).sum::<i64>() - count(Support::Anarch).pow(2)
}

/// Every invariant the rulebook implies for a position play can reach; the problems found.
fn problems(g: &Woobieworld, s: &State) -> Vec<String> {
    let mut out = Vec::new();
    let c = g.content();
    let n = g.num_players();
    let t = g.to_setup(s);
    let map = &c.map;
    let areas: Vec<Area> = map.areas().collect();

    // Every card of the deck in exactly one place: a hand, a face-down choice, the deck, the
    // discard pile, play, or the card being played (on its way to the discard pile).
    let mut places: Vec<(String, CardSet)> = Vec::new();
    for (i, h) in t.hands.iter().enumerate() {
        places.push((format!("hand {i}"), *h));
    }
    if let Some(k) = &t.cycle {
        for (i, card) in k.committed.iter().enumerate() {
            places.push((format!("choice {i}"), card.map_or(CardSet::EMPTY, CardId::set)));
        }
    }
    places.push(("deck".into(), t.deck));
    places.push(("discard".into(), t.discard));
    for e in &t.in_play {
        places.push(("in play".into(), e.card.set()));
    }
    if let [Step::Draw, Step::Resolve(r)] = t.stack.as_slice() {
        places.push(("being played".into(), r.card.set()));
    }
    let mut seen = CardSet::EMPTY;
    for (place, mask) in &places {
        if !(seen & *mask).is_empty() {
            out.push(format!("a card in {place} is somewhere else too"));
        }
        seen |= *mask;
    }
    if seen != c.all_cards {
        out.push(format!("{} cards in play instead of {}", seen.len(), c.all_cards.len()));
    }
    // WOOB-RULING-1: hands hold action cards; only environments are in play.
    for (i, h) in t.hands.iter().enumerate() {
        if !(*h & c.environments).is_empty() {
            out.push(format!("hand {i} holds an environment (WOOB-RULING-1)"));
        }
        let chosen = t.cycle.as_ref().map_or(0, |k| u32::from(k.committed[i].is_some()));
        // Dealt four, one drawn for each played: four at most, three between playing and
        // drawing (WOOB-DRAW-1), exactly four before the first turn.
        let played = i == s.active().index() && t.stack.first() == Some(&Step::Draw);
        let most = if played { HAND - 1 } else { HAND };
        let before_first_turn = s.turn_number() == 0 && s.ending().is_none();
        if h.len() + chosen > most || (before_first_turn && h.len() + chosen != HAND) {
            out.push(format!("hand {i} holds {} cards and a choice of {chosen} (WOOB-SETUP-1, WOOB-DRAW-1)", h.len()));
        }
    }
    for e in &t.in_play {
        if !e.card.set().is_subset(c.environments) || e.caretaker.index() >= n {
            out.push(format!("{:?} in play is not an environment with a caretaker (WOOB-DRAW-1)", e));
        }
    }
    let volcanoes = t.in_play.iter().filter(|e| e.card.set().is_subset(c.volcanoes)).count();
    if volcanoes > 4 {
        out.push(format!("{volcanoes} Mount Saint Woobie cards in play (WOOB-END-1)"));
    }

    // WOOB-SUP-1: 25 of each colour and 15 Anarchs, on the map or in the pile; 3 industries a colour.
    for k in Support::ALL {
        let on_map: u32 = areas.iter().map(|&a| u32::from(s.support_in(a, k))).sum();
        if on_map + u32::from(s.pile(k)) != u32::from(k.total()) {
            out.push(format!(
                "{on_map} {k:?} on the map and {} in the pile, not {} (WOOB-SUP-1)",
                s.pile(k),
                k.total()
            ));
        }
    }
    for colour in Colour::ALL {
        let on_map: u32 = areas.iter().map(|&a| u32::from(s.industries_in(a, colour))).sum();
        if on_map > u32::from(INDUSTRIES_PER_COLOUR) {
            out.push(format!("{on_map} {colour:?} industries (WOOB-SUP-1)"));
        }
    }
    // WOOB-SETUP-2, WOOB-SUP-3: homes on land, one each; coloured support only in homes.
    let homes: Vec<Area> = Player::all(n).filter_map(|p| s.home(p)).collect();
    for (i, h) in homes.iter().enumerate() {
        if map.land() & h.bit() == 0 || homes[..i].contains(h) {
            out.push(format!("a home in {} (WOOB-SETUP-2)", map.name(*h)));
        }
    }
    for &a in &areas {
        if !homes.contains(&a) && Colour::ALL.iter().any(|c| s.support_in(a, c.support()) > 0) {
            out.push(format!("coloured support in {}, nobody's home (WOOB-SUP-3)", map.name(a)));
        }
    }

    // The pending steps: a phase, and on `draw` or `upkeep` a card being resolved for the
    // player whose turn it is; none once over.
    let shape_ok = match t.stack.as_slice() {
        [] => s.ending().is_some(),
        [Step::Resolve(_), ..] => false,
        [_] => true,
        [Step::Draw | Step::Upkeep { .. }, Step::Resolve(r)] => r.player == s.active(),
        _ => false,
    };
    if !shape_ok || (s.ending().is_some() && !t.stack.is_empty()) {
        out.push(format!("the pending steps {:?} (ending {:?}) are not a shape play builds", t.stack, s.ending()));
    }
    if let [Step::Upkeep { done }, ..] = t.stack.as_slice()
        && !t.in_play.iter().fold(*done, |m, e| m - e.card.set()).is_empty()
    {
        out.push("an upkeep effect of an environment not in play (WOOB-RULING-8)".into());
    }

    // Before the first turn (homes being chosen, or the first cycle's choice): the deal and the
    // homes' first supports, nothing else.
    let first_turn_to_come = s.turn_number() == 0 && s.ending().is_none();
    if first_turn_to_come {
        let fresh = t.discard.is_empty()
            && t.in_play.is_empty()
            && areas.iter().all(|&a| {
                let home = homes.contains(&a);
                let coloured: u8 = Colour::ALL.iter().map(|c| s.support_in(a, c.support())).sum();
                coloured == u8::from(home)
                    && s.support_in(a, Support::Anarch) == 0
                    && Colour::ALL.iter().all(|&c| s.industries_in(a, c) == 0)
            });
        if !fresh {
            out.push(
                "before the first turn, the board holds more than each home's first support (WOOB-SETUP-2)".into(),
            );
        }
        if !matches!(t.stack.as_slice(), [Step::ChooseHome] | [Step::Choose]) {
            out.push(format!("turn 0 with steps {:?}", t.stack));
        }
    } else if t.stack.first() == Some(&Step::ChooseHome) {
        out.push(format!("homes chosen at turn {} (WOOB-SETUP-2)", s.turn_number()));
    }
    let cap = g.turn_cap();
    if s.turn_number() > cap {
        out.push(format!("turn {} beyond the cap {cap} (WOOB-RULING-4)", s.turn_number()));
    }

    // The end: the fourth Mount Saint Woobie or the cap, scored (WOOB-END-1, WOOB-SCORE-2).
    match s.ending() {
        None => {
            if volcanoes >= 4 {
                out.push("four Mount Saint Woobie cards in play and the game goes on (WOOB-END-1)".into());
            }
            if g.turn(s) == Turn::Over || g.outcome(s).is_some() {
                out.push("the game goes on, and nobody is to decide or it has an outcome".into());
            }
        }
        Some(ending) => {
            match ending {
                Ending::Eruption if volcanoes != 4 => {
                    out.push(format!("ended by the eruption with {volcanoes} Mount Saint Woobie cards (WOOB-END-1)"));
                }
                Ending::TurnCap if s.turn_number() != cap || volcanoes >= 4 => {
                    out.push(format!(
                        "ended by the cap at turn {} with {volcanoes} volcanoes (WOOB-RULING-4)",
                        s.turn_number()
                    ));
                }
                _ => {}
            }
            let best = Player::all(n).map(|p| score(s, p)).max().unwrap_or(0);
            let winners: PlayerSet = Player::all(n).filter(|&p| score(s, p) == best).collect();
            match g.outcome(s) {
                Some(o) if o.winners() == winners => {}
                o => out.push(format!("ended with outcome {o:?}, not a win for {winners:?} (WOOB-SCORE-2)")),
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

/// The card lists of a position, as JSON pointers.
fn card_lists(root: &Value) -> Vec<String> {
    let mut out = vec!["/deck".to_owned(), "/discard".to_owned()];
    for key in ["hands", "known"] {
        for i in 0..root[key].as_array().map_or(0, Vec::len) {
            out.push(format!("/{key}/{i}"));
        }
    }
    out
}

/// A card moved from one list to another, a piece or an industry added to an area, or a card
/// put into play.
fn invented(g: &Woobieworld, root: &mut Value, rng: &mut SeededRng) {
    if !root.is_object() {
        return;
    }
    let areas = g.content().map.len();
    let lists = card_lists(root);
    match rng.below(4) {
        0 => {
            let (from, to) = (pick(rng, &lists), pick(rng, &lists));
            let Some(card) = root.pointer_mut(&from).and_then(Value::as_array_mut).and_then(|a| {
                if a.is_empty() {
                    None
                } else {
                    let i = rng.below(a.len() as u32) as usize;
                    Some(a.remove(i))
                }
            }) else {
                return;
            };
            if let Some(a) = root.pointer_mut(&to).and_then(Value::as_array_mut) {
                a.push(card);
            }
        }
        1 | 2 => {
            let (key, kinds) = if rng.below(2) == 0 { ("support", 5) } else { ("industries", 4) };
            let (a, k) = (rng.below(areas as u32) as usize, rng.below(kinds) as usize);
            if let Some(x) = root[key][a][k].as_u64() {
                root[key][a][k] = json!(x + 1);
            }
        }
        _ => {
            let card = rng.below(g.content().cards.len() as u32);
            let caretaker = rng.below(g.num_players() as u32);
            if let Some(a) = root["in_play"].as_array_mut() {
                a.push(json!({"card": card, "caretaker": caretaker}));
            }
        }
    }
}

/// The numbers and words this game turns on: its hand of four, its 25 supports of a colour, its
/// turn cap, a step's name, the empty values.
fn values() -> Vec<Value> {
    vec![Value::Null, json!(0), json!(1), json!(4), json!(25), json!(DEFAULT_TURN_CAP), json!([]), json!("draw")]
}

/// `positions` positions of random games, each changed once or twice (by the engine's mutations,
/// this game's numbers and words, and one in four by [`invented`]); whatever loads keeps the
/// invariants and draws, and so does every position after each of up to `follow` random actions,
/// each of which also saves and loads back.
fn mutated_positions(players: usize, cycles: bool, seed: u64, positions: usize, follow: usize) -> MutationReport {
    let g = game(players, cycles);
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
            depth: 600,
            early: Some(30),
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
        for cycles in [false, true] {
            let g = game(players, cycles);
            let mut rng = SeededRng::new(players as u64);
            for _ in 0..3 {
                let (mut s, _) = g.new_game(&mut rng);
                loop {
                    assert_eq!(problems(&g, &s), Vec::<String>::new());
                    let Some(p) = g.turn(&s).players().first() else { break };
                    let a = pick(&mut rng, &g.legal_actions(&s, p));
                    g.apply(&mut s, p, a, &mut rng).unwrap();
                }
            }
        }
    }
}

fn run(seed: u64, per_count: usize, follow: usize) {
    let started = std::time::Instant::now();
    let (mut tried, mut loaded) = (0, 0);
    for players in 2..=6 {
        for cycles in [false, true] {
            let r =
                mutated_positions(players, cycles, seed + players as u64 * 2 + u64::from(cycles), per_count, follow);
            tried += r.tried;
            loaded += r.loaded;
        }
    }
    eprintln!("woobieworld mutated positions: {tried} tried, {loaded} loaded, {:.1?}", started.elapsed());
    assert!(loaded > 0 && loaded < tried);
}

/// A few thousand mutated positions at every player count in both variants.
#[test]
fn mutated_positions_keep_the_rulebook_invariants() {
    run(0, 500, 12);
}

/// The same at length (over 30,000 positions):
/// `cargo test -p worlds-woobieworld --test main many_mutated -- --ignored --nocapture`.
#[test]
#[ignore = "minutes: run by hand"]
fn many_mutated_positions_keep_the_rulebook_invariants() {
    run(1000, 3200, 20);
}
