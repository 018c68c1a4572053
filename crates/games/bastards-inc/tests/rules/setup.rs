//! Set-up, components, plans and the board (BI-SETUP, BI-COMP, BI-PLAN, BI-BOARD, BI-REGION,
//! BI-CIRCUS, BI-TURN-1).

use worlds_bastards_inc::{Attr, BastardsInc, Kind, Section, Spot, Step, Timing};
use worlds_engine::{Config, Game, SeededRng, Turn};

use crate::common::{game, game_with, p, start};

/// BI-SETUP-1.
#[test]
fn bi_setup_1_three_to_six_players() {
    for n in [2, 7] {
        let e = BastardsInc::new(&Config::players(n)).unwrap_err();
        assert_eq!(e.to_string(), format!("bastards-inc is for 3–6 players, not {n}"));
    }
    for n in 3..=6 {
        assert_eq!(game(n).num_players(), n);
    }
}

/// BI-SETUP-2.
#[test]
fn bi_setup_2_plans_are_drawn_or_assigned_with_their_attributes() {
    let g = game(4);
    let s = start(&g, 5);
    let plans: Vec<u8> = s.table().seats.values().map(|x| x.plan).collect();
    assert_eq!(plans, [0, 1, 2, 3]);
    assert_eq!(s.table().seats[p(0)].attrs, [3, 2, 1, 2], "Greasepalm Holdings");
    assert_eq!(s.table().seats[p(3)].attrs, [1, 3, 2, 2], "Famiglia Import-Export");
    // Drawn at random: six different seeds give distinct plans per game, and not always the same.
    let g = game_with(&Config::players(6));
    let mut firsts = Vec::new();
    for seed in 0..6 {
        let s = start(&g, seed);
        let mut plans: Vec<u8> = s.table().seats.values().map(|x| x.plan).collect();
        firsts.push(plans[0]);
        plans.sort_unstable();
        assert_eq!(plans, [0, 1, 2, 3, 4, 5]);
    }
    firsts.dedup();
    assert!(firsts.len() > 1, "the plans are dealt at random: {firsts:?}");
    let e = BastardsInc::new(&Config::players(3).with_option("plans", serde_json::json!(["a", "b", "c"]))).unwrap_err();
    assert_eq!(
        e.to_string(),
        "option `plans[0]`: no Business Plan `a`; the plans are greasepalm, spin-and-sons, gizmotronic, famiglia, \
         revolving-door, skunkworks"
    );
}

/// BI-SETUP-3.
#[test]
fn bi_setup_3_two_vps_in_the_lounge_thirty_billions_nine_goodwill_no_cards() {
    let g = game(3);
    let (s, events) = g.new_game(&mut SeededRng::new(1));
    for seat in s.table().seats.values() {
        let at: Vec<Spot> = seat.vps.iter().map(|v| v.at).collect();
        assert_eq!(at, [Spot::Lounge, Spot::Lounge, Spot::Supply, Spot::Supply]);
        assert_eq!((seat.billions, seat.goodwill, seat.hand), (30, 9, worlds_bastards_inc::CardSet::EMPTY));
    }
    let text: Vec<String> = events.iter().map(|e| g.describe_event(&e.event)).collect();
    assert_eq!(
        text,
        [
            "P1 runs Greasepalm Holdings",
            "P2 runs Spin & Sons",
            "P3 runs Gizmotronic",
            "P1 is the starting player and takes the sign",
            "Turn 1 begins; P1 is the starting player",
            "Phase 1 draw Action cards",
        ]
    );
}

/// BI-SETUP-4.
#[test]
fn bi_setup_4_stuff_levels_no_wars_halo_with_the_bank_full_decks() {
    let g = game(3);
    let s = start(&g, 1);
    assert_eq!(s.table().stuff, [2, 1, 1, 2, 0, 0]);
    assert_eq!((s.table().war, s.table().disaster, s.table().famine, s.table().halo), (0, 0, 0, None));
    assert_eq!(s.table().deck.len(), 54);
    let none = worlds_bastards_inc::CardSet::EMPTY;
    assert_eq!((s.table().discard, s.table().events.len(), s.table().used), (none, 18, none));
}

/// BI-SETUP-5.
#[test]
fn bi_setup_5_the_starting_player_is_drawn_or_chosen_and_turn_1_begins_with_drawing() {
    let g = game_with(&Config::players(4).with_option("first", 2));
    let s = start(&g, 3);
    assert_eq!(s.table().start, p(2));
    assert_eq!((s.table().turn, s.table().stack.as_slice()), (1, &[Step::Draw][..]));
    assert_eq!(g.turn(&s), Turn::Simultaneous((0..4).map(p).collect()));
    let g = game_with(&Config::players(5));
    let starts: Vec<_> = (0..10).map(|seed| start(&g, seed).table().start).collect();
    assert!(starts.iter().any(|&x| x != starts[0]), "drawn at random: {starts:?}");
    let e = BastardsInc::new(&Config::players(3).with_option("first", 3)).unwrap_err();
    assert_eq!(e.to_string(), "option `first`: seat 3 does not exist; seats are 0–2");
}

/// BI-COMP-1.
#[test]
fn bi_comp_1_the_components() {
    let g = game(3);
    let c = g.content();
    assert_eq!(c.plans.0.len(), 6);
    assert_eq!(c.cards.events.len(), 18);
    assert_eq!(c.cards.numbers.len(), 54);
    let count =
        |kind: Kind| c.cards.kinds.iter().filter(|k| k.kind == kind).map(|k| usize::from(k.copies)).sum::<usize>();
    assert_eq!((count(Kind::Business), count(Kind::Action)), (24, 30));
    let war = c.cards.kinds.iter().filter(|k| k.kind == Kind::Action && k.timing == Timing::War);
    assert_eq!(war.map(|k| k.name.as_str()).collect::<Vec<_>>(), ["Propaganda Victory", "Fog of War"]);
    assert_eq!(start(&g, 1).table().seats[p(0)].vps.len(), 4);
}

