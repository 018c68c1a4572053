//! WOD-INFO-*: what players may know, and saved positions refused.

use super::*;

// ================================================================ Information

/// WOD-INFO-1: the rows, the Patch Notes row, guilds with their counters, marks and attached
/// cards, Guild Stashes, both discard piles, deck counts and bottoms, hand sizes, standing passes,
/// the Effect cards played and VP are public: every viewer sees them alike.
#[test]
fn wod_info_1_public_information_is_the_same_for_every_viewer() {
    let g = game(2);
    let s = load(&g, &busy_table(&g));
    let spectator = g.observe(&s, Viewer::Spectator);
    for seat in 0..2 {
        assert_eq!(public_part(&obs(&g, &s, seat)), public_part(&spectator), "P{}", seat + 1);
    }
    let o = spectator;
    assert_eq!((o.seats[0].hand_size, o.seats[1].hand_size), (2, 1));
    assert_eq!((o.seats[0].vp, o.seats[1].vp), (0, 2));
    assert_eq!(o.forum_bottom, ["Weekend Wendy"]);
    assert_eq!(o.dungeon_bottom, ["Boar Pasture"]);
    assert_eq!(o.forum_discard, ["Leroy"]);
    assert_eq!(o.loot_discard, ["Pizza Party"]);
    assert_eq!(o.patch_notes.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["Patch Notes: Hardcore Nerf"]);
    let nate = &o.seats[0].guild[0];
    assert_eq!((nate.raids, nate.burnout, nate.xp_now), (1, Some(2), 4));
    assert!(o.seats[0].guild[1].joined);
    assert_eq!(o.seats[0].guild[1].attached, ["AFK"]);
    assert_eq!(o.seats[1].stash.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["Extra Bag Slot"]);
    assert_eq!(o.seats[1].standing_pass, Some("for the rest of the turn"));
    let c = g.content();
    assert_eq!((o.dungeon_deck, o.forum_deck), (c.dungeons.len() - 2, c.gamers.len() - 4), "bottoms included");
}

/// WOD-INFO-2: the cards of a hand are seen by their owner only: two positions that differ only
/// in which unseen card P1 holds look the same to everyone else; a discarded card becomes public.
#[test]
fn wod_info_2_a_hand_is_secret() {
    let g = game(2);
    let mut t1 = blank(&g);
    add_hand(&g, &mut t1, 1, &["report-to-gm"]);
    let mut t2 = t1.clone();
    add_hand(&g, &mut t1, 0, &["easy-mode", "pizza-party", "afk", "hard-mode"]);
    add_hand(&g, &mut t2, 0, &["lag-spike", "pizza-party", "afk", "hard-mode"]);
    at_phase(&mut t1, Phase::Dungeon);
    at_phase(&mut t2, Phase::Dungeon);
    let (s1, s2) = (load(&g, &t1), load(&g, &t2));
    assert_eq!(obs(&g, &s1, 1), obs(&g, &s2, 1));
    assert_eq!(g.observe(&s1, Viewer::Spectator), g.observe(&s2, Viewer::Spectator));
    assert_ne!(obs(&g, &s1, 0), obs(&g, &s2, 0));
    // P1 grinds to 5 cards and discards one: now everyone sees which.
    let mut s = s1;
    play(&g, &mut s, 0, "grind", &mut picks(&[0]));
    assert!(obs(&g, &s, 1).loot_discard.is_empty());
    play(&g, &mut s, 0, "card easy-mode", &mut picks(&[0, 0]));
    assert_eq!(obs(&g, &s, 1).loot_discard, ["Easy Mode"]);
}

/// WOD-INFO-3: determinization re-deals the Loot cards the viewer has not seen among the other
/// hands and the Loot deck: hand sizes, the viewer's hand and everything public stay; no Patch
/// Notes card is dealt into a hand.
#[test]
fn wod_info_3_determinization() {
    let g = game(3);
    let mut t = busy_table(&g);
    add_hand(&g, &mut t, 2, &["lucky-respawn", "ninja-loot", "better-offer"]);
    let s = load(&g, &t);
    let patch = g.content().patch_cards;
    let unseen = |x: &Table| x.loot_deck.bits() | x.seats[p(1)].hand.bits() | x.seats[p(2)].hand.bits();
    let mut changed = false;
    for seed in 0..40 {
        let d = g.determinize(&s, p(0), &mut SeededRng::new(seed));
        let dt = d.table();
        for seat in 0..3 {
            assert_eq!(dt.seats[p(seat)].hand.len(), t.seats[p(seat)].hand.len(), "hand sizes kept");
            assert_eq!(dt.seats[p(seat)].hand.bits() & patch, 0, "no Patch Notes in a hand");
        }
        assert_eq!(dt.seats[p(0)].hand.bits(), t.seats[p(0)].hand.bits(), "the viewer's hand kept");
        assert_eq!(unseen(dt), unseen(&t), "only the unseen cards are re-dealt");
        assert_eq!(dt.loot_deck.bits() & patch, t.loot_deck.bits() & patch, "the unseen Patch Notes stay in the deck");
        assert_eq!(obs(&g, &d, 0), obs(&g, &s, 0), "everything the viewer sees is kept");
        assert_eq!(load(&g, dt), d, "a determinized position is a valid one");
        changed |= dt.seats[p(1)].hand.bits() != t.seats[p(1)].hand.bits()
            || dt.seats[p(2)].hand.bits() != t.seats[p(2)].hand.bits();
    }
    assert!(changed, "the other hands are dealt again");
}

