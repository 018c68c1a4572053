//! The round: drawing, secret placement, the flip, the order track and cards acting (WD-ROUND,
//! WD-DRAW, WD-PLACE, WD-FLIP, WD-ORDER, WD-CARD, WD-LEAD, WD-GOAL).

use worlds_engine::{Game, Viewer};
use worlds_world_dumbination::{Lying, Phase, Placement, Placing, Step, WorldDumbination};
use worlds_world_dumbination::{SpaceCard, TargetView};

use crate::common::*;
use crate::rules::combat::fixed;

fn short3() -> WorldDumbination {
    short(3)
}

/// WD-PLACE-1, WD-PLACE-2, WD-DEC-1, WD-DEC-3, WD-INFO-3, WD-FLIP-1, WD-FLIP-3: placing is secret and simultaneous: others see nothing of a
/// choice in progress, and from the end of phase 2 only which spaces hold a card.
#[test]
fn wd_place_1_placement_is_secret_until_the_flip() {
    let g = short3();
    let mut s = placing(&g, &[(0, &["fake-news", "kiss-a-baby"])], |_| {});
    assert_eq!(g.turn(&s).players().len(), 3);
    act(&g, &mut s, 0, "fake-news");
    let seen = g.observe(&s, Viewer::Player(p(1)));
    assert_eq!(seen.seats[p(0)].spaces[0], SpaceCard::Empty);
    act(&g, &mut s, 0, "kiss-a-baby");
    act(&g, &mut s, 0, "target russia");
    assert_eq!(g.observe(&s, Viewer::Player(p(1))).seats[p(0)].target, TargetView::Empty);
    act(&g, &mut s, 0, "done");
    assert!(g.observe(&s, Viewer::Player(p(1))).seats[p(0)].placed);
    let mine = g.observe(&s, Viewer::Player(p(0)));
    assert!(matches!(&mine.seats[p(0)].spaces[0], SpaceCard::Mine { card } if card.name == "Fake News"));
    others_pass(&g, &mut s, &[0]);
    // Phase 4 turned everything: the cards acted (Fake News on Russia).
    assert_eq!(s.table().seats[p(1)].popularity, 5);
    assert_eq!(s.table().seats[p(0)].popularity, 6, "Kiss a Baby: +1");
}

/// WD-PLACE-1, WD-DEC-3, WD-INFO-1: a card placed face down in phase 2 still counts in the hand
/// others see, until phase 2 is over: what they are given is the same whether the player placed a
/// card or nothing (observation and tensor); its owner sees their hand as it is.
#[test]
fn wd_place_1_others_see_the_hand_count_unchanged_until_the_reveal() {
    let g = short3();
    let s = placing(&g, &[(0, &["fake-news", "kiss-a-baby"])], |_| {});
    let (mut placed, mut nothing) = (s.clone(), s.clone());
    act(&g, &mut placed, 0, "fake-news");
    act(&g, &mut nothing, 0, "nothing");
    for v in [Viewer::Player(p(1)), Viewer::Player(p(2)), Viewer::Spectator] {
        let seen = g.observe(&placed, v);
        assert_eq!(seen.seats[p(0)].hand, 2, "{v}");
        assert_eq!(seen, g.observe(&nothing, v), "{v}");
    }
    let tensor = |s: &worlds_world_dumbination::State| {
        let mut out = vec![0.0f32; g.tensor_len()];
        g.write_tensor(s, p(1), &mut out);
        out
    };
    assert_eq!(tensor(&placed), tensor(&nothing));
    assert_eq!(g.observe(&placed, Viewer::Player(p(0))).seats[p(0)].hand, 1);
    // Once phase 2 is over, everyone sees the card space taken and the hand one card shorter.
    act(&g, &mut placed, 0, "nothing");
    act(&g, &mut placed, 0, "target russia");
    act(&g, &mut placed, 0, "done");
    others_pass(&g, &mut placed, &[0]);
    assert_ne!(placed.table().phase(), Phase::Place);
    assert_eq!(g.observe(&placed, Viewer::Player(p(1))).seats[p(0)].hand, 1);
}