/// BI-COMP-3: one face-down deck of Action and Business Opportunity cards, one discard pile.
#[test]
fn bi_comp_3_one_deck_of_action_and_business_cards() {
    let g = game(3);
    let s = start(&g, 1);
    let kinds: std::collections::HashSet<Kind> =
        s.table().deck.iter().map(|k| g.content().cards.card(k).kind).collect();
    assert_eq!(kinds.len(), 2);
}

/// BI-PLAN-1.
#[test]
fn bi_plan_1_four_attributes_from_0_to_6() {
    let g = game(3);
    for plan in &g.content().plans.0 {
        assert!(plan.attrs.iter().all(|&a| a <= 6), "{}", plan.name);
    }
    assert_eq!(Attr::ALL.map(Attr::name), ["Corruption", "Crime", "Media", "Technology"]);
}

/// BI-PLAN-3.
#[test]
fn bi_plan_3_plans_are_asymmetric_but_equal_in_total() {
    let g = game(3);
    let plans = &g.content().plans.0;
    for plan in plans {
        let mut a = plan.attrs;
        a.sort_unstable();
        assert_eq!(a, [1, 2, 2, 3], "{}", plan.name);
    }
    for a in 0..4 {
        assert_eq!(plans.iter().map(|x| x.attrs[a]).sum::<u8>(), 12);
        let threes = plans.iter().filter(|x| x.attrs[a] == 3).count();
        let ones = plans.iter().filter(|x| x.attrs[a] == 1).count();
        assert_eq!(threes, ones, "attribute {a}");
    }
}

/// BI-REGION-1, BI-BOARD-1.
#[test]
fn bi_region_1_bi_board_1_the_pyramid_of_six_regions() {
    let g = game(3);
    let b = &g.content().board;
    let rows: Vec<(&str, u8, [u8; 5], u8)> = b
        .regions
        .iter()
        .map(|r| (r.name.as_str(), r.row, [r.corruption, r.crime, r.technology, r.income, r.grey_from], r.stuff))
        .collect();
    assert_eq!(
        rows,
        [
            ("The One $uperpower", 1, [5, 6, 5, 27, 5], 2),
            ("The Rest", 2, [4, 5, 4, 21, 5], 1),
            ("Corruptistan", 3, [1, 3, 2, 12, 4], 1),
            ("The Tigers", 3, [3, 1, 3, 15, 4], 2),
            ("The Rogue State", 4, [4, 2, 1, 18, 2], 0),
            ("The Meek", 4, [1, 1, 0, 6, 3], 0),
        ]
    );
    assert_eq!((b.superpower, b.rogue), (0, 4));
}

/// BI-BOARD-2, BI-BOARD-3, BI-BOARD-4: minimums and Income per region, a Stuff bar 0–6 with its
/// grey zone, the Media circus, the VIP Lounge, the price and war tables.
#[test]
fn bi_board_2_3_4_what_the_board_prints() {
    let g = game(3);
    let b = &g.content().board;
    assert_eq!(b.region(3).minimum(Attr::Crime), 1);
    assert_eq!(b.region(3).minimum(Attr::Technology), 3);
    assert!(b.regions.iter().all(|r| (1..=6).contains(&r.grey_from)));
    assert_eq!(b.effort, [2, 5, 9]);
    assert_eq!(b.war.len(), 6);
    assert_eq!(b.squares.len(), 6);
}

/// BI-CIRCUS-1.
#[test]
fn bi_circus_1_six_squares_in_three_sections() {
    let g = game(3);
    let squares: Vec<(&str, Section, u8)> =
        g.content().board.squares.iter().map(|q| (q.name.as_str(), q.section, q.media)).collect();
    assert_eq!(
        squares,
        [
            ("Charity Scam", Section::World, 1),
            ("War Correspondents", Section::World, 4),
            ("Talk Show", Section::Politics, 2),
            ("Late-Night Satire", Section::Politics, 3),
            ("Stock Tips", Section::Business, 2),
            ("Investigative Desk", Section::Business, 5),
        ]
    );
    assert_eq!(g.content().board.charity, Some(0));
}

/// BI-TURN-1, BI-TURN-2: the five phases in order, from drawing to business; then the player to
/// the left starts the next turn.
#[test]
fn bi_turn_1_five_phases_in_order() {
    let g = game(3);
    let mut rng = SeededRng::new(4);
    let (mut s, events) = g.new_game(&mut rng);
    let mut log: Vec<String> = events.iter().map(|e| g.describe_event(&e.event)).collect();
    while s.table().turn == 1 {
        let who = g.turn(&s).players().iter().next().unwrap();
        let legal = g.legal_actions(&s, who);
        // Pass or finish whenever possible, so the turn moves on.
        let a = legal.iter().copied().find(|a| g.is_pass(*a)).unwrap_or(legal[0]);
        for e in g.apply(&mut s, who, a, &mut rng).unwrap() {
            log.push(g.describe_event(&e.event));
        }
    }
    let phases: Vec<&String> = log.iter().filter(|l| l.starts_with("Phase ") || l.starts_with("Turn ")).collect();
    assert_eq!(
        phases,
        [
            "Turn 1 begins; P1 is the starting player",
            "Phase 1 draw Action cards",
            "Phase 2 place VPs",
            "Phase 3 events",
            "Phase 4 war",
            "Phase 5 business",
            "Turn 2 begins; P2 is the starting player",
            "Phase 1 draw Action cards",
        ]
    );
    assert_eq!((s.table().turn, s.table().start), (2, p(1)));
}
