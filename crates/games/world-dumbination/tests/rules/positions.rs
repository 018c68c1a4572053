//! Saved positions the rules cannot reach are refused at load (WD-COMP, WD-ROUND-2, WD-ELIM,
//! WD-END-1), each from a real position with one thing changed, with the JSON path and the reason;
//! counters a game can reach saturate in play instead of wrapping.

use worlds_engine::flow::Stack;
use worlds_engine::{Config, Game, Player, PlayerSet, StateError};
use worlds_world_dumbination::board::{SPACES, Space};
use worlds_world_dumbination::{
    Deck, Lying, NOBODY, Phase, Placed, Step, Table, Token, VP_BEYOND_GOAL, WorldDumbination, most_resources,
};

use crate::common::*;

/// The refusal of a position: its JSON path and reason, the same from `from_setup` and from its
/// JSON with every check a saved game gets.
fn refused(g: &WorldDumbination, t: &Table) -> (String, String) {
    let direct = g.from_setup(t.clone());
    let saved = g.load_state_value(serde_json::to_value(t).unwrap());
    assert_eq!(direct.as_ref().err(), saved.as_ref().err(), "from_setup and load disagree");
    match direct {
        Err(StateError::Invalid { field, reason }) => (field, reason),
        other => panic!("the position was not refused: {other:?}"),
    }
}

fn pair(field: &str, reason: &str) -> (String, String) {
    (field.to_owned(), reason.to_owned())
}

/// Whether any piece or marker stands on `s`.
fn empty(t: &Table, s: Space) -> bool {
    t.markers[usize::from(s)].is_none()
        && t.radioactive[usize::from(s)].is_none()
        && t.seats.values().all(|x| x.units_at(s) == 0 && x.base_at(s).is_none())
}

/// `p` leaves the game as number `k`: their hand goes to the discard pile, their target tokens
/// leave with them (WD-ELIM-1), and nobody's target shows their nation.
fn eliminate(g: &WorldDumbination, t: &mut Table, p: Player, k: u8) {
    let nation = t.seats[p].nation;
    let seat = &mut t.seats[p];
    seat.out = Some(k);
    let hand = std::mem::take(&mut seat.hand);
    seat.spaces = [None, None];
    seat.target = None;
    seat.target_turned = false;
    seat.goal_flip = None;
    for c in hand.iter() {
        let l = usize::from(g.content().cards.get(c).unwrap().deck == Deck::Level2);
        t.discards[l].insert(c);
    }
    for other in t.seats.values_mut() {
        if other.target == Some(Token::Nation(nation)) {
            other.target = None;
            other.target_turned = false;
        }
    }
}

/// WD-MARK-1: a Marker step names a space of the board; one off the board (253, the first number
/// past the last space) was accepted, listed `marker`, and panicked when it was taken. Of the
/// steps that carry a space (Attack, Marker, MoveBase), the Marker was the one that crashed.
#[test]
fn wd_mark_1_a_marker_step_off_the_board_is_refused() {
    let g = game(2);
    let mut t = table(&g, &start(&g, 1));
    move_turn(&mut t, p(0));
    let board = &g.content().board;
    let free = (0..SPACES as Space).find(|&s| board.cell(s).land && empty(&t, s)).unwrap();
    t.stack.push(Step::Marker { seat: p(0), space: free });
    let mut s = load(&g, &t);
    assert_eq!(legal(&g, &s, 0), ["marker", "no marker"]);
    act(&g, &mut s, 0, "marker");
    assert_eq!(s.table().markers[usize::from(free)], Some(p(0)));
    t.stack.pop();
    t.stack.push(Step::Marker { seat: p(0), space: SPACES as Space });
    assert_eq!(
        refused(&g, &t),
        pair("stack[2]", "this step does not come in phase 5 move units here Marker { seat: Player(0), space: 253 }")
    );
}

/// WD-MARK-1: a won attack offers a marker for each space its units left, once each: two marker
/// steps for two spaces load, two for one space are refused (the second would ask again for a
/// space the first just marked).
#[test]
fn wd_mark_1_a_marker_is_offered_once_for_a_space() {
    let g = game(2);
    let mut t = table(&g, &start(&g, 1));
    move_turn(&mut t, p(0));
    let board = &g.content().board;
    let mut free = (0..SPACES as Space).filter(|&s| board.cell(s).land && empty(&t, s));
    let (a, b) = (free.next().unwrap(), free.next().unwrap());
    t.stack.push(Step::Marker { seat: p(0), space: a });
    t.stack.push(Step::Marker { seat: p(0), space: b });
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "marker");
    act(&g, &mut s, 0, "marker");
    assert_eq!((s.table().markers[usize::from(a)], s.table().markers[usize::from(b)]), (Some(p(0)), Some(p(0))));
    t.stack.pop();
    t.stack.push(Step::Marker { seat: p(0), space: a });
    assert_eq!(refused(&g, &t), pair("stack[3]", "a marker is offered once for each space the units left (WD-MARK-1)"));
}

