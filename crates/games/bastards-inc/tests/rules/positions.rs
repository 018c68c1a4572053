//! Positions from outside (saved games, bug reports, the protocol): what the rules cannot reach is
//! refused with its JSON path, and counters never wrap.

use worlds_bastards_inc::{Act, BastardsInc, Deed, Ending, Entry, Step, Table, Target, Vp, WarRoll, Window};
use worlds_engine::flow::Stack;
use worlds_engine::{Game, Player, PlayerSet};

use crate::common::{act, blank, business, card, drawing, game, give, load, money, p, placing, put, region};

/// An edit of a position, making one the rules cannot reach.
type Edit<'a> = &'a dyn Fn(&mut Table);

/// Each case, `(case, edit, path, reason)`: `base` with `edit` made is refused on loading, at the
/// JSON path `path` (`""`: the position as a whole) for `reason`; a failure names the case.
fn assert_refused(g: &BastardsInc, base: &Table, cases: &[(&str, Edit<'_>, &str, &str)]) {
    for &(case, edit, path, reason) in cases {
        let mut t = base.clone();
        edit(&mut t);
        let want = if path.is_empty() { format!("state: {reason}") } else { format!("state field `{path}`: {reason}") };
        match g.load_state_value(serde_json::to_value(&t).unwrap()) {
            Ok(_) => panic!("{case}: the position loads"),
            Err(e) => assert_eq!(e.to_string(), want, "{case}"),
        }
    }
}

/// BI-RULING-11: a company holds at most 255 Goodwill: a gain stops there, a resister may bid up
/// to all of it, and a position holding more is refused.
#[test]
fn bi_ruling_11_a_company_holds_at_most_255_goodwill() {
    let g = game(3);
    let mut t = blank(&g);
    give(&mut t, 0, card(&g, "charity-gala"));
    money(&mut t, 0, 10, 254);
    let mut s = load(&g, &t);
    assert_eq!(act(&g, &mut s, 0, "charity-gala"), ["P1 plays Charity Gala", "P1's Goodwill 254 → 255"]);
    assert_eq!(s.table().seats[p(0)].goodwill, 255);
    assert_refused(
        &g,
        &t,
        &[(
            "256 Goodwill",
            &|t| money(t, 1, 10, 256),
            "seats[1].goodwill",
            "a company holds at most 255 Goodwill (BI-RULING-11)",
        )],
    );
}

/// BI-END-2: the game ends after the turn cap (30 by default), so no position is later, and a
/// game that ended at the cap ended at that turn.
#[test]
fn bi_end_2_no_turn_after_the_turn_cap() {
    let g = game(3);
    let mut t = blank(&g);
    t.turn = 30;
    load(&g, &t);
    let end_at_the_cap = |t: &mut Table| {
        t.over = Some(Ending::TurnCap);
        t.stack = Stack::new();
    };
    assert_refused(
        &g,
        &t,
        &[
            ("turn 31", &|t| t.turn = 31, "turn", "the game ends after turn 30, the turn cap (BI-END-2)"),
            (
                "ended on the turn cap at turn 29",
                &|t| {
                    t.turn = 29;
                    end_at_the_cap(t);
                },
                "over",
                "the turn cap ends the game after turn 30, not 29 (BI-END-2)",
            ),
        ],
    );
    end_at_the_cap(&mut t);
    load(&g, &t);
}

/// BI-END-1: the game ends after the Business phase in which someone reaches the money target
/// (100): outside the Business phase of a game going on, nobody has it; a game that ended on the
/// money target has someone holding it.
#[test]
fn bi_end_1_the_money_target_reached_ends_the_game() {
    let g = game(3);
    let mut t = blank(&g);
    // During the Business phase the target is only checked at its end.
    money(&mut t, 1, 100, 9);
    load(&g, &t);
    t.turn = 2;
    drawing(&mut t);
    money(&mut t, 1, 99, 9);
    load(&g, &t);
    // A game over on the money target.
    let over = |t: &mut Table| {
        t.turn = 5;
        t.stack = Stack::new();
        t.open_choices(PlayerSet::EMPTY);
        t.over = Some(Ending::Money);
    };
    let mut won = t.clone();
    over(&mut won);
    money(&mut won, 2, 104, 9);
    load(&g, &won);
    assert_refused(
        &g,
        &t,
        &[
            (
                "100 Billions at the Draw phase",
                &|t| money(t, 1, 100, 9),
                "seats[1].billions",
                "100 Billions reach the money target of 100, and the game would have ended after the last Business \
                 phase (BI-END-1)",
            ),
            (
                "over on the money target nobody holds",
                &over,
                "over",
                "the game ended on the money target, but nobody holds 100 Billions (BI-END-1)",
            ),
            (
                "over on the turn cap with P3 holding the money target",
                &|t| {
                    over(t);
                    money(t, 2, 104, 9);
                    t.over = Some(Ending::TurnCap);
                    t.turn = 30;
                },
                "over",
                "P3 holds the money target, so the game ended on it, not on the turn cap (BI-END-1)",
            ),
        ],
    );
}

/// BI-BATTLE-1: a Battle of Goodwill is fought against the players with a VP on that space when
/// the newcomer came: each occupant has one there, and every other player there is an occupant.
#[test]
fn bi_battle_1_every_occupant_stands_on_the_contested_space() {
    let g = game(3);
    let corruptistan = region(&g, "corruptistan");
    let mut t = blank(&g);
    placing(&mut t, 0);
    put(&mut t, 1, 2, corruptistan, Entry::Corruption, 4);
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "place corruptistan by corruption");
    let battle = crate::common::table(&g, &s);
    load(&g, &battle);
    assert_refused(
        &g,
        &battle,
        &[
            (
                "P2's VP back in the lounge",
                &|t| t.seats[p(1)].vps[2] = Vp::LOUNGE,
                "stack[1].occupants",
                "P2 defends Corruptistan but has no VP there (BI-BATTLE-1)",
            ),
            (
                "P3 in Corruptistan too",
                &|t| put(t, 2, 2, corruptistan, Entry::Crime, 0),
                "stack[1].occupants",
                "P3 has a VP in Corruptistan but is no occupant (BI-BATTLE-1)",
            ),
        ],
    );
}

/// BI-RULING-12: a company holds at most 1,000,000 Billions: a gift beyond it is lost, not
/// wrapped, and a position holding more is refused.
#[test]
fn bi_ruling_12_a_gift_stops_at_the_most_billions_a_company_holds() {
    let g = game(3);
    let mut t = blank(&g);
    money(&mut t, 0, 30, 9);
    money(&mut t, 1, 999_995, 9);
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "gift P2");
    assert_eq!(act(&g, &mut s, 0, "amount 20"), ["P1 gives P2 20 Billion(s)", "P1 pays P2 20 Billion(s)"]);
    assert_eq!((s.table().seats[p(0)].billions, s.table().seats[p(1)].billions), (10, 1_000_000));
    assert_refused(
        &g,
        &t,
        &[(
            "u32::MAX - 4 Billions",
            &|t| money(t, 1, u32::MAX - 4, 9),
            "seats[1].billions",
            "a company holds at most 1000000 Billions (BI-RULING-12)",
        )],
    );
}

