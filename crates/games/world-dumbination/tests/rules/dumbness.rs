//! Part 2: the Dumbness cards (WD-SETUP-10, WD-DRAW-2, WD-DUMB-1..7, WD-CARD-12, WD-CARD-13,
//! WD-VAR-2, WD-LEAD-7).

use worlds_engine::{Config, Game, SeededRng, Viewer};
use worlds_world_dumbination::{CardNo, CardSet, Deck, Kind, State, Table, WorldDumbination, dumbness_per_deck};

use super::combat::fixed;
use crate::common::*;

fn no(g: &WorldDumbination, name: &str) -> CardNo {
    g.content().cards.by_id(name).unwrap_or_else(|| panic!("no card {name}")).number
}

fn is_dumb(g: &WorldDumbination, k: CardNo) -> bool {
    g.content().cards.get(k).is_some_and(|c| c.deck == Deck::Dumbness)
}

/// Takes every Dumbness card out of the decks (a test then puts the ones it wants).
fn strip_dumbness(g: &WorldDumbination, t: &mut Table) {
    for l in 0..2 {
        let dumb: Vec<CardNo> = t.decks[l].iter().filter(|&k| is_dumb(g, k)).collect();
        for k in dumb {
            t.decks[l].remove(k);
        }
    }
}

/// Phase 2 of round 2 with nothing in hand, the given Dumbness cards face up on the board, and
/// `edit` applied; everyone then passes, so phase 3 runs.
fn phase_three(g: &WorldDumbination, up: &[&str], edit: impl FnOnce(&mut Table)) -> (State, Vec<String>) {
    let mut s = placing(g, &[], |t| {
        strip_dumbness(g, t);
        t.round = 2;
        for name in up {
            drawn_dumbness(g, t, no(g, name));
            t.dumb.up.insert(no(g, name));
        }
        edit(t);
    });
    let events = others_pass(g, &mut s, &[]);
    (s, events)
}

/// WD-SETUP-10, WD-CARD-12: at every player count and over many seeds, both decks get exactly their
/// number of Dumbness cards; the marked ones (with their linked partners) always join the deck on
/// their backs; the unmarked ones vary with the seed and every one of them is sometimes chosen.
#[test]
fn wd_setup_10_both_decks_always_get_their_exact_number() {
    for players in 2..=5 {
        let g = game(players);
        let want = dumbness_per_deck(players);
        assert_eq!(want, [6, 5, 4, 3][players - 2]);
        let dumbness: Vec<_> = g.content().cards.deck(Deck::Dumbness).cloned().collect();
        let mut chosen = CardSet::EMPTY;
        for seed in 0..150 {
            let s = start(&g, seed);
            for l in 0..2 {
                let here: Vec<CardNo> = s.table().decks[l].iter().filter(|&k| is_dumb(&g, k)).collect();
                assert_eq!(here.len(), want, "{players}p seed {seed}: Level {} deck", l + 1);
                assert_eq!(usize::from(s.table().dumb.added[l]), want);
                for k in here {
                    chosen.insert(k);
                }
            }
            for card in dumbness.iter().filter(|c| c.back.is_some()) {
                let l = card.back.and_then(Deck::level).unwrap();
                assert!(
                    s.table().decks[l].contains(card.number),
                    "{players}p seed {seed}: {} not in its deck",
                    card.name
                );
            }
            // The hands were dealt before: no Dumbness card in any hand.
            assert!(s.table().seats.values().all(|seat| seat.hand.iter().all(|k| !is_dumb(&g, k))));
        }
        assert_eq!(chosen.len() as usize, dumbness.len(), "{players}p: every Dumbness card joins in some game");
    }
}

/// WD-VAR-2: the serious game has no Dumbness cards at all.
#[test]
fn wd_var_2_the_serious_game_has_no_dumbness_cards() {
    let g = game_with(&Config::players(4).with_variant("serious"));
    for seed in 0..20 {
        let s = start(&g, seed);
        assert!(s.table().decks.iter().all(|d| d.iter().all(|k| !is_dumb(&g, k))));
        assert_eq!(s.table().dumb.added, [0, 0]);
    }
    let standard = start(&game(4), 0);
    assert_eq!(standard.table().dumb.added, [4, 4]);
}