/// WD-COMP-1: every card of the game is somewhere; a Level 1 card taken out of the deck is missed.
#[test]
fn wd_comp_1_a_card_missing_from_the_game_is_refused() {
    let g = game(3);
    let mut t = table(&g, &start(&g, 1));
    load(&g, &t);
    let cards = &g.content().cards;
    let k = t.decks[0].iter().find(|&k| cards.get(k).unwrap().deck == Deck::Level1).unwrap();
    t.decks[0].remove(k);
    let name = &cards.get(k).unwrap().name;
    let why = format!(
        "card {k} ({name}) is nowhere: every card is in a deck, a discard pile, a hand, on a card space, among \
         the projects, on the peace track or out of the game (WD-COMP-1)"
    );
    assert_eq!(refused(&g, &t), pair("decks[0]", &why));
}

/// WD-COMP-1, WD-PEACE-1: a Nuclear Bomb is in one place: on the peace track (with its player's
/// marker) or in the Level 2 deck, never both.
#[test]
fn wd_comp_1_a_nuclear_bomb_in_the_deck_and_on_the_peace_track_is_refused() {
    let g = game(2);
    let mut t = table(&g, &start(&g, 1));
    let first = t.order[0].index();
    buy_turn(&mut t, p(first));
    let cards = &g.content().cards;
    let bomb = t.decks[1].iter().find(|&k| cards.get(k).unwrap().is_nuclear_bomb()).unwrap();
    t.decks[1].remove(bomb);
    t.peace[0] = Some((p(0), bomb));
    t.seats[p(0)].markers -= 1;
    load(&g, &t);
    t.decks[1].insert(bomb);
    assert_eq!(refused(&g, &t), pair("peace[0]", &format!("card {bomb} is in two places")));
}

/// WD-ROUND-2, WD-ELIM-1: a player out of the game decides nothing: no movement turn, no phase 6.
#[test]
fn wd_round_2_an_eliminated_player_decides_and_buys_nothing() {
    let g = game(3);
    let mut t = table(&g, &start(&g, 1));
    past_setup(&mut t);
    eliminate(&g, &mut t, p(2), 1);
    let living = t.order.iter().copied().find(|&q| q != p(2)).unwrap().index();
    buy_turn(&mut t, p(living));
    load(&g, &t);
    let mut buying = t.clone();
    buy_turn(&mut buying, p(2));
    assert_eq!(refused(&g, &buying), pair("stack[1]", "P3 is out of the game and decides nothing (WD-ROUND-2)"));
    let mut moving = t.clone();
    move_turn(&mut moving, p(living));
    load(&g, &moving);
    move_turn(&mut moving, p(2));
    assert_eq!(refused(&g, &moving), pair("stack[1]", "P3 is out of the game and decides nothing (WD-ROUND-2)"));
}

/// WD-ELIM, WD-SCORE-3: the players out of the game are numbered 1, 2, … in the order they left;
/// two never share a number.
#[test]
fn wd_score_3_two_players_out_as_the_same_number_are_refused() {
    let g = game(4);
    let mut t = table(&g, &start(&g, 1));
    past_setup(&mut t);
    eliminate(&g, &mut t, p(2), 1);
    eliminate(&g, &mut t, p(3), 2);
    let living = t.order.iter().copied().find(|&q| q < p(2)).unwrap().index();
    buy_turn(&mut t, p(living));
    load(&g, &t);
    t.seats[p(3)].out = Some(1);
    assert_eq!(refused(&g, &t), pair("seats[3].out", "two players left the game as number 1"));
}

/// WD-END-1: once a player has the VP goal (15), the next round is the last; 99 VP with no last
/// round is a position no game reaches.
#[test]
fn wd_end_1_the_vp_goal_without_a_last_round_is_refused() {
    let g = game(2);
    let mut t = table(&g, &start(&g, 1));
    let first = t.order[0].index();
    buy_turn(&mut t, p(first));
    t.seats[p(0)].vp = 99;
    t.seats[p(0)].ten_vp = true;
    t.last_round = Some(t.round + 1);
    load(&g, &t);
    t.last_round = None;
    assert_eq!(refused(&g, &t), pair("last_round", "a player has 15 VP: the last round is set (WD-END-1)"));
}