/// WD-PLACE-3: with Ego or Popularity at 3 or less the left card space takes no card.
#[test]
fn wd_place_3_a_low_track_blocks_the_left_space() {
    let g = short3();
    let s = placing(&g, &[(0, &["fake-news", "kiss-a-baby"])], |t| t.seats[p(0)].ego = 3);
    assert_eq!(legal(&g, &s, 0), ["nothing"]);
    assert!(refused(&g, &s, 0, "fake-news").ends_with("[WD-PLACE-3]"));
}

/// WD-PLACE-6: a placement is legal only if its need is met now and the resources cover everything
/// placed this round.
#[test]
fn wd_place_6_the_running_cost_is_checked_at_each_step() {
    let g = short3();
    let mut s =
        placing(&g, &[(0, &["leaked-photos", "golden-statue", "deepfake-video"])], |t| t.seats[p(0)].resources = 5);
    // Deepfake Video needs Ego 7+ (USA has 9) and costs 4; all three are placeable alone.
    assert_eq!(legal(&g, &s, 0), ["golden-statue", "leaked-photos", "deepfake-video", "nothing"]);
    act(&g, &mut s, 0, "leaked-photos");
    // 3 placed, 2 left: neither Golden Statue (3) nor Deepfake Video (4) fits, so the right space
    // has nothing to choose and is passed over (WD-RULING-2).
    assert_eq!(s.table().placing(p(0)), Placing::Target);
    assert_eq!(legal(&g, &s, 0), ["target russia", "target north-korea"]);
}

/// WD-PLACE-7, WD-PLACE-5: with 3–5 players a Brown card other than a bomb cannot go with Peace.
#[test]
fn wd_place_7_brown_cards_need_a_nation_as_target() {
    let g = short3();
    let mut s = placing(&g, &[(0, &["fake-news"])], |_| {});
    act(&g, &mut s, 0, "fake-news");
    // The right space is passed over: no card is left to put there (WD-RULING-2).
    assert_eq!(legal(&g, &s, 0), ["target russia", "target north-korea"]);
}

/// WD-FLIP-2, WD-ORDER-1, WD-COMP-4: at the flip a card that cannot be funded is discarded with a fine and
/// does not count for the order; the order follows the lowest remaining numbers, then the previous
/// order.
#[test]
fn wd_flip_2_unfunded_cards_are_fined_and_the_order_is_reset() {
    let g = short3();
    let mut s = placing(&g, &[(0, &["fake-news"]), (1, &["kiss-a-baby"]), (2, &["golden-statue"])], |t| {
        // USA placed Fake News (1) earlier; now it cannot pay for it.
        let k = t.seats[p(0)].hand.iter().next().unwrap();
        t.seats[p(0)].hand.remove(k);
        *t.placements.draft_mut(p(0)).unwrap() = Placement {
            step: Placing::Confirm,
            cards: [Some(k), None],
            flip: false,
            target: Some(worlds_world_dumbination::Token::Nation(worlds_world_dumbination::Nation::Russia)),
        };
        t.seats[p(0)].resources = 0;
        t.order = [2, 1, 0].into_iter().map(p).collect();
    });
    for (q, card) in [(1, "kiss-a-baby"), (2, "golden-statue")] {
        place(&g, &mut s, q, &[card, "target usa", "done"]);
    }
    let events = act(&g, &mut s, 0, "done");
    assert!(events.contains(&"P1 cannot fund Fake News [1] and pays a fine of 1".to_owned()), "{events:?}");
    // Russia (2) first, North Korea (41) next, USA (no card left) last.
    assert!(events.contains(&"player order: P2, P3, P1".to_owned()), "{events:?}");
    assert_eq!(s.table().seats[p(0)].resources, 0);
    assert!(s.table().discards[0].contains(1));
}