/// WD-DRAW-2: a Dumbness card drawn goes face down onto the board, unseen even by its drawer, does
/// not count towards the hand, and the player draws again.
#[test]
fn wd_draw_2_a_drawn_dumbness_card_goes_face_down_and_the_player_draws_again() {
    let g = fixed(3);
    let sighting = no(&g, "Alien Sighting");
    let mut s = placing(&g, &[], |t| {
        strip_dumbness(&g, t);
        t.discards[0] = t.discards[0].union(t.decks[0]);
        t.decks[0] = CardSet::EMPTY;
        t.decks[0].insert(sighting);
    });
    let mut events = others_pass(&g, &mut s, &[]);
    events.extend(play_until(&g, &mut s, |s| {
        s.table().round == 2 && s.table().phase() == worlds_world_dumbination::Phase::Place
    }));
    let first = s.table().order[0];
    assert!(
        events.contains(&format!("{first} draws a Dumbness card from Level 1: it goes face down onto the board")),
        "{events:?}"
    );
    assert!(s.table().dumb.down[0].contains(sighting));
    assert_eq!(s.table().dumb.drawn, [1, 0]);
    for seat in s.table().seats.values() {
        assert_eq!(seat.hand.len(), 5, "a full hand is drawn all the same");
    }
    // Nobody sees it: no observation names it.
    for p in 0..3 {
        let o = serde_json::to_string(&g.observe(&s, Viewer::Player(worlds_engine::Player::from_index(p)))).unwrap();
        assert!(!o.contains("Alien Sighting"), "P{} sees the face-down card", p + 1);
        assert!(o.contains("\"face_down\":[1,0]"), "{o}");
    }
}

/// WD-DUMB-1, WD-DUMB-2, WD-DUMB-7: face-down cards are turned up in phase 3, then every card on
/// the board resolves in number order before any player card; an effect card acts on the players
/// it picks, one at a time in player order, and then goes to the Dumbness discard pile for good.
#[test]
fn wd_dumb_1_phase_three_turns_and_resolves_in_number_order() {
    let g = fixed(3);
    let groupies = no(&g, "Alien Groupies");
    let sighting = no(&g, "Alien Sighting");
    let (s, events) = phase_three(&g, &[], |t| {
        t.dumb.down[0].insert(groupies);
        t.dumb.down[0].insert(sighting);
        t.dumb.drawn[0] = 2;
        t.seats[p(0)].popularity = 4;
        t.seats[p(1)].popularity = 5;
        t.seats[p(2)].popularity = 2;
    });
    let pos = |text: &str| events.iter().position(|e| e.contains(text)).unwrap_or_else(|| panic!("{text}: {events:?}"));
    let (lo, hi) =
        if groupies < sighting { ("Alien Groupies", "Alien Sighting") } else { ("Alien Sighting", "Alien Groupies") };
    assert!(pos(&format!("the Dumbness card {lo}")) < pos(&format!("the Dumbness card {hi}")));
    assert!(!events[..pos(&format!("the Dumbness card {hi} ["))].iter().any(|e| e.contains("phase 4")));
    assert!(
        pos(&format!("the Dumbness card {lo} [")) < pos(&format!("the Dumbness card {lo} [{}] resolves", no(&g, lo)))
    );
    // Alien Groupies: Popularity 4 or less gains 1.
    let groupie_gain = s.table().seats.values().map(|seat| seat.popularity).collect::<Vec<_>>();
    assert_eq!(groupie_gain[1], 5, "Popularity 5 gains nothing from Alien Groupies");
    assert!(s.table().dumb.spent.contains(groupies), "done cards go to the Dumbness discard pile");
    assert!(!s.table().dumb.up.contains(groupies));
    assert!(events.contains(&format!("Alien Groupies [{groupies}] is done and goes to the Dumbness discard pile")));
}