/// WD-END-1: the game ends one round after the VP goal, so no player holds more than
/// `VP_BEYOND_GOAL` over it: 1015 VP load, 1016 and the most a counter holds (65,535) do not.
#[test]
fn wd_end_1_vp_beyond_any_game_are_refused() {
    let g = game(2);
    let mut t = table(&g, &start(&g, 1));
    let first = t.order[0].index();
    buy_turn(&mut t, p(first));
    t.seats[p(0)].ten_vp = true;
    t.last_round = Some(t.round + 1);
    t.seats[p(0)].vp = 15 + VP_BEYOND_GOAL;
    load(&g, &t);
    for vp in [16 + VP_BEYOND_GOAL, u16::MAX] {
        t.seats[p(0)].vp = vp;
        let why = format!("no game reaches {vp} VP: it ends one round after someone reaches 15 (WD-END-1)");
        assert_eq!(refused(&g, &t), pair("seats[0].vp", &why));
    }
}

/// WD-COMP-4: resources no game holds by the round: the most a counter holds (65,535) in round 1
/// is refused, the most the rules give by then loads.
#[test]
fn wd_comp_4_resources_beyond_any_game_are_refused() {
    let g = game(2);
    let mut t = table(&g, &start(&g, 1));
    let first = t.order[0].index();
    buy_turn(&mut t, p(first));
    let most = most_resources(g.content(), 2, t.round);
    assert!(most < u64::from(u16::MAX), "{most}");
    t.seats[p(0)].resources = (most - u64::from(t.seats[p(1)].resources)) as u16;
    load(&g, &t);
    t.seats[p(0)].resources += 1;
    let why = format!("{} resources in all by round 1, more than any game gives: at most {most} (WD-COMP-4)", most + 1);
    assert_eq!(refused(&g, &t), pair("seats[0].resources", &why));
    t.seats[p(0)].resources = u16::MAX;
    let all = u64::from(u16::MAX) + u64::from(t.seats[p(1)].resources);
    let why = format!("{all} resources in all by round 1, more than any game gives: at most {most} (WD-COMP-4)");
    assert_eq!(refused(&g, &t), pair("seats[0].resources", &why));
}

/// WD-COMP-4: in a long game (a round cap of 200) resources the rules can give reach the most a
/// counter holds; income then saturates there instead of wrapping to a few.
#[test]
fn wd_comp_4_income_at_the_counters_end_saturates() {
    let g = game_with(&Config::players(2).with_option("round_cap", serde_json::json!(200)));
    let mut t = table(&g, &start(&g, 1));
    t.round = 190;
    let first = t.order[0].index();
    buy_turn(&mut t, p(first));
    assert!(most_resources(g.content(), 2, t.round) > u64::from(u16::MAX));
    t.seats[p(0)].resources = u16::MAX - 1;
    let mut s = load(&g, &t);
    let events = play_until(&g, &mut s, |s| s.table().round == 191);
    assert_eq!(s.table().seats[p(0)].resources, u16::MAX, "{events:?}");
    assert!(events.iter().any(|e| e.starts_with("P1 collects") && e.ends_with("(65535)")), "{events:?}");
}

/// WD-VP-1, WD-END-1: with a VP goal at the counter's end, VP gained there saturate: an attack's
/// 4 VP leave 65,535, not 3 (the "gains 1 VP (0)" of a wrapped counter), and start the last round.
#[test]
fn wd_vp_1_vp_at_the_counters_end_saturate() {
    let g = game_with(
        &Config::players(3)
            .with_option("end_vp", serde_json::json!(u16::MAX))
            .with_option("nations", serde_json::json!(["usa", "russia", "north-korea"])),
    );
    let mut t = table(&g, &start(&g, 1));
    clear_board(&mut t);
    let x = at(16, 2);
    put_base(&mut t, p(0), at(15, 2), 6);
    put_units(&mut t, p(0), at(15, 2), 2);
    put_base(&mut t, p(1), x, 8);
    put_units(&mut t, p(1), at(20, 2), 1);
    put_units(&mut t, p(2), at(5, 8), 1);
    move_turn(&mut t, p(0));
    t.seats[p(0)].vp = u16::MAX - 1;
    t.seats[p(0)].ten_vp = true;
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "C16");
    act(&g, &mut s, 0, "commit 2");
    let events = act(&g, &mut s, 0, "commit 1");
    assert_eq!(s.table().seats[p(0)].vp, u16::MAX, "{events:?}");
    assert_eq!(s.table().last_round, Some(s.table().round + 1));
    assert!(events.iter().any(|e| e.contains("(65535)")), "{events:?}");
}

