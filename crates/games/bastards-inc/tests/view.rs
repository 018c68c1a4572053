//! What players see (BI-VIEW-1..3, BI-PLAN-2, BI-CARD-5): the whole table and the compact table for
//! the terminal, as insta snapshots of a seeded position; every line at most 80 columns; the
//! viewer's own hand with each card's text, the others' only as counts.

use worlds_bastards_inc::{BastardsInc, Entry, State};
use worlds_engine::paint::visible_width;
use worlds_engine::{Game, Present, SeededRng, Style, Viewer};

use crate::common::{act, bit, blank, card, drawing, game, give, lay, load, money, p, put, put_square, region, square};

/// A table in the Business phase of 4 players: VPs in regions (with entries and black money) and
/// on Media squares, a war, a famine, the halo, cards in front and in hands.
pub fn position(g: &BastardsInc) -> State {
    let mut t = blank(g);
    let (corr, tigers, rest, meek) =
        (region(g, "corruptistan"), region(g, "tigers"), region(g, "the-rest"), region(g, "meek"));
    put(&mut t, 0, 0, corr, Entry::Corruption, 5);
    put(&mut t, 0, 1, rest, Entry::Corruption, 0);
    put(&mut t, 1, 0, tigers, Entry::Crime, 8);
    put_square(&mut t, 1, 1, square(g, "talk-show"));
    put(&mut t, 2, 0, meek, Entry::Prize, 3);
    put_square(&mut t, 3, 0, square(g, "charity-scam"));
    t.war = 1 << tigers;
    t.famine = 1 << meek;
    t.halo = Some(p(2));
    t.turn = 4;
    money(&mut t, 0, 23, 2);
    money(&mut t, 1, 41, 0);
    money(&mut t, 3, 7, 11);
    t.seats[p(0)].bonus = [1, 0, 0, 0];
    give(&mut t, 0, card(g, "privatised-pipeline"));
    give(&mut t, 0, card(g, "lobbyists#1"));
    give(&mut t, 0, card(g, "fog-of-war"));
    give(&mut t, 1, card(g, "smear-campaign#1"));
    give(&mut t, 1, card(g, "bunker#1"));
    lay(&mut t, 0, card(g, "oil-concession#1"), true);
    lay(&mut t, 1, card(g, "electronics-factory#1"), false);
    t.deck &= !bit(card(g, "tax-audit#1"));
    t.discard |= bit(card(g, "tax-audit#1"));
    load(g, &t)
}

#[test]
fn bi_view_1_bi_view_2_bi_view_3_the_table_in_the_terminal() {
    let g = game(4);
    let s = position(&g);
    let mine = g.render(&g.observe(&s, Viewer::Player(p(0))), Style::default());
    let spectator = g.render(&g.observe(&s, Viewer::Spectator), Style::default());
    let compact = g.render_compact(&g.observe(&s, Viewer::Player(p(0))), Style::default());
    for (name, text) in [("P1's table", &mine), ("the spectator's table", &spectator), ("the compact table", &compact)]
    {
        for line in text.lines() {
            assert!(visible_width(line) <= 80, "{name}: a line of {} columns: {line}", visible_width(line));
        }
    }
    assert!(compact.lines().count() <= 16, "the compact table leaves room for a menu:\n{compact}");
    insta::assert_snapshot!("p1_table", mine);
    insta::assert_snapshot!("spectator_table", spectator);
    insta::assert_snapshot!("p1_compact", compact);
}

/// BI-VIEW-3, BI-CARD-5: the viewer's own hand with each card's text and whether it can be played;
/// others' hands as counts only.
#[test]
fn bi_view_3_bi_card_5_own_hand_in_full_others_as_counts() {
    let g = game(4);
    let s = position(&g);
    let o = g.observe(&s, Viewer::Player(p(0)));
    let hand: Vec<(&str, bool)> = o.hand.iter().map(|h| (h.card.name.as_str(), h.playable)).collect();
    assert_eq!(hand, [("Privatised Pipeline", true), ("Lobbyists", true), ("Fog of War", false)]);
    assert_eq!(o.hand[1].card.text, "Business action; pay twice your new Corruption: you gain 1 Corruption");
    assert_eq!(o.seats[1].hand, 2);
    let json = serde_json::to_string(&o).unwrap();
    assert!(!json.contains("Smear Campaign") && !json.contains("Bunker"));
    assert!(g.observe(&s, Viewer::Spectator).hand.is_empty());
}

