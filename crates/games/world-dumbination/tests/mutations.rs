//! Real positions, mutated (`check_state_mutations_with` and this game's settings): whatever loads
//! plays on and keeps the rulebook's invariants, written here from the rules.

use serde_json::Value;
use worlds_engine::conformance::{self, Draw, MutationSettings};
use worlds_engine::{Config, Game, SeededRng};
use worlds_world_dumbination::{CardSet, Deck, MAX_NUMBER, State, Table, WorldDumbination, dumbness_per_deck};

use crate::common::p;

fn game(players: usize, variant: &str) -> WorldDumbination {
    WorldDumbination::new(&Config::players(players).with_variant(variant)).unwrap()
}

/// The rulebook's invariants of a position play can reach, written from the rules here rather than
/// taken from the crate's loader: every card in one place (WD-COMP-1), each player's 14 markers
/// (WD-COMP-2), the tracks 0–10 with the players in the game above 0 (WD-LEAD-1, WD-ELIM-1), the
/// eliminated holding no card (WD-ELIM-1), pieces of two players never on one space (WD-OWN-1),
/// the round within its cap (WD-END-3), the last round set once someone has the VP goal (WD-END-1),
/// one leader left or a game over only with an outcome (WD-ELIM-4, WD-END).
fn invariants(g: &WorldDumbination, s: &State) -> Result<(), String> {
    let over = g.turn(s).is_over();
    table_invariants(g, &g.to_setup(s), over, over && g.outcome(s).is_some())
}

/// [`invariants`] on the plain data of a position: `over` whether the game is over, `outcome`
/// whether it has an outcome.
fn table_invariants(g: &WorldDumbination, t: &Table, over: bool, outcome: bool) -> Result<(), String> {
    let c = g.content();
    let players = t.seats.len();
    // WD-COMP-1: where a card can lie, each counted once.
    let mut count = vec![0usize; usize::from(MAX_NUMBER) + 1];
    let mut places: Vec<CardSet> = Vec::new();
    places.extend(t.decks);
    places.extend(t.discards);
    places.extend(t.dumb.down);
    places.extend([t.dumb.up, t.dumb.spent, t.dumb.gone]);
    for (q, seat) in t.seats.iter() {
        places.extend([seat.hand, seat.projects]);
        let mut own = CardSet::EMPTY;
        seat.spaces.iter().flatten().for_each(|x| _ = own.insert(x.card));
        // WD-DEC-3: chosen in phase 2, held in the choice until it is laid face down.
        t.placement(q).cards.iter().flatten().for_each(|&k| _ = own.insert(k));
        // A kept First Goal is face down beside the leaderboard until it is completed.
        if let Some(goal) = seat.goal.filter(|_| !seat.goal_done) {
            own.insert(goal);
        }
        places.push(own);
    }
    for (_, k) in t.peace.iter().flatten() {
        let mut one = CardSet::EMPTY;
        one.insert(*k);
        places.push(one);
    }
    for k in places.iter().flat_map(|set| set.iter()) {
        count[usize::from(k)] += 1;
    }
    let mut dumbness = 0;
    for card in c.cards.all() {
        let n = count[usize::from(card.number)];
        let want = match card.deck {
            Deck::Level1 | Deck::Level2 => n == 1,
            Deck::FirstGoal | Deck::Dumbness => n <= 1,
        };
        if !want {
            return Err(format!("card {} ({}) is in {n} places (WD-COMP-1)", card.number, card.name));
        }
        dumbness += usize::from(card.deck == Deck::Dumbness) * n;
    }
    let added = if c.serious { 0 } else { 2 * dumbness_per_deck(players) };
    if dumbness > added {
        return Err(format!("{dumbness} Dumbness cards in the game, of {added} (WD-SETUP-10)"));
    }
    for (p, seat) in t.seats.values().enumerate() {
        // WD-COMP-2: 14 marker cubes, on the leaderboard, the board or the peace track.
        let board = t.markers.iter().filter(|&&m| m.is_some_and(|m| m.index() == p)).count();
        let peace = t.peace.iter().flatten().filter(|(q, _)| q.index() == p).count();
        if usize::from(seat.markers) + board + peace != 14 {
            return Err(format!("P{}: {} + {board} + {peace} markers (WD-COMP-2)", p + 1, seat.markers));
        }
        if seat.ego > 10 || seat.popularity > 10 {
            return Err(format!("P{}: Ego {} Popularity {} (WD-LEAD-1)", p + 1, seat.ego, seat.popularity));
        }
        if seat.in_game() && (seat.ego == 0 || seat.popularity == 0) {
            return Err(format!("P{} is in the game at 0 (WD-ELIM-1)", p + 1));
        }
        if !seat.in_game() && (!seat.hand.is_empty() || seat.spaces.iter().any(Option::is_some)) {
            return Err(format!("P{} is out but holds cards (WD-ELIM-1)", p + 1));
        }
        if let Some(goal) = seat.goal
            && !c.cards.first_goals(seat.nation).contains(&goal)
        {
            return Err(format!("P{} keeps card {goal}, not one of their First Goals (WD-SETUP-8)", p + 1));
        }
    }
    // WD-OWN-1: one player's pieces on a space (a unit on a hidden move is not on it yet).
    let mut holder = vec![usize::MAX; 256];
    for (p, seat) in t.seats.values().enumerate() {
        let hidden = seat.hidden.map(|(u, _)| usize::from(u));
        let units =
            seat.units.iter().enumerate().filter(|(i, u)| u.on_board() && Some(*i) != hidden).map(|(_, u)| u.at);
        for at in units.chain(seat.bases.iter().filter(|b| b.on_board()).map(|b| b.at)) {
            let h = &mut holder[usize::from(at)];
            if *h != usize::MAX && *h != p {
                return Err(format!("P{} and P{} both on space {at} (WD-OWN-1)", *h + 1, p + 1));
            }
            *h = p;
        }
    }
    if t.round == 0 || t.round > c.round_cap {
        return Err(format!("round {} of {} (WD-END-3)", t.round, c.round_cap));
    }
    // WD-END-1: the VP goal sets the last round, the next one; the game never goes past it.
    if t.seats.values().any(|x| x.vp >= c.end_vp && x.vp > if c.short { 5 } else { 0 }) && t.last_round.is_none() {
        return Err(format!("someone has {} VP but no last round is set (WD-END-1)", c.end_vp));
    }
    if t.last_round.is_some_and(|l| l < t.round) {
        return Err(format!("round {} is past the last round {:?} (WD-END-1)", t.round, t.last_round));
    }
    let in_game = t.seats.values().filter(|x| x.in_game()).count();
    if in_game <= 1 && !over {
        return Err("one leader is left but the game goes on (WD-ELIM-4)".into());
    }
    if over != t.over.is_some() || (over && !outcome) {
        return Err(format!("the game is over ({over}) with the ending {:?} and no outcome", t.over));
    }
    Ok(())
}