/// BI-RULING-12, BI-BO-2: black money on a VP stops at 1,000,000 too: a Business
/// Opportunity's Income beyond it is lost, not wrapped, and more is refused on loading.
#[test]
fn bi_ruling_12_black_money_on_a_vp_stops_at_the_most() {
    let g = game(3);
    let meek = region(&g, "meek");
    let mut t = blank(&g);
    t.seats[p(0)].attrs = [1, 0, 0, 0];
    put(&mut t, 0, 0, meek, Entry::Corruption, 999_999);
    give(&mut t, 0, card(&g, "sweatshop#1"));
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "sweatshop#1");
    assert_eq!(act(&g, &mut s, 0, "target P1.1"), ["P1 uses Sweatshop", "P1's VP 1 receives 1 black money"]);
    assert_eq!(s.table().seats[p(0)].vps[0].black, 1_000_000);
    assert_refused(
        &g,
        &t,
        &[(
            "u32::MAX black money",
            &|t| put(t, 0, 0, meek, Entry::Corruption, u32::MAX),
            "seats[0].vps[0].black",
            "a VP carries at most 1000000 black money (BI-RULING-12)",
        )],
    );
}

/// BI-CARD-5: a card number beyond the deck (54 cards, numbered 0–53) is refused by its own
/// number wherever a position names a card, never wrapped onto another card (a number of 64 or
/// more used to name card n − 64, or to crash).
#[test]
fn bi_card_5_a_card_number_beyond_the_deck_is_refused_by_its_number() {
    let g = game(3);
    let base = blank(&g);
    load(&g, &base);
    let meek = region(&g, "meek");
    let p1 = p(0);
    assert_refused(
        &g,
        &base,
        &[
            ("a bunker of card 70", &|t| t.seats[p1].bunker = Some(70), "seats[0].bunker", "no card has the number 70"),
            ("a bunker of card 54", &|t| t.seats[p1].bunker = Some(54), "seats[0].bunker", "no card has the number 54"),
            (
                "card 200 played",
                &|t| {
                    t.stack.push(Step::Act(Act::new(p(0), Deed::Play(200))));
                },
                "stack[1]",
                "no card has the number 200",
            ),
            (
                "card 100 played in a war window",
                &|t| {
                    t.stack = Stack::with(Step::War { done: 0 });
                    t.war = 1 << meek;
                    t.stack.push(Step::Window(Window {
                        region: meek,
                        die: 3,
                        modifier: 0,
                        asked: 0,
                        card: Some((100, Default::default())),
                    }));
                },
                "stack[1]",
                "no card has the number 100",
            ),
            ("event 40 last", &|t| t.last_event = Some(40), "last_event", "there is no event 40"),
        ],
    );
}