/// WD-CARD-10: Take a Vacation: the hand is discarded, other cards go unused (a Blue card is still
/// funded), phases 5 and 6 are skipped, and attackers lose 1 Popularity.
#[test]
fn wd_card_10_take_a_vacation() {
    let g = short3();
    let mut s = placing(&g, &[(0, &["take-a-vacation", "golden-statue", "kiss-a-baby"]), (1, &["fake-news"])], |_| {});
    place(&g, &mut s, 0, &["take-a-vacation", "golden-statue", "target russia", "done"]);
    place(&g, &mut s, 1, &["fake-news", "target usa", "done"]);
    let events = others_pass(&g, &mut s, &[0, 1]);
    assert!(
        events.iter().any(|e| e.starts_with("P1 takes a vacation and discards their hand: Kiss a Baby")),
        "{events:?}"
    );
    assert!(events.contains(&"P1's Golden Statue [41] is discarded without effect".to_owned()), "{events:?}");
    assert!(events.contains(&"P2 attacked P1, who is on vacation, and loses 1 Popularity".to_owned()), "{events:?}");
    assert_eq!(s.table().seats[p(1)].popularity, 5);
    assert!(s.table().seats[p(0)].hand.is_empty());
    // Phase 5: USA is skipped.
    assert!(s.table().phase() == Phase::Move);
    assert!(!matches!(s.table().stack.top(), Some(&Step::Move { seat, .. }) if seat == p(0)));
}

/// WD-CARD-11, WD-CARD-5: Olympics asks for +2 Ego or +2 Popularity; Propaganda gives +1 Popularity.
#[test]
fn wd_card_11_olympics_and_propaganda() {
    let g = short3();
    let mut s = placing(&g, &[(1, &["olympics", "propaganda"])], |_| {});
    place(&g, &mut s, 1, &["olympics", "propaganda", "target usa", "done"]);
    others_pass(&g, &mut s, &[1]);
    assert!(matches!(s.table().stack.top(), Some(Step::Act(a)) if a.card == 69));
    assert_eq!(legal(&g, &s, 1), ["option 1", "option 2"]);
    act(&g, &mut s, 1, "option 2");
    // Russia starts at Popularity 6: +2 (Olympics) +1 (Propaganda).
    assert_eq!((s.table().seats[p(1)].ego, s.table().seats[p(1)].popularity), (7, 9));
}

/// WD-LEAD-2, WD-LEAD-6: a cube moving into the 1–3 zone discards the left card: one not yet acted
/// never acts and costs no fine.
#[test]
fn wd_lead_2_the_left_card_goes_when_a_track_falls_to_three() {
    let g = short3();
    let mut s = placing(&g, &[(0, &["diplomatic-insult"]), (1, &["golden-statue"])], |t| t.seats[p(1)].ego = 4);
    place(&g, &mut s, 0, &["diplomatic-insult", "target russia", "done"]);
    place(&g, &mut s, 1, &["golden-statue", "target usa", "done"]);
    let events = others_pass(&g, &mut s, &[0, 1]);
    assert!(
        events.contains(&"P2's left card space is blocked: Golden Statue [41] is discarded unused".to_owned()),
        "{events:?}"
    );
    assert_eq!(s.table().seats[p(1)].ego, 2);
    assert_eq!(s.table().seats[p(1)].resources, 15, "no fine");
}

/// WD-LEAD-3: with Ego 10 the target on the spot stays, and no new one is chosen.
#[test]
fn wd_lead_3_ego_ten_locks_the_target() {
    let g = short3();
    let mut s = placing(&g, &[(0, &["kiss-a-baby"])], |t| {
        t.seats[p(0)].ego = 10;
        t.seats[p(0)].target = Some(worlds_world_dumbination::Token::Nation(worlds_world_dumbination::Nation::Russia));
    });
    act(&g, &mut s, 0, "kiss-a-baby");
    assert_eq!(legal(&g, &s, 0), ["done"]);
}

/// WD-LEAD-4: Popularity 10 adds 5 to income.
#[test]
fn wd_lead_4_popularity_ten_adds_five_income() {
    let g = fixed(3);
    let s = start(&g, 1);
    let mut t = table(&g, &s);
    t.seats[p(0)].popularity = 10;
    let s = load(&g, &t);
    assert_eq!(g.income(&s, p(0)), 10);
}