/// The invariants catch what they are written for: a card in two places, a marker lost, an
/// eliminated player holding cards, the VP goal without a last round (so the mutation tests cannot
/// pass for want of a check).
#[test]
fn the_invariants_catch_broken_positions() {
    let g = game(3, "standard");
    let mut rng = SeededRng::new(3);
    let (mut s, _) = g.new_game(&mut rng);
    worlds_engine::random_playout(&g, &mut s, &mut rng, &mut Vec::new(), 60);
    assert_eq!(invariants(&g, &s), Ok(()));
    let k = s.table().decks[0].iter().next().unwrap();
    let broken: [&dyn Fn(&mut Table); 4] =
        [&|x| _ = x.discards[1].insert(k), &|x| x.seats[p(1)].markers -= 1, &|x| x.seats[p(2)].out = Some(1), &|x| {
            x.seats[p(0)].vp = 15
        }];
    let over = g.turn(&s).is_over();
    for (i, edit) in broken.iter().enumerate() {
        let mut b = g.to_setup(&s);
        edit(&mut b);
        assert!(table_invariants(&g, &b, over, over).is_err(), "break {i} was not seen");
    }
}

/// The numbers the rules turn on: the tracks' 0, 3 and 10, 14 markers, the 15 VP goal, the last
/// space 252 and 253 past it, 255 for nobody, `VP_BEYOND_GOAL` over the goal, a counter's end.
const EDGES: [u64; 16] = [0, 1, 2, 3, 4, 10, 11, 14, 15, 40, 252, 253, 255, 1015, 1016, 65535];

/// WD-VP-1: no action lowers anyone's VP.
fn vp_never_down(before: &State, after: &State) -> Result<(), String> {
    let (was, now): (Vec<u16>, Vec<u16>) =
        (before.table().seats.values().map(|x| x.vp).collect(), after.table().seats.values().map(|x| x.vp).collect());
    if was.iter().zip(&now).all(|(a, b)| b >= a) { Ok(()) } else { Err(format!("VP went down: {was:?} → {now:?}")) }
}

/// Mutated real positions of every player count and variant (`2 × n` for each of the twelve, by the
/// engine's mutations and this game's numbers): each is refused with a clear error or loads into a
/// position that plays on, keeps the rulebook's invariants, and so does every state after each of
/// `follow` random actions from it, none of which lowers anyone's VP (WD-VP-1).
fn mutations(n: usize, follow: usize) -> conformance::MutationReport {
    let mut all = conformance::MutationReport::default();
    let values = EDGES.map(Value::from);
    for players in 2..=5 {
        for (v, variant) in ["standard", "short", "serious"].into_iter().enumerate() {
            let seed = (players * 10 + v) as u64;
            let g = game(players, variant);
            let invariants = |s: &State| invariants(&g, s);
            let report = conformance::check_state_mutations_with(
                &g,
                &MutationSettings {
                    seed,
                    positions: 2 * n,
                    follow,
                    depth: 500,
                    values: &values,
                    draw: Draw::Loaded,
                    invariants: Some(&invariants),
                    each_action: Some(&vp_never_down),
                    ..MutationSettings::default()
                },
            );
            all.tried += report.tried;
            all.loaded += report.loaded;
        }
    }
    all
}

/// Real positions, mutated: whatever loads must play on and keep the invariants (a few thousand
/// at every `cargo test`).
#[test]
fn mutated_positions_load_only_when_playable() {
    let report = mutations(250, 40);
    eprintln!("{report:?}");
    assert_eq!(report.tried, 6000);
    assert!(report.loaded > 0 && report.loaded < report.tried);
}

/// The same at length (`cargo test -p worlds-world-dumbination --test main
/// mutated_positions_at_length -- --ignored --nocapture`).
#[test]
#[ignore = "minutes: run by hand"]
fn mutated_positions_at_length() {
    let report = mutations(2600, 60);
    eprintln!("{report:?}");
    assert!(report.tried >= 60_000);
}