/// WD-DRAW-1, WD-DEC-1: a player choosing the level of their next card has a deck to draw from,
/// and a position between two actions has someone to decide. Positions that pass the game's own
/// checks but leave a player to decide without a legal action (every Level 1 card in the hands or
/// face down on the board, Level 2 closed before the First Goal) or nobody deciding (a phase
/// waiting for its first step) are refused by the engine's load (`worlds_engine::playable`).
#[test]
fn wd_draw_1_a_draw_with_nothing_to_draw_is_refused_by_the_engine() {
    let g = game(2);
    let mut t = table(&g, &start(&g, 1));
    past_setup(&mut t);
    let first = t.order[0];
    t.stack = Stack::with(Step::Phase { phase: Phase::Draw, next: 0 });
    t.stack.push(Step::Draw { seat: first });
    load(&g, &t);
    let mut waiting = t.clone();
    waiting.stack.pop();
    assert!(g.from_setup(waiting.clone()).is_ok(), "the game's own checks pass it");
    assert_eq!(
        g.load_state_value(serde_json::to_value(&waiting).unwrap()),
        Err(StateError::Invalid { field: String::new(), reason: "the game is over but has no outcome".into() })
    );
    let cards = &g.content().cards;
    for (i, k) in t.decks[0].union(t.discards[0]).iter().enumerate() {
        t.decks[0].remove(k);
        t.discards[0].remove(k);
        if cards.get(k).unwrap().deck == Deck::Level1 {
            t.seats[p(i % 2)].hand.insert(k);
        } else {
            t.dumb.down[0].insert(k);
            t.dumb.drawn[0] += 1;
        }
    }
    assert!(g.from_setup(t.clone()).is_ok(), "the game's own checks pass it");
    let why = format!(
        "{first} is to decide ({first} chooses the level of their next card) but has no legal action: no game \
         reaches this position"
    );
    assert_eq!(
        g.load_state_value(serde_json::to_value(&t).unwrap()),
        Err(StateError::Invalid { field: String::new(), reason: why })
    );
}

/// WD-DUMB-3: the highest bidder of an auction is a seat in the game; one past the seats (11) was
/// read from the seats while checking the price and crashed the load. A seat number no table has
/// (11) is refused as JSON; one past this table's seats (P5 of three) by the game's checks.
#[test]
fn wd_dumb_3_an_auction_won_by_no_seat_is_refused() {
    let g = game(3);
    let mut t = table(&g, &start(&g, 1));
    past_setup(&mut t);
    t.round = 2;
    let card = g.content().cards.all().iter().find(|k| k.min_bid.is_some()).unwrap();
    for l in 0..2 {
        t.decks[l].remove(card.number);
    }
    drawn_dumbness(&g, &mut t, card.number);
    t.dumb.up.insert(card.number);
    let price = card.min_bid.unwrap() - 1;
    t.stack = Stack::with(Step::Phase { phase: Phase::Dumbness, next: 0 });
    t.stack.push(Step::Auction { card: card.number, price, high: None, out: PlayerSet::EMPTY, turn: 0 });
    load(&g, &t);
    let mut json = serde_json::to_value(&t).unwrap();
    assert_eq!(json["stack"][1]["auction"]["high"], NOBODY);
    json["stack"][1]["auction"]["high"] = 11.into();
    assert!(g.load_state_value(json).is_err());
    t.stack.pop();
    t.stack.push(Step::Auction { card: card.number, price, high: Some(p(4)), out: PlayerSet::EMPTY, turn: 0 });
    let why = format!(
        "this step does not come in phase 3 Dumbness cards here Auction {{ card: {}, price: {price}, high: \
         Some(Player(4)), out: {{}}, turn: 0 }}",
        card.number
    );
    assert_eq!(refused(&g, &t), pair("stack[1]", &why));
}

/// WD-NUKE-5: the bombs fired are Nuclear Bombs that were used (out of the game, or fired on their
/// card space); another card turned and used after acting does not count as one.
#[test]
fn wd_nuke_5_only_a_used_nuclear_bomb_counts_as_fired() {
    let g = game(2);
    let mut t = table(&g, &start(&g, 1));
    let first = t.order[0].index();
    move_turn(&mut t, p(first));
    let cards = &g.content().cards;
    let other = t.decks[0].iter().find(|&k| !cards.get(k).unwrap().is_nuclear_bomb()).unwrap();
    t.decks[0].remove(other);
    t.seats[p(0)].spaces[0] = Some(Placed { card: other, lying: Lying::Used, peace: false });
    load(&g, &t);
    t.bombs_fired = 1;
    assert_eq!(refused(&g, &t), pair("bombs_fired", "1 bombs fired, but only 0 were used (WD-NUKE-5)"));
    // A bomb that fired and left the game is one.
    let bomb = t.decks[1].iter().find(|&k| cards.get(k).unwrap().is_nuclear_bomb()).unwrap();
    t.decks[1].remove(bomb);
    t.dumb.gone.insert(bomb);
    load(&g, &t);
}