/// WD-GOAL-1, WD-GOAL-2, WD-PLACE-4: from round 2 a First Goal may be flipped; an unmet need is bought with
/// the corruption cost.
#[test]
fn wd_goal_2_corruption_buys_a_first_goal() {
    let g = fixed(3);
    let s = start(&g, 1);
    let mut t = table(&g, &s);
    t.seats[p(1)].goal = Some(g.content().cards.by_id("back-in-the-ussr").unwrap().number);
    t.seats[p(0)].goal = Some(g.content().cards.by_id("america-first").unwrap().number);
    t.seats[p(2)].goal = Some(g.content().cards.by_id("nuclear-power").unwrap().number);
    to_place(&mut t);
    t.round = 2;
    t.seats[p(1)].resources = 12;
    let mut s = load(&g, &t);
    assert_eq!(legal(&g, &s, 1), ["nothing"]);
    act(&g, &mut s, 1, "nothing");
    assert_eq!(legal(&g, &s, 1), ["flip goal", "nothing"]);
    place(&g, &mut s, 1, &["flip goal", "target usa", "done"]);
    others_pass(&g, &mut s, &[1]);
    assert!(s.table().seats[p(1)].goal_done);
    assert_eq!(s.table().seats[p(1)].resources, 0, "Back in the U.S.S.R. unmet: corruption 12");
    assert_eq!(s.table().seats[p(1)].vp, 3);
    assert_eq!(s.table().seats[p(1)].popularity, 7);
}

/// WD-CARD-1, WD-CARD-2, WD-DRAW-1, WD-DRAW-3: an empty deck is refilled from its discard pile; each player draws up to
/// the hand limit, Level 1 only before their First Goal.
#[test]
fn wd_draw_3_an_empty_deck_is_refilled_from_its_discards() {
    let g = fixed(3);
    let mut s = placing(&g, &[], |t| {
        // The Level 1 cards of the deck go to the discard pile (Dumbness cards never do).
        for k in t.decks[0].iter() {
            if g.content().cards.get(k).is_some_and(|c| c.deck == worlds_world_dumbination::Deck::Level1) {
                t.discards[0].insert(k);
            }
        }
        t.decks[0] = worlds_world_dumbination::CardSet::EMPTY;
        for seat in t.seats.values_mut() {
            seat.goal = Some(g.content().cards.first_goals(seat.nation)[0]);
        }
    });
    let mut events = others_pass(&g, &mut s, &[]);
    events.extend(play_until(&g, &mut s, |s| s.table().round > 1));
    assert!(events.contains(&"the Level 1 discard pile is shuffled into a new deck".to_owned()), "{events:?}");
    for seat in s.table().seats.values() {
        assert_eq!(seat.hand.len(), 5);
        assert!(
            seat.hand.iter().all(|k| g.content().cards.get(k).unwrap().deck == worlds_world_dumbination::Deck::Level1)
        );
    }
}

/// WD-CARD-14, WD-CARD-6: a card's change beats the rule while it applies: Forced March lets units
/// move 2 more than half the strongest Base this round.
#[test]
fn wd_card_14_a_card_changes_a_rule_while_it_applies() {
    let g = short(3);
    let mut s = placing(&g, &[(0, &["forced-march"])], |_| {});
    place(&g, &mut s, 0, &["forced-march", "target russia", "done"]);
    others_pass(&g, &mut s, &[0]);
    // USA's 4-Base gives 2 steps; Forced March +2.
    assert_eq!(s.table().seats[p(0)].round_mods.movement, 2);
    let seat = &s.table().seats[p(0)];
    assert_eq!(seat.strongest_base() / 2 + seat.round_mods.movement as u8, 4);
}