// ================================================================ Saved positions refused

/// WOD-COMP-4: a saved position with a card in two places is refused, naming the second place.
#[test]
fn wod_comp_4_a_saved_position_with_a_card_in_two_places() {
    let g = game(2);
    let base = saved(&g);
    assert!(g.load_state(&base.to_string()).is_ok());
    let mom = gamer(&g, "raid-mom");
    let mut j = base.clone();
    j["seats"][1]["guild"] = json!([{ "gamer": mom }]);
    assert_eq!(
        g.load_state(&j.to_string()).unwrap_err(),
        invalid("seats[1].guild[0]", "this card is also somewhere else")
    );
    let mut j = base.clone();
    let in_deck = j["loot_deck"][0].clone();
    j["seats"][1]["hand"] = json!([in_deck]);
    assert_eq!(
        g.load_state(&j.to_string()).unwrap_err(),
        invalid("seats[1].hand", "a card here is also somewhere else")
    );
    let mut j = base;
    j["dungeon_row"] = json!([0]);
    assert_eq!(
        g.load_state(&j.to_string()).unwrap_err(),
        invalid("dungeon_row[0]", "this card is also somewhere else")
    );
}

/// WOD-PATCH-1: a saved position with a Patch Notes card in a hand is refused.
#[test]
fn wod_patch_1_a_saved_position_with_patch_notes_in_a_hand() {
    let g = game(2);
    let mut j = saved(&g);
    let nerf = copies(&g, "hardcore-nerf")[0];
    let deck: Vec<u64> = j["loot_deck"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    j["loot_deck"] = json!(deck.iter().filter(|&&k| k != u64::from(nerf)).collect::<Vec<_>>());
    let mut hand: Vec<u64> = j["seats"][0]["hand"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    hand.push(u64::from(nerf));
    j["seats"][0]["hand"] = json!(hand);
    assert_eq!(
        g.load_state(&j.to_string()).unwrap_err(),
        invalid("seats[0].hand", "a hand holds Loot cards of the deck, never Patch Notes")
    );
}

/// WOD-TURN-1: a saved position whose step stack could not arise in a turn is refused.
#[test]
fn wod_turn_1_a_saved_position_with_a_step_that_cannot_be_there() {
    let g = game(2);
    let base = saved(&g);
    assert_eq!(base["steps"], json!([{ "phase": "kick" }]));
    for (steps, field, reason) in [
        (
            json!([{ "phase": "kick" }, { "phase": "recruit" }]),
            "steps[1]",
            "only the bottom step is a phase of the turn",
        ),
        (json!([{ "skull-discard": { "at": 0, "left": 1 } }]), "steps[0]", "no declared dungeon has this place"),
        (
            json!([{ "phase": "dungeon" }, { "hand-limit": { "current": 0, "left": 1, "rest": [] } }]),
            "steps[1]",
            "P1 must discard exactly the cards over their hand limit",
        ),
        (
            json!([{ "phase": "kick" }, { "hand-limit": { "current": 0, "left": 1, "rest": [] } }]),
            "steps[1]",
            "the hand limit comes at the end of the turn, after phase 3 (WOD-HAND-1)",
        ),
        (
            json!([{ "phase": { "parties": { "member": 1 } } }]),
            "steps[0]",
            "the active player has no guildmember at place 1",
        ),
        (json!([]), "steps[0]", "the bottom step is a phase of the turn"),
    ] {
        let mut j = base.clone();
        j["steps"] = steps.clone();
        assert_eq!(g.load_state(&j.to_string()).unwrap_err(), invalid(field, reason), "{steps}");
    }
}