/// BI-DEAL-3 and the engine's check that whoever must decide can act: a gift waiting for its
/// amount from a player with no Billions passes the crate's own checks, but no game reaches it
/// (a gift is offered only with a Billion to give), and loading refuses it.
#[test]
fn bi_deal_3_a_gift_with_nothing_to_give_is_refused() {
    let g = game(3);
    let mut t = blank(&g);
    business(&mut t, 0);
    money(&mut t, 0, 0, 9);
    load(&g, &t);
    let gift = |t: &mut Table| {
        if let Some(Step::Business { deal, .. }) = t.stack.top_mut() {
            deal.gift = true;
        }
        t.stack.push(Step::Gift { from: p(0), to: p(1) });
    };
    let mut given = t.clone();
    gift(&mut given);
    assert!(g.from_setup(given).is_ok(), "the crate's own checks pass it");
    assert_refused(
        &g,
        &t,
        &[(
            "a gift from P1 with no Billions",
            &gift,
            "",
            "P1 is to decide (P1 chooses how many Billions to give P2) but has no legal action: no game reaches this \
             position",
        )],
    );
}

/// BI-WAR-2, BI-WARTAB-1, BI-WAR-4: the last war shown is one the table gave: a die of 1–6, a
/// total the die, a Stuff level (0–6) and the war cards' modifiers (two Propaganda Victories: ±2)
/// can make, the row the war table gives for it, and a Nuclear Apocalypse only in a game it ended;
/// a war window's modifier is one the war cards can make.
#[test]
fn bi_war_2_bi_wartab_1_the_last_war_is_one_the_war_table_gave() {
    let g = game(3);
    let tigers = region(&g, "tigers");
    let mut t = blank(&g);
    t.last_war = Some(WarRoll { region: tigers, die: 4, total: 9, row: 3 });
    load(&g, &t);
    let war = |die, total, row| move |t: &mut Table| t.last_war = Some(WarRoll { region: tigers, die, total, row });
    assert_refused(
        &g,
        &t,
        &[
            ("a die of 0", &war(0, 6, 1), "last_war", "the die shows 0, not 1–6 (BI-WAR-2)"),
            (
                "a total of 9 on row 2",
                &war(4, 9, 2),
                "last_war",
                "a total of 9 is Devastation on the war table, not Escalation (BI-WARTAB-1)",
            ),
            (
                "a total of 12 from a die of 1",
                &war(1, 12, 4),
                "last_war",
                "a die of 1 makes a total from -1 to 9 with Stuff 0–6 and the war cards' ±2, not 12 (BI-WARTAB-1)",
            ),
            (
                "a Nuclear Apocalypse and the game goes on",
                &war(6, 13, 5),
                "last_war",
                "Nuclear Apocalypse ends the game at once (BI-WAR-4)",
            ),
        ],
    );
    // A game ended in Nuclear Apocalypse shows the war that ended it.
    let mut over = t.clone();
    over.stack = Stack::new();
    over.over = Some(Ending::Apocalypse);
    war(6, 13, 5)(&mut over);
    load(&g, &over);
    assert_refused(
        &g,
        &over,
        &[(
            "ended in Nuclear Apocalypse after Devastation",
            &war(4, 9, 3),
            "over",
            "only a Nuclear Apocalypse on the war table ends the game so, and the last war gave Devastation (BI-WAR-4)",
        )],
    );
    t.last_war = None;
    t.war = 1 << tigers;
    t.stack = Stack::with(Step::War { done: 0 });
    let window = |modifier| Step::Window(Window { region: tigers, die: 6, modifier, asked: 0, card: None });
    t.stack.push(window(2));
    give(&mut t, 0, card(&g, "peace-talks"));
    load(&g, &t);
    assert_refused(
        &g,
        &t,
        &[(
            "a war window's modifier of 3",
            &|t| {
                t.stack.pop();
                t.stack.push(window(3));
            },
            "stack[1].modifier",
            "the war cards change a total by at most ±2 (BI-CARD-2)",
        )],
    );
}