/// WD-CARD-8: a sabotaged project has no effect until the end of the next round; what it gave
/// stays.
#[test]
fn wd_card_8_sabotage_lasts_to_the_end_of_the_next_round() {
    let g = short(3);
    let mut s = placing(&g, &[(1, &["hack-their-servers"])], |t| {
        let k = give(&g, t, p(0), "offshore-bank-account");
        t.seats[p(0)].hand.remove(k);
        t.seats[p(0)].projects.insert(k);
    });
    let before = g.income(&s, p(0));
    place(&g, &mut s, 1, &["hack-their-servers", "target usa", "done"]);
    others_pass(&g, &mut s, &[1]);
    assert_eq!(g.income(&s, p(0)), before - 1);
    play_until(&g, &mut s, |s| s.table().round == 2 && s.table().phase() == Phase::Move);
    assert_eq!(g.income(&s, p(0)), before - 1, "still sabotaged in the next round");
    play_until(&g, &mut s, |s| s.table().round == 3);
    assert_eq!(g.income(&s, p(0)), before);
}

/// WD-LEAD-1: the tracks end at 10; a gain past it is lost.
#[test]
fn wd_lead_1_tracks_end_at_ten() {
    let g = short(3);
    let mut s = placing(&g, &[(1, &["golden-statue"])], |t| t.seats[p(1)].ego = 9);
    place(&g, &mut s, 1, &["golden-statue", "target usa", "done"]);
    others_pass(&g, &mut s, &[1]);
    assert_eq!(s.table().seats[p(1)].ego, 10);
}

/// WD-GOAL-4: a flipped First Goal that cannot be funded costs a fine and goes back face down.
#[test]
fn wd_goal_4_an_unfunded_first_goal_goes_back_face_down() {
    let g = fixed(3);
    let mut s = placing(&g, &[], |t| {
        for seat in t.seats.values_mut() {
            seat.goal = Some(g.content().cards.first_goals(seat.nation)[0]);
        }
        t.round = 2;
        *t.placements.draft_mut(p(0)).unwrap() = Placement {
            step: Placing::Confirm,
            cards: [None, None],
            flip: true,
            target: Some(worlds_world_dumbination::Token::Nation(worlds_world_dumbination::Nation::Russia)),
        };
        t.seats[p(0)].resources = 3;
    });
    let mut events = act(&g, &mut s, 0, "done");
    events.extend(others_pass(&g, &mut s, &[0]));
    assert!(events.contains(&"P1 flips their First Goal: Build a Wall [55]".to_owned()), "{events:?}");
    assert!(events.contains(&"P1 cannot fund Build a Wall [55] and pays a fine of 1".to_owned()), "{events:?}");
    assert_eq!(
        (s.table().seats[p(0)].goal_done, s.table().seats[p(0)].goal_flip, s.table().seats[p(0)].resources),
        (false, None, 2)
    );
}

/// WD-PEACE-5: with 2 players the disarmaments of a Peace choice come before every other card.
#[test]
fn wd_peace_5_two_players_disarm_first() {
    let g = short(2);
    let mut s = placing(&g, &[(0, &["cyber-heist"]), (1, &["nuclear-bomb-1"])], |t| t.seats[p(1)].resources = 4);
    place(&g, &mut s, 0, &["cyber-heist", "target russia", "done"]);
    let mut events = place(&g, &mut s, 1, &["nuclear-bomb-1", "target peace"]);
    events.extend(act(&g, &mut s, 1, "done"));
    let disarm = events.iter().position(|e| e == "P2 disarms Nuclear Bomb [98] onto peace spot 1 (pays 4)");
    let heist = events.iter().position(|e| e == "P1 uses Cyber Heist [23] (pays 2)");
    assert!(disarm.is_some() && heist.is_some() && disarm < heist, "{events:?}");
}

/// WD-STR-2: a card's strength bonus counts only for units that have strength from a Base.
#[test]
fn wd_str_2_card_strength_needs_base_strength() {
    let g = short(3);
    let mut s = placing(&g, &[(0, &["patriotic-speech"])], |_| {});
    let home = g.content().board.start(worlds_world_dumbination::Nation::Usa);
    place(&g, &mut s, 0, &["patriotic-speech", "target russia", "done"]);
    others_pass(&g, &mut s, &[0]);
    assert_eq!(g.strength(&s, p(0), home), 5, "4 + 1");
    assert_eq!(g.strength(&s, p(0), at(12, 6)), 0, "nothing from a Base there: the +1 adds nothing");
}