/// BI-PLAN-2, BI-BLACK-1, BI-CIRCUS-2: reserves are public; black money sits on VPs in regions, apart
/// from the reserve; VPs on Media squares carry none.
#[test]
fn bi_plan_2_bi_black_1_bi_circus_2_reserves_and_black_money() {
    let g = game(4);
    let s = position(&g);
    for viewer in [Viewer::Player(p(1)), Viewer::Spectator] {
        let o = g.observe(&s, viewer);
        let reserves: Vec<(u32, u32, u32)> = o.seats.iter().map(|x| (x.billions, x.goodwill, x.black)).collect();
        assert_eq!(reserves, [(23, 2, 5), (41, 0, 8), (30, 9, 3), (7, 11, 0)]);
        assert!(o.circus.iter().all(|q| q.vps.iter().all(|v| v.black == 0)));
    }
    // Black money cannot pay: P1's 5 black money do not buy a VP with 10 Billions.
    let mut t = g.to_setup(&s);
    money(&mut t, 0, 10, 0);
    let s = load(&g, &t);
    assert!(!g.legal_actions(&s, p(0)).contains(&worlds_bastards_inc::Action::BuyVp));
    let mut t = g.to_setup(&s);
    t.seats[p(3)].vps[0].black = 2;
    let e = g.load_state_value(serde_json::to_value(&t).unwrap()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "state field `seats[3].vps[0]`: only VPs in regions carry black money (BI-BLACK-1, BI-CIRCUS-2)"
    );
    let _ = SeededRng::new(0);
}

/// BI-VIEW-2, BI-VIEW-3, BI-CARD-5: the table description (`Game::table`) of the position: each
/// company's figures and notes, the viewer's hand and only his, the piles, the events and wars,
/// the prices of extra effort and the war table; in the terminal one line a company within 80
/// columns.
#[test]
fn bi_view_2_bi_card_5_the_table_description() {
    let g = game(4);
    let s = position(&g);
    let table = |viewer| g.table(&g.observe(&s, viewer)).expect("Bastards Inc. describes its table");
    let mine = table(Viewer::Player(p(0)));
    assert_eq!(mine.phase, "Turn 4 of 30 · phase 5 business · P1 starts");
    let companies: Vec<&str> = mine.panels.iter().filter_map(|x| x.faction.as_deref()).collect();
    assert_eq!(companies, ["Greasepalm Holdings", "Spin & Sons", "Gizmotronic", "Famiglia Import-Export"]);
    // The terminal lists the companies apart and draws the table without them, in 80 columns.
    let mut drawn = mine.clone();
    drawn.panels.iter_mut().for_each(|x| x.faction = None);
    assert_eq!(
        drawn.draw(Some(p(0)), 80, Style::default()),
        "            Cor  Cri  Med  Tec  $bn  GW  VPs  VIP  Hand  Opps\n\
         ▶ P1 (you)    3    2    1    2   23   2  2/4    0     3   1/1  Cor +1\n\
         \x20 P2          2    1    3    2   41   0  2/4    0     2   0/1\n\
         \x20 P3          1    2    3    2   30   9  2/4    1     0   0/0  Nobel\n\
         \x20 P4          1    3    2    2    7  11  2/4    1     0   0/0\n\
         In front of you: Oil Concession (upright)\n\
         In front of P2: Electronics Factory (sideways)\n\
         Hand: Privatised Pipeline (playable) · Lobbyists (playable) · Fog of War\n\
         Action deck 46 · Discard pile 1 · Event deck 18\n\
         Events and wars: Last event: none yet · Events drawn so far: none\n\
         \x20 Last war: none yet · War counters left: 2\n\
         Extra effort, in Billions or Goodwill: +1 for 2 · +2 for 5 · +3 for 9\n\
         War table (die + modifiers): ≤3: Skirmishes (Stuff −1) · ≤6: Open war (Stuff −2)\n\
         \x20 ≤8: Escalation (Stuff −2, intervention) · +3 more\n"
    );
    let opportunity = &mine.panels[1].cards[0];
    assert_eq!(opportunity.kind.as_deref(), Some("sideways"));
    assert_eq!(opportunity.text, g.observe(&s, Viewer::Spectator).seats[1].opportunities[0].card.text);
    let hand: Vec<&str> = mine.panels[0].hand.iter().flatten().map(|k| k.name.as_str()).collect();
    assert_eq!(hand, ["Privatised Pipeline", "Lobbyists", "Fog of War"]);
    for viewer in [Viewer::Spectator, Viewer::Player(p(1))] {
        let theirs = table(viewer);
        let shown: Vec<usize> = theirs.panels.iter().filter(|x| x.hand.is_some()).map(|x| x.seat.index()).collect();
        assert_eq!(shown, viewer.player().map(|q| q.index()).into_iter().collect::<Vec<_>>(), "{viewer:?}");
        let json = serde_json::to_string(&theirs).unwrap();
        assert!(!json.contains("Privatised Pipeline") && !json.contains("Lobbyists"), "{viewer:?}: {json}");
    }
    assert!(!serde_json::to_string(&mine).unwrap().contains("Smear Campaign"));
    // BI-DRAW-4: in the Draw phase the others see only who has finished choosing.
    let mut t = g.to_setup(&s);
    drawing(&mut t);
    let mut s = load(&g, &t);
    act(&g, &mut s, 1, "done");
    let notes: Vec<Vec<String>> =
        g.table(&g.observe(&s, Viewer::Spectator)).unwrap().panels.into_iter().map(|x| x.notes).collect();
    // Those still choosing are the seats with a decision to make (▶).
    let acting: Vec<bool> =
        g.table(&g.observe(&s, Viewer::Spectator)).unwrap().panels.iter().map(|x| x.acting).collect();
    assert_eq!(acting, [true, false, true, true]);
    assert_eq!(notes, [vec!["Cor +1"], vec!["chosen"], vec!["Nobel"], vec![]]);
}