/// BI-PLACE-2: a turn of the placement order waits only for a placer with a lifted VP (the others
/// are skipped), a player who placed all his VPs in the second round has none left, and the order
/// has 2 × players turns.
#[test]
fn bi_place_2_the_placer_has_a_lifted_vp_to_place() {
    let g = game(3);
    let mut t = blank(&g);
    placing(&mut t, 0);
    load(&g, &t);
    // Every lifted VP of a seat back in the lounge.
    let unlift = |t: &mut Table, seat: Player| {
        for v in &mut t.seats[seat].vps {
            if v.at == worlds_bastards_inc::Spot::Lifted {
                *v = Vp::LOUNGE;
            }
        }
    };
    // Turn 4 of 6: P3 placed all of his at turn 3, and P2 places all of his now.
    let fourth = |t: &mut Table| {
        t.stack = Stack::with(Step::Place { turn: 4 });
        unlift(t, p(2));
    };
    let mut second = t.clone();
    fourth(&mut second);
    load(&g, &second);
    assert_refused(
        &g,
        &t,
        &[
            (
                "P1 to place with no lifted VP",
                &|t| unlift(t, p(0)),
                "stack[0]",
                "P1 places at this turn of the order but has no lifted VP, so it was skipped (BI-PLACE-2)",
            ),
            (
                "turn 4 with P3's VPs still lifted",
                &|t| t.stack = Stack::with(Step::Place { turn: 4 }),
                "seats[2].vps",
                "P3 placed all his lifted VPs at an earlier turn of the order (BI-PLACE-2)",
            ),
            (
                "turn 6 of the order",
                &|t| {
                    fourth(t);
                    t.stack = Stack::with(Step::Place { turn: 6 });
                },
                "stack[0]",
                "the placement order has 6 turns (BI-PLACE-2)",
            ),
        ],
    );
}

/// BI-DEAL-2, BI-DEAL-3, BI-DEAL-4: a gift or a commission is made in the deal window of the
/// player whose action turn it is, who marks it made; a commission waiting for its amount comes
/// from an offerer with a Billion to set aside (one is offered only so).
#[test]
fn bi_deal_4_a_commission_is_offered_in_the_holders_deal_window() {
    let g = game(3);
    let mut t = blank(&g);
    business(&mut t, 0);
    if let Some(Step::Business { deal, .. }) = t.stack.top_mut() {
        deal.commission = true;
        deal.gift = true;
    }
    t.stack.push(Step::Commission(worlds_bastards_inc::Commission {
        from: p(0),
        to: p(1),
        kind: None,
        target: Target::None,
        amount: None,
    }));
    load(&g, &t);
    assert_refused(
        &g,
        &t,
        &[
            (
                "a commission from P3",
                &|t| {
                    if let Some(Step::Commission(m)) = t.stack.top_mut() {
                        m.from = p(2);
                    }
                },
                "stack[1]",
                "P3 offers a deal in P1's deal window (BI-DEAL-2)",
            ),
            (
                "P1 with no Billion",
                &|t| money(t, 0, 0, 9),
                "stack[1]",
                "P1 has no Billion to set aside for the commission (BI-DEAL-4)",
            ),
            (
                "the deal window unmarked",
                &|t| {
                    let commission = *t.stack.top().unwrap();
                    business(t, 0);
                    t.stack.push(commission);
                },
                "stack[0].deal",
                "P1's deal window does not record the commission (BI-DEAL-2)",
            ),
            (
                "a gift from P2",
                &|t| {
                    t.stack.pop();
                    t.stack.push(Step::Gift { from: p(1), to: p(2) });
                },
                "stack[1]",
                "P2 offers a deal in P1's deal window (BI-DEAL-2)",
            ),
        ],
    );
}