/// WD-CARD-4: a card's need must be met to place it (Deepfake Video needs Ego 7 or more).
#[test]
fn wd_card_4_a_need_unmet_keeps_a_card_in_hand() {
    let g = short(3);
    let s = placing(&g, &[(0, &["deepfake-video", "kiss-a-baby"])], |t| t.seats[p(0)].ego = 6);
    assert_eq!(legal(&g, &s, 0), ["kiss-a-baby", "nothing"]);
    assert_eq!(refused(&g, &s, 0, "deepfake-video"), "you do not meet the need of Deepfake Video now [WD-PLACE-6]");
}

/// WD-FLIP-4: a card funded at the flip that can no longer be paid at its turn is discarded with a
/// fine; the order track does not change.
#[test]
fn wd_flip_4_a_card_unpaid_at_its_turn_is_fined() {
    let g = short(3);
    let mut s = placing(&g, &[(0, &["leaked-photos"]), (1, &["cyber-heist"])], |t| t.seats[p(0)].resources = 3);
    place(&g, &mut s, 0, &["leaked-photos", "target russia", "done"]);
    place(&g, &mut s, 1, &["cyber-heist", "target usa", "done"]);
    let events = others_pass(&g, &mut s, &[0, 1]);
    assert!(events.contains(&"player order: P2, P1, P3".to_owned()), "{events:?}");
    assert!(events.contains(&"P1 cannot fund Leaked Photos [42] and pays a fine of 1".to_owned()), "{events:?}");
    assert_eq!(s.table().order.as_slice(), [p(1), p(0), p(2)]);
    assert_eq!(s.table().seats[p(0)].resources, 0);
}

/// WD-CARD-9: a hand over the limit (a sabotaged +1 hand-limit project) is cut down at the start of
/// phase 2, the player choosing, with no fine.
#[test]
fn wd_card_9_discard_down_to_the_hand_limit() {
    let g = short(3);
    let six = ["kiss-a-baby", "golden-statue", "fake-news", "leaked-photos", "windfall-tax", "sanctions"];
    let mut s = placing(&g, &[(0, &six), (1, &["hack-their-servers"])], |t| {
        let k = give(&g, t, p(0), "genius-speechwriter");
        t.seats[p(0)].hand.remove(k);
        t.seats[p(0)].projects.insert(k);
    });
    place(&g, &mut s, 1, &["hack-their-servers", "target usa", "done"]);
    others_pass(&g, &mut s, &[1]);
    play_until(&g, &mut s, |s| matches!(s.table().stack.top(), Some(Step::Discard { .. })) || s.table().round > 2);
    assert!(
        matches!(s.table().stack.top(), Some(&Step::Discard { seat }) if seat == p(0)),
        "{:?}",
        s.table().stack.top()
    );
    assert_eq!(legal(&g, &s, 0).len(), 6);
    let before = s.table().seats[p(0)].resources;
    let events = act(&g, &mut s, 0, "sanctions");
    assert_eq!(events[0], "P1 discards Sanctions [49] down to the hand limit");
    assert_eq!((s.table().seats[p(0)].hand.len(), s.table().seats[p(0)].resources), (5, before));
}