/// WD-DUMB-3, WD-DUMB-4: an auction goes round in player order from the minimum bid; passing is
/// final; it ends when all others passed after the highest bid; the winner pays, owns the card,
/// scores its VP and gains.
#[test]
fn wd_dumb_3_auctions_go_round_until_all_others_pass() {
    let g = fixed(3);
    let kittens = no(&g, "Cute Kittens");
    let min = g.content().cards.get(kittens).unwrap().min_bid.unwrap();
    let (mut s, events) = phase_three(&g, &["Cute Kittens"], |t| {
        for seat in t.seats.values_mut() {
            seat.resources = 30;
            seat.popularity = 5;
        }
    });
    assert!(events.iter().any(|e| e.contains("the Dumbness card Cute Kittens")), "{events:?}");
    let order: Vec<usize> = s.table().order.iter().map(|&q| q.index()).collect();
    assert_eq!(legal(&g, &s, order[0]), ["raise 1", "raise 2", "raise 5", "raise 10", "pass"]);
    assert_eq!(
        g.decision(&s).text,
        format!(
            "P{} raises the price of Cute Kittens [{kittens}] by 1, 2, 5 or 10, or passes (no bid yet, the first \
             raise makes it {min})",
            order[0] + 1
        )
    );
    act(&g, &mut s, order[0], "raise 1");
    act(&g, &mut s, order[1], "raise 2");
    act(&g, &mut s, order[2], "pass");
    assert!(g.legal_actions(&s, p(order[2])).is_empty(), "passing is final");
    act(&g, &mut s, order[0], "raise 5");
    let last = act(&g, &mut s, order[1], "pass");
    let price = u16::from(min) - 1 + 1 + 2 + 5;
    let winner = order[0];
    assert!(last.contains(&format!("P{} wins Cute Kittens [{kittens}] for {price}", winner + 1)), "{last:?}");
    assert_eq!(s.table().seats[p(winner)].resources, 30 - price);
    assert!(s.table().seats[p(winner)].projects.contains(kittens));
    assert_eq!(s.table().seats[p(winner)].vp, 1);
    assert_eq!(s.table().seats[p(winner)].popularity, 7);
    assert!(!s.table().dumb.up.contains(kittens));
}

/// WD-DUMB-3: nobody may bid above their resources; a player who cannot make the smallest raise
/// passes; WD-DUMB-5: a card nobody bids on stays face up and is auctioned again next phase 3.
#[test]
fn wd_dumb_5_a_card_nobody_wins_stays_and_comes_back() {
    // WD-RULING-10: a player who cannot afford the smallest raise passes unasked.
    let g = fixed(3);
    let kittens = no(&g, "Cute Kittens");
    let min = g.content().cards.get(kittens).unwrap().min_bid.unwrap();
    let (mut s, _) = phase_three(&g, &["Cute Kittens"], |t| {
        for seat in t.seats.values_mut() {
            seat.resources = u16::from(min) + 1;
        }
        t.seats[p(1)].resources = 0;
    });
    let order: Vec<usize> = s.table().order.iter().map(|&q| q.index()).collect();
    let bidder = order.iter().copied().find(|&q| q != 1).unwrap();
    assert_eq!(legal(&g, &s, bidder), ["raise 1", "raise 2", "pass"]);
    assert_eq!(
        refused(&g, &s, bidder, "raise 5"),
        format!(
            "a bid of {} is more than your {} resources: raise less, or `pass` [WD-DUMB-3]",
            u16::from(min) + 4,
            u16::from(min) + 1
        )
    );
    let mut events = Vec::new();
    while s.table().stack.len() > 1
        && matches!(s.table().stack.top(), Some(worlds_world_dumbination::Step::Auction { .. }))
    {
        let who = g.turn(&s).players().iter().next().unwrap();
        events.extend(act(&g, &mut s, who.index(), "pass"));
    }
    assert!(
        events.contains(&format!("P2 passes on Cute Kittens [{kittens}]"))
            || events.iter().any(|e| e.contains("passes"))
    );
    assert!(events.contains(&format!("Cute Kittens [{kittens}] stays on the board")), "{events:?}");
    assert!(s.table().dumb.up.contains(kittens));
    let again = play_until(&g, &mut s, |s| {
        s.table().round == 3
            && s.table().stack.len() > 1
            && s.table().phase() == worlds_world_dumbination::Phase::Dumbness
    });
    assert!(again.iter().any(|e| e == &format!("the Dumbness card Cute Kittens [{kittens}] resolves")), "{again:?}");
}

/// WD-DUMB-5, WD-DUMB-7: Nobel Peace Prize waits on the board until one player has the most
/// markers on the peace track: nobody wins it on a tie or with none; then 3 VP and +2 Popularity.
#[test]
fn wd_dumb_7_nobel_peace_prize_goes_to_the_most_peaceful_and_never_on_a_tie() {
    let g = fixed(3);
    let nobel = no(&g, "Nobel Peace Prize");
    let bombs: Vec<CardNo> =
        g.content().cards.all().iter().filter(|c| c.is_nuclear_bomb()).map(|c| c.number).take(3).collect();
    let (s, events) = phase_three(&g, &["Nobel Peace Prize"], |_| {});
    assert!(events.contains(&format!("Nobel Peace Prize [{nobel}] stays on the board")), "{events:?}");
    assert!(s.table().dumb.up.contains(nobel));
    // The peace track filled by these seats, in order, with the first bombs.
    let disarmed = |t: &mut Table, by: &[u8]| {
        for (spot, (&q, &b)) in by.iter().zip(&bombs).enumerate() {
            for l in 0..2 {
                t.decks[l].remove(b);
                t.discards[l].remove(b);
            }
            t.peace[spot] = Some((p(usize::from(q)), b));
            t.seats[p(usize::from(q))].markers -= 1;
        }
    };
    let (_, events) = phase_three(&g, &["Nobel Peace Prize"], |t| disarmed(t, &[0, 1]));
    assert!(events.contains(&format!("Nobel Peace Prize [{nobel}] stays on the board")), "a tie: {events:?}");
    let (s2, events) = phase_three(&g, &["Nobel Peace Prize"], |t| {
        disarmed(t, &[0, 1, 1]);
        t.seats[p(1)].popularity = 5;
    });
    assert!(events.contains(&format!("P2 wins Nobel Peace Prize [{nobel}]")), "{events:?}");
    assert!(s2.table().seats[p(1)].projects.contains(nobel));
    assert_eq!(s2.table().seats[p(1)].vp, 3);
    assert_eq!(s2.table().seats[p(1)].popularity, 7);
}