/// BI-BATTLE-2: while a Battle of Goodwill is sealed only its occupants choose, each resisting with
/// Goodwill he holds (nothing changes his Goodwill before the reveal).
#[test]
fn bi_battle_2_only_the_occupants_choose_in_secret() {
    let g = game(3);
    let corruptistan = region(&g, "corruptistan");
    let mut t = blank(&g);
    placing(&mut t, 0);
    put(&mut t, 1, 2, corruptistan, Entry::Corruption, 4);
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "place corruptistan by corruption");
    let battle = crate::common::table(&g, &s);
    assert_refused(
        &g,
        &battle,
        &[(
            "P3 choosing",
            &|t| t.choices.open(p(2), worlds_bastards_inc::Choice::default()),
            "choices.chosen[2]",
            "P3 is no occupant of the battle and chooses nothing (BI-BATTLE-2)",
        )],
    );
    // P2 and P3 defend: P2 has resisted, P3 is still choosing.
    let mut t = blank(&g);
    placing(&mut t, 0);
    put(&mut t, 1, 2, corruptistan, Entry::Corruption, 4);
    put(&mut t, 2, 2, corruptistan, Entry::Crime, 0);
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "place corruptistan by corruption");
    act(&g, &mut s, 1, "resist 9");
    let t = crate::common::table(&g, &s);
    load(&g, &t);
    assert_refused(
        &g,
        &t,
        &[(
            "P2 holding 8 Goodwill",
            &|t| t.seats[p(1)].goodwill = 8,
            "choices.chosen[1].resist",
            "P2 resists with 9 Goodwill but holds 8 (BI-BATTLE-2)",
        )],
    );
}

/// BI-BATTLE-2, BI-BATTLE-3, BI-RULING-11: a revealed Battle of Goodwill waits for the newcomer
/// only when someone resisted (otherwise he entered), its resisters are occupants, and together
/// they paid at most 255 Goodwill each.
#[test]
fn bi_battle_3_a_revealed_battle_has_resisters_among_its_occupants() {
    let g = game(3);
    let corruptistan = region(&g, "corruptistan");
    let mut t = blank(&g);
    placing(&mut t, 0);
    put(&mut t, 1, 2, corruptistan, Entry::Corruption, 4);
    put(&mut t, 2, 2, corruptistan, Entry::Crime, 0);
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "place corruptistan by corruption");
    act(&g, &mut s, 1, "resist 9");
    act(&g, &mut s, 2, "let in");
    let revealed = crate::common::table(&g, &s);
    load(&g, &revealed);
    let reveal = |resisters, total| {
        move |t: &mut Table| {
            let Some(Step::Battle(mut b)) = t.stack.pop() else { panic!("no battle") };
            b.revealed = Some((resisters, total));
            t.stack.push(Step::Battle(b));
        }
    };
    assert_refused(
        &g,
        &revealed,
        &[
            (
                "nobody resisted",
                &reveal(PlayerSet::EMPTY, 0),
                "stack[1].revealed",
                "nobody resisted, so the newcomer entered (BI-BATTLE-3)",
            ),
            (
                "P1 resisted",
                &reveal(PlayerSet::only(p(0)), 9),
                "stack[1].revealed",
                "P1 resisted but is no occupant (BI-BATTLE-2)",
            ),
            (
                "P2 paid 256 Goodwill",
                &reveal(PlayerSet::only(p(1)), 256),
                "stack[1].revealed",
                "1 resister(s) paid 256 Goodwill, more than 255 each (BI-RULING-11)",
            ),
        ],
    );
}