/// WD-LEAD-2, WD-CARD-10: a Brown card played on the left against a player on vacation costs its
/// player 1 Popularity as it starts; falling to 3 blocks the left card space, but the card in the
/// middle of its turn finishes first and goes afterwards (it acted from the discard pile before,
/// and the position could not be saved).
#[test]
fn wd_lead_2_a_brown_card_on_a_vacationer_finishes_before_the_left_space_is_blocked() {
    let g = short3();
    let mut s = placing(&g, &[(0, &["take-a-vacation"]), (1, &["border-skirmish"])], |t| {
        t.seats[p(1)].popularity = 4;
        let board = &g.content().board;
        // Two USA Units off their Bases, so Russia chooses which one the skirmish removes.
        let free: Vec<u8> = (0..worlds_world_dumbination::board::SPACES as u8)
            .filter(|&x| {
                board.cell(x).land && board.cell(x).home.is_none() && t.seats.values().all(|q| q.units_at(x) == 0)
            })
            .take(2)
            .collect();
        free.iter().for_each(|&x| put_units(t, p(0), x, 1));
    });
    place(&g, &mut s, 0, &["take-a-vacation", "target russia", "done"]);
    place(&g, &mut s, 1, &["border-skirmish", "target usa", "done"]);
    let events = others_pass(&g, &mut s, &[0, 1]);
    assert!(events.contains(&"P2 attacked P1, who is on vacation, and loses 1 Popularity".to_owned()), "{events:?}");
    assert_eq!(s.table().seats[p(1)].popularity, 3);
    let skirmish = s.table().seats[p(1)].spaces[0].expect("Border Skirmish is still on its card space");
    assert_eq!((skirmish.card, skirmish.lying), (84, Lying::Used));
    assert!(
        matches!(s.table().stack.top(), Some(Step::Act(a)) if a.card == 84 && a.seat == p(1)),
        "{:?}",
        s.table().stack
    );
    assert_eq!(load(&g, &table(&g, &s)), s);
    let choice = legal(&g, &s, 1)[0].clone();
    let events = act(&g, &mut s, 1, &choice);
    assert_eq!(s.table().seats[p(1)].spaces[0], None, "{events:?}");
    assert!(s.table().discards[1].contains(84));
    assert_eq!(events.iter().filter(|e| e.contains("left card space is blocked")).count(), 1, "{events:?}");
}

/// WD-DEC-3: a position saved before the table's `placements` held each seat's step in `placing`,
/// its cards face down on the card spaces and its target on the spot; it loads as the same state
/// (choices open or made as they were) and saves in today's form.
#[test]
fn wd_dec_3_a_position_saved_with_the_choices_on_the_leaderboards_loads_as_the_same_state() {
    let g = short3();
    let mut s = placing(&g, &[(0, &["fake-news", "kiss-a-baby"]), (1, &["golden-statue"])], |_| {});
    place(&g, &mut s, 0, &["fake-news", "kiss-a-baby", "target russia", "done"]);
    act(&g, &mut s, 1, "golden-statue");
    let card = |id: &str| g.content().cards.by_id(id).unwrap().number;
    let (fake_news, kiss, statue) = (card("fake-news"), card("kiss-a-baby"), card("golden-statue"));
    let hidden = |k| serde_json::json!({ "card": k, "lying": "hidden" });
    let mut old = g.save_state(&s);
    old.as_object_mut().unwrap().remove("placements");
    let seats = old["seats"].as_array_mut().unwrap();
    seats[0]["placing"] = "finished".into();
    seats[0]["spaces"] = serde_json::json!([hidden(fake_news), hidden(kiss)]);
    seats[0]["target"] = serde_json::json!({ "nation": "russia" });
    // Nothing left in their hands for a second card: both are at the target (WD-RULING-2).
    seats[1]["placing"] = "target".into();
    seats[1]["spaces"] = serde_json::json!([hidden(statue), null]);
    seats[2]["placing"] = "target".into();
    let loaded = g.load_state_value(old).unwrap();
    assert_eq!(loaded, s);
    assert_eq!(loaded.table().placing(p(0)), Placing::Finished);
    assert_eq!(loaded.table().placing(p(1)), Placing::Target);
    assert_eq!(
        loaded.table().placement(p(0)),
        Placement {
            step: Placing::Confirm,
            cards: [Some(fake_news), Some(kiss)],
            flip: false,
            target: Some(worlds_world_dumbination::Token::Nation(worlds_world_dumbination::Nation::Russia)),
        }
    );
    assert_eq!(g.save_state(&loaded), g.save_state(&s));
    // Both forms at once are refused, naming where.
    let mut both = g.save_state(&s);
    both["seats"][1]["placing"] = "right".into();
    assert_eq!(
        g.load_state_value(both).unwrap_err().to_string(),
        "state field `placements`: choices of phase 2 are in `placements` or, in older saves, in each seat's `placing`: not both"
    );
}
