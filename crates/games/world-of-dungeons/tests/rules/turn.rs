//! WOD-TURN-* and WOD-POP-*: the turn, refused out-of-turn input, phase 1.

use super::*;

// ================================================================ The turn

/// WOD-TURN-1: Populate, Kick, Recruit, Play Stash, Dungeon, the victory check, the hand limit,
/// end of turn; then the next player.
#[test]
fn wod_turn_1_the_order_of_a_turn() {
    let g = game(2);
    let mut t = blank(&g);
    add_guild(&g, &mut t, 0, &["raid-mom"]);
    add_hand(&g, &mut t, 0, &["comfy-slippers", "mechanical-keyboard", "guild-banner"]);
    t.active = p(1);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let (d, x) = (dungeon(&g, "goblin-warrens"), gamer(&g, "weekend-wendy"));
    let mut rng = script(grind_then_populate(&t, lowest_loot(&t), d, x));
    let events = say(&g, &mut s, 1, "grind", &mut rng);
    assert_eq!(
        events[3..],
        ["turn 6: P1", "Goblin Warrens enters the Dungeon row", "Weekend Wendy enters the Forum row"]
    );
    let mut seen = vec![decision(&g, &s).0];
    for step in ["skip", "skip", "skip"] {
        play(&g, &mut s, 0, step, &mut rng);
        seen.push(decision(&g, &s).0);
    }
    let mut rng = picks(&[0, 0, 0]);
    play(&g, &mut s, 0, "grind", &mut rng);
    seen.push(decision(&g, &s).0);
    assert_eq!(seen, ["WOD-KICK-1", "WOD-RECRUIT-1", "WOD-STASH-1", "WOD-DUNG-1", "WOD-HAND-1"]);
    let events = say(&g, &mut s, 0, "card comfy-slippers", &mut rng);
    assert_eq!(events[0], "P1 discards Comfy Slippers");
    assert_eq!(events[1], "turn 7: P2");
    assert_eq!((s.table().active, decision(&g, &s).0), (p(1), "WOD-KICK-1"));
}

/// WOD-TURN-2: a gamer recruited this turn is marked as joined this turn until the turn ends.
#[test]
fn wod_turn_2_joined_this_turn_until_end_of_turn() {
    let g = game(2);
    let mut t = blank(&g);
    add_guild(&g, &mut t, 0, &["raid-mom"]);
    set_forum_row(&g, &mut t, &["guild-dad", "olde-bard"]);
    at_phase(&mut t, Phase::Recruit);
    let mut s = load(&g, &t);
    let mut rng = SeededRng::new(2);
    play(&g, &mut s, 0, "guild-dad", &mut rng);
    let (mom, dad) = (gamer(&g, "raid-mom"), gamer(&g, "guild-dad"));
    assert!(member(s.table(), 0, dad).joined);
    assert!(!member(s.table(), 0, mom).joined);
    assert!(obs(&g, &s, 1).seats[0].guild[1].joined, "the mark is public");
    play(&g, &mut s, 0, "skip", &mut rng);
    play(&g, &mut s, 0, "grind", &mut rng);
    assert_eq!(s.table().active, p(1));
    assert!(!member(s.table(), 0, dad).joined, "the mark cleared at end of turn");
}