/// WD-CARD-13: when Alien Ship resolves, The Last Alien and every genius card leave the game from
/// wherever they are; their owners keep what they gave.
#[test]
fn wd_card_13_alien_ship_takes_the_last_alien_and_the_geniuses() {
    let g = fixed(3);
    let alien = no(&g, "The Last Alien");
    let hidden_genius = no(&g, "Hidden Genius");
    let geniuses: Vec<CardNo> =
        g.content().cards.all().iter().filter(|c| c.has_keyword("genius")).map(|c| c.number).collect();
    assert!(geniuses.len() >= 4, "three Genius cards and Hidden Genius");
    let level_genius = geniuses.iter().copied().find(|&k| k != hidden_genius).unwrap();
    let (s, events) = phase_three(&g, &["Alien Ship"], |t| {
        drawn_dumbness(&g, t, hidden_genius);
        t.seats[p(0)].projects.insert(hidden_genius);
        t.seats[p(0)].vp = 4;
        for l in 0..2 {
            t.decks[l].remove(alien);
            t.discards[l].remove(alien);
            t.decks[l].remove(level_genius);
            t.discards[l].remove(level_genius);
        }
        t.seats[p(1)].projects.insert(alien);
        t.seats[p(2)].hand.insert(level_genius);
    });
    assert!(events.iter().any(|e| e.contains("leave the game")), "{events:?}");
    for k in geniuses.iter().copied().chain([alien]) {
        assert!(s.table().dumb.gone.contains(k), "card {k} left the game");
        assert!(s.table().seats.values().all(|seat| !seat.projects.contains(k) && !seat.hand.contains(k)));
        assert!(s.table().decks.iter().chain(&s.table().discards).all(|d| !d.contains(k)));
    }
    assert_eq!(s.table().seats[p(0)].vp, 4, "VP already scored stay");
}

/// WD-DUMB-4: an owned Dumbness card can be sabotaged but never attacked.
#[test]
fn wd_dumb_4_owned_dumbness_cards_are_sabotaged_never_attacked() {
    let g = short(2);
    let kittens = no(&g, "Cute Kittens");
    let find = |step: &str| {
        g.content()
            .cards
            .all()
            .iter()
            .find(|c| c.kind == Kind::Brown && c.effect.iter().any(|e| e.name() == step))
            .unwrap_or_else(|| panic!("a Brown card with only {step}"))
            .id
            .clone()
    };
    for (step, expect) in [("attack_project", false), ("sabotage_project", true)] {
        let id = find(step);
        let mut s = placing(&g, &[(0, &[id.as_str()])], |t| {
            strip_dumbness(&g, t);
            drawn_dumbness(&g, t, kittens);
            t.seats[p(1)].projects.insert(kittens);
            t.seats[p(0)].resources = 30;
            t.seats[p(0)].ego = 9;
            t.seats[p(0)].popularity = 9;
        });
        place_card(&g, &mut s, 0, &id, "target russia");
        others_pass(&g, &mut s, &[0]);
        let sabotaged = s.table().seats[p(1)].is_sabotaged(kittens);
        let owned = s.table().seats[p(1)].projects.contains(kittens);
        assert_eq!((sabotaged, owned), (expect, true), "{step}");
    }
}