/// WOD-TURN-3: a turn does not start with a Loot draw: Populate draws a dungeon and a gamer only.
#[test]
fn wod_turn_3_no_loot_draw_at_the_start_of_a_turn() {
    let g = game(2);
    let mut t = blank(&g);
    add_hand(&g, &mut t, 1, &["easy-mode"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let (d, x) = (dungeon(&g, "goblin-warrens"), gamer(&g, "weekend-wendy"));
    let mut rng = script(grind_then_populate(&t, lowest_loot(&t), d, x));
    let events = say(&g, &mut s, 0, "grind", &mut rng);
    assert_eq!(
        events,
        [
            "P1 grinds for Loot",
            "P1 draws Energy Drink",
            "P1 draws 1 Loot card",
            "turn 6: P2",
            "Goblin Warrens enters the Dungeon row",
            "Weekend Wendy enters the Forum row",
        ]
    );
    assert_eq!((hand_size(&s, 0), hand_size(&s, 1)), (1, 1));
    assert_eq!(rng.drawn(), 3, "one Loot pick (the grind), one Dungeon pick, one Forum pick");
}

/// WOD-TURN-4: every decision belongs to exactly one player; anyone else is refused.
#[test]
fn wod_turn_4_one_decider_at_a_time() {
    for (players, seed) in [(2, 11), (3, 12), (5, 13)] {
        let g = game(players);
        let (mut s, _) = start(&g, seed);
        let mut rng = SeededRng::new(seed);
        for _ in 0..600 {
            let Turn::Decide(who) = g.turn(&s) else {
                assert!(s.is_over(), "only a finished game has no single decider");
                break;
            };
            for q in 0..players {
                if q != who.index() {
                    assert!(g.legal_actions(&s, p(q)).is_empty());
                    let err = g.apply(&mut s.clone(), p(q), Action::Pass, &mut rng);
                    assert_eq!(err.unwrap_err().kind, RuleErrorKind::NotYourTurn);
                }
            }
            let legal = g.legal_actions(&s, who);
            let a = legal[rng.below(legal.len() as u32) as usize];
            g.apply(&mut s, who, a, &mut rng).unwrap();
        }
    }
}

/// WOD-TURN-4 (refused input): an action while another player holds priority is refused with the
/// rule of the window, and nothing changes.
#[test]
fn wod_turn_4_an_action_while_another_player_holds_priority() {
    let g = game(2);
    let mut t = blank(&g);
    set_forum_row(&g, &mut t, &["guild-dad"]);
    add_hand(&g, &mut t, 0, &["comfy-slippers"]);
    add_hand(&g, &mut t, 1, &["guild-banner"]);
    at_phase(&mut t, Phase::Recruit);
    let mut s = load(&g, &t);
    play(&g, &mut s, 0, "guild-dad", &mut SeededRng::new(0));
    assert_eq!(decider(&g, &s), 1);
    for text in ["pass", "skip", "grind"] {
        refused(
            &g,
            &s,
            0,
            text,
            RuleError {
                kind: RuleErrorKind::NotYourTurn,
                rule: "WOD-RESP-4",
                message: "it is not your decision now: P2 holds priority: play an Effect card or pass".into(),
            },
        );
    }
}

/// WOD-COMP-4 (refused input): a response with a card not in hand is refused, and nothing
/// changes.
#[test]
fn wod_comp_4_a_response_with_a_card_not_in_hand() {
    let g = game(2);
    let mut t = blank(&g);
    set_forum_row(&g, &mut t, &["guild-dad"]);
    add_hand(&g, &mut t, 1, &["comfy-slippers"]);
    at_phase(&mut t, Phase::Recruit);
    let mut s = load(&g, &t);
    play(&g, &mut s, 0, "guild-dad", &mut SeededRng::new(0));
    assert_eq!(decider(&g, &s), 1);
    refused(&g, &s, 1, "play invite-declined", illegal("WOD-COMP-4", "Invite Declined is not in your hand"));
}

// ================================================================ Phase 1: Populate

/// WOD-POP-1: before any decision, the active player draws a dungeon, then a gamer.
#[test]
fn wod_pop_1_a_dungeon_then_a_gamer_before_any_decision() {
    let g = game(2);
    let mut t = before_p1_turn(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    set_forum_row(&g, &mut t, &["raid-mom"]);
    let (s, events, rng) = p2_grinds(&g, &t, "wolf-den", "guild-dad");
    assert_eq!(events[3..], ["turn 6: P1", "Wolf Den enters the Dungeon row", "Guild Dad enters the Forum row"]);
    assert_eq!(rng.drawn(), 3);
    assert_eq!((decider(&g, &s), decision(&g, &s).0), (0, "WOD-KICK-1"), "the first decision comes after both draws");
    assert_eq!(dungeon_row_ids(&g, s.table()), ["goblin-warrens", "wolf-den"]);
    assert_eq!(forum_row_ids(&g, s.table()), ["raid-mom", "guild-dad"]);
}

/// WOD-POP-2: a drawn card enters as the newest; a row already at its limit (3, unless a card
/// changes it) puts its oldest card at the bottom of its deck.
#[test]
fn wod_pop_2_a_full_row_puts_its_oldest_card_under_the_deck() {
    let g = game(2);
    let mut t = before_p1_turn(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens", "boar-pasture", "wolf-den"]);
    set_forum_row(&g, &mut t, &["weekend-wendy", "lunch-break-larry", "mobile-mia"]);
    let (s, events, _) = p2_grinds(&g, &t, "angry-beehive", "guild-dad");
    assert_eq!(
        events[3..],
        [
            "turn 6: P1",
            "Angry Beehive enters the Dungeon row",
            "Goblin Warrens goes to the bottom of the Dungeon deck",
            "Guild Dad enters the Forum row",
            "Weekend Wendy goes to the bottom of the Forum deck",
        ]
    );
    let t2 = s.table();
    assert_eq!(dungeon_row_ids(&g, t2), ["boar-pasture", "wolf-den", "angry-beehive"]);
    assert_eq!(forum_row_ids(&g, t2), ["lunch-break-larry", "mobile-mia", "guild-dad"]);
    assert_eq!(t2.dungeon_deck.bottom.as_slice(), &[dungeon(&g, "goblin-warrens")]);
    assert_eq!(t2.forum_deck.bottom.as_slice(), &[gamer(&g, "weekend-wendy")]);

    // Expansion Launch sets the Dungeon row's limit to 4: the fourth dungeon fits.
    add_patch(&g, &mut t, &["expansion-launch"]);
    let (s, events, _) = p2_grinds(&g, &t, "angry-beehive", "guild-dad");
    assert_eq!(
        events[3..],
        [
            "turn 6: P1",
            "Angry Beehive enters the Dungeon row",
            "Guild Dad enters the Forum row",
            "Weekend Wendy goes to the bottom of the Forum deck",
        ]
    );
    assert_eq!(dungeon_row_ids(&g, s.table()), ["goblin-warrens", "boar-pasture", "wolf-den", "angry-beehive"]);
    assert!(s.table().dungeon_deck.bottom.is_empty());
}

/// WOD-POP-3: the new card is drawn before the oldest moves: from a deck whose unseen cards are
/// gone, the bottom list's first card comes up and the oldest goes under after it; and a Troll
/// drawn while the Forum row is full leaves the row as it was.
#[test]
fn wod_pop_3_draw_first_then_the_oldest_moves() {
    let g = game(2);
    let mut t = before_p1_turn(&g);
    set_forum_row(&g, &mut t, &["weekend-wendy", "lunch-break-larry", "mobile-mia"]);
    let last = gamer(&g, "guild-dad");
    free_gamer(&mut t, last);
    t.forum_discard |= t.forum_deck.unseen;
    t.forum_deck.unseen = CardSet::EMPTY;
    t.forum_deck.bottom.push(last);
    let d = dungeon(&g, "goblin-warrens");
    let mut s = load(&g, &t);
    let mut rng = script([
        ScriptedValue::Pick(rank(t.loot_deck.bits(), lowest_loot(&t))),
        ScriptedValue::Pick(rank(u128::from(t.dungeon_deck.unseen.bits()), d)),
    ]);
    let events = say(&g, &mut s, 1, "grind", &mut rng);
    assert_eq!(
        events[5..],
        ["Guild Dad enters the Forum row", "Weekend Wendy goes to the bottom of the Forum deck"],
        "drawn first (from the bottom list), then the oldest moves"
    );
    assert_eq!(rng.drawn(), 2, "the bottom list's card comes without the rng");
    assert_eq!(forum_row_ids(&g, s.table()), ["lunch-break-larry", "mobile-mia", "guild-dad"]);
    assert_eq!(s.table().forum_deck.bottom.as_slice(), &[gamer(&g, "weekend-wendy")]);

    // A Troll arrives while three gamers are still in the row: nothing moves.
    let mut t = before_p1_turn(&g);
    set_forum_row(&g, &mut t, &["weekend-wendy", "lunch-break-larry", "mobile-mia"]);
    let (s, events, _) = p2_grinds(&g, &t, "goblin-warrens", "flamebait");
    assert_eq!(events.last().unwrap(), "the Troll Flamebait must join P1's guild");
    assert_eq!(forum_row_ids(&g, s.table()), ["weekend-wendy", "lunch-break-larry", "mobile-mia"]);
    assert!(s.table().forum_deck.bottom.is_empty());
}

/// WOD-POP-4: a Troll drawn in phase 1 joins the active player's guild after its window (priority
/// first to the player after the active player), even over the guild limit; the Forum row is left
/// untouched.
#[test]
fn wod_pop_4_a_troll_joins_even_a_full_guild_after_its_window() {
    let g = game(2);
    let mut t = before_p1_turn(&g);
    add_guild(&g, &mut t, 0, &["raid-mom", "guild-dad", "olde-bard"]);
    set_forum_row(&g, &mut t, &["weekend-wendy", "lunch-break-larry", "mobile-mia"]);
    add_hand(&g, &mut t, 0, &["comfy-slippers"]);
    add_hand(&g, &mut t, 1, &["guild-banner"]);
    let (mut s, events, mut rng) = p2_grinds(&g, &t, "goblin-warrens", "flamebait");
    assert_eq!(
        events[3..],
        ["turn 6: P1", "Goblin Warrens enters the Dungeon row", "the Troll Flamebait must join P1's guild"]
    );
    assert_eq!(guild_ids(&g, s.table(), 0), ["raid-mom", "guild-dad", "olde-bard"], "not yet: it waits");
    assert_eq!(decider(&g, &s), 1, "priority starts with the player after the active player");
    assert_eq!(say(&g, &mut s, 1, "pass", &mut rng), ["P2 passes"]);
    assert_eq!(say(&g, &mut s, 0, "pass", &mut rng), ["P1 passes", "Flamebait joins P1's guild"]);
    let t2 = s.table();
    assert_eq!(guild_ids(&g, t2, 0), ["raid-mom", "guild-dad", "olde-bard", "flamebait"]);
    assert!(member(t2, 0, gamer(&g, "flamebait")).joined);
    assert_eq!(forum_row_ids(&g, t2), ["weekend-wendy", "lunch-break-larry", "mobile-mia"]);
    assert!(t2.forum_deck.bottom.is_empty());
    assert_eq!(decision(&g, &s), ("WOD-KICK-3", "P1 must kick a guildmember: the guild is over its limit".into()));
}

/// WOD-POP-4: a cancelled Troll join puts the Troll in the Forum row as its newest card (the
/// oldest going under the deck), and recruiting stays allowed.
#[test]
fn wod_pop_4_a_cancelled_troll_enters_the_forum_row() {
    let g = game(2);
    let mut t = before_p1_turn(&g);
    add_guild(&g, &mut t, 0, &["raid-mom", "guild-dad"]);
    set_forum_row(&g, &mut t, &["weekend-wendy", "lunch-break-larry", "mobile-mia"]);
    add_hand(&g, &mut t, 0, &["comfy-slippers"]);
    add_hand(&g, &mut t, 1, &["invite-declined"]);
    let (mut s, _, mut rng) = p2_grinds(&g, &t, "goblin-warrens", "flamebait");
    assert_eq!(legal(&g, &s, 1), ["pass", "pass-turn", "pass-until-my-turn", "play invite-declined"]);
    assert_eq!(say(&g, &mut s, 1, "play invite-declined", &mut rng), ["P2 plays Invite Declined"]);
    assert_eq!(
        pass_window(&g, &mut s, &mut rng),
        [
            "P1 passes",
            "P2 passes",
            "Invite Declined resolves",
            "P1's recruit of Flamebait is cancelled",
            "Flamebait enters the Forum row",
            "Weekend Wendy goes to the bottom of the Forum deck",
        ]
    );
    let t2 = s.table();
    assert_eq!(guild_ids(&g, t2, 0), ["raid-mom", "guild-dad"]);
    assert_eq!(forum_row_ids(&g, t2), ["lunch-break-larry", "mobile-mia", "flamebait"]);
    assert!(!t2.used.troll_joined);
    play(&g, &mut s, 0, "skip", &mut rng);
    assert_eq!(legal(&g, &s, 0), ["lunch-break-larry", "mobile-mia", "flamebait", "skip"]);
}

/// WOD-POP-5: Populate opens no window (except after a Troll): the active player's Kick step
/// comes next, and nobody else may answer.
#[test]
fn wod_pop_5_populate_opens_no_window() {
    let g = game(2);
    let mut t = before_p1_turn(&g);
    add_guild(&g, &mut t, 0, &["raid-mom"]);
    add_hand(&g, &mut t, 0, &["afk"]);
    add_hand(&g, &mut t, 1, &["afk"]);
    let (s, _, _) = p2_grinds(&g, &t, "goblin-warrens", "guild-dad");
    assert_eq!(s.table().steps.as_slice(), &[Step::Phase(Phase::Kick)]);
    assert!(s.table().pending.is_empty());
    assert_eq!(decider(&g, &s), 0);
    assert!(legal(&g, &s, 1).is_empty(), "P2 holds an `any` card but gets no window");
    assert_eq!(legal(&g, &s, 0), ["raid-mom", "skip", "play afk"]);
}