/// WD-LEAD-7: a face-down card discarded in phase 3 by WD-LEAD-2 is revealed as it goes.
#[test]
fn wd_lead_7_a_face_down_card_lost_in_phase_three_is_revealed() {
    let g = fixed(3);
    // Stock Market Crash: players with 8 or more resources lose half and 1 Popularity.
    let crash = no(&g, "Stock Market Crash");
    let fake = no(&g, "fake-news");
    let mut s = placing(&g, &[(0, &["fake-news"])], |t| {
        strip_dumbness(&g, t);
        t.round = 2;
        drawn_dumbness(&g, t, crash);
        t.dumb.up.insert(crash);
        t.seats[p(0)].popularity = 4;
        t.seats[p(0)].resources = 30;
    });
    place_card(&g, &mut s, 0, "fake-news", "target russia");
    let events = others_pass(&g, &mut s, &[0]);
    let at = |text: &str| events.iter().position(|e| e == text).unwrap_or_else(|| panic!("{text}: {events:?}"));
    let lost = at(&format!("P1's left card space is blocked: Fake News [{fake}] is discarded unused"));
    assert!(at("P1's Popularity goes from 4 to 3") < lost);
    assert!(lost < at("Round 2, phase 4 flip and use cards"), "still in phase 3, before the cards are turned");
    assert_eq!(s.table().seats[p(0)].spaces[0], None);
    assert!(s.table().discards[0].contains(fake), "the revealed card is on the discard pile");
}

/// WD-INFO-4: determinization re-deals the Dumbness cards nobody has seen: the marked ones stay in
/// their decks, each deck keeps its count, face-down cards keep their deck of origin, and the
/// viewer sees exactly the same.
#[test]
fn wd_info_4_dumbness_cards_are_determinized_consistently() {
    let g = game(4);
    let mut s = start(&g, 3);
    let mut rng = SeededRng::new(3);
    // Play into round 3 so some Dumbness cards have been drawn.
    for _ in 0..4000 {
        if s.table().round >= 3 || g.turn(&s).is_over() {
            break;
        }
        let who = g.turn(&s).players().iter().next().unwrap();
        let legal = g.legal_actions(&s, who);
        g.apply(&mut s, who, legal[legal.len() / 2], &mut rng).unwrap();
    }
    let who = g.turn(&s).players().iter().next().unwrap();
    let mut differs = false;
    for seed in 0..30 {
        let d = g.determinize(&s, who, &mut SeededRng::new(seed));
        assert_eq!(g.observe(&d, Viewer::Player(who)), g.observe(&s, Viewer::Player(who)));
        for l in 0..2 {
            let count = |st: &State| st.table().decks[l].iter().filter(|&k| is_dumb(&g, k)).count();
            assert_eq!(count(&d), count(&s));
            assert_eq!(d.table().dumb.down[l].len(), s.table().dumb.down[l].len());
        }
        for card in g.content().cards.deck(Deck::Dumbness).filter(|c| c.back.is_some()) {
            let l = card.back.and_then(Deck::level).unwrap();
            let was = s.table().decks[l].contains(card.number) || s.table().dumb.down[l].contains(card.number);
            let is = d.table().decks[l].contains(card.number) || d.table().dumb.down[l].contains(card.number);
            assert_eq!(was, is, "{} stays with its deck", card.name);
        }
        differs |= d.table().decks != s.table().decks;
    }
    assert!(differs, "the unseen Dumbness cards are re-sampled");
}

/// WD-FLIP-1, WD-ELIM-1, WD-FLIP-5: a player whose target left the game in phase 3 (Stock Market
/// Crash took the last Popularity of the USA) has no token on the spot to turn when their Brown
/// card is revealed: the Brown card goes unused, and nothing is marked turned (it was, with no
/// token, and the position could not be saved).
#[test]
fn wd_flip_1_no_token_is_turned_when_the_target_left_in_phase_three() {
    let g = short(3);
    let crash = no(&g, "stock-market-crash");
    let mut s = placing(&g, &[(1, &["border-skirmish"])], |t| {
        strip_dumbness(&g, t);
        t.round = 2;
        drawn_dumbness(&g, t, crash);
        t.dumb.up.insert(crash);
        t.seats[p(0)].popularity = 1;
        t.seats[p(0)].resources = 10;
        t.seats[p(1)].resources = 7;
        t.seats[p(2)].resources = 7;
    });
    place(&g, &mut s, 1, &["border-skirmish", "target usa", "done"]);
    let events = others_pass(&g, &mut s, &[1]);
    assert_eq!(s.table().seats[p(0)].out, Some(1), "{events:?}");
    assert_eq!(s.table().seats[p(1)].target, None, "{events:?}");
    assert!(!s.table().seats[p(1)].target_turned, "{events:?}");
    assert!(events.iter().any(|e| e.contains("Border Skirmish") && e.contains("without effect")), "{events:?}");
    assert_eq!(load(&g, &table(&g, &s)), s);
}
