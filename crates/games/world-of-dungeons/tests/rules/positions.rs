//! Saved positions that no game reaches are refused, each naming the JSON path and the rule: ids
//! out of range (which used to crash loading or drawing), the turn past its cap, a row over its
//! limit, the response stack and the cards of the turn out of the order play builds them, 20 VP
//! where the victory check would have ended the game, an ending that did not happen, counters
//! beyond what the turns allow.

use super::*;
use crate::raids::table;
use worlds_engine::{Present, flow::Stack};
use worlds_world_of_dungeons::{Declared, Face, Item};

/// The error loading `t` gives.
fn refusal(g: &WorldOfDungeons, t: &Table) -> StateError {
    g.load_state_value(serde_json::to_value(t).unwrap()).unwrap_err()
}

/// Draws every view of a position for every viewer (none may panic).
fn draw(g: &WorldOfDungeons, s: &State) {
    for viewer in [Viewer::Spectator, Viewer::Player(p(0)), Viewer::Player(p(1))] {
        let o = g.observe(s, viewer);
        let _ = g.render(&o, worlds_engine::Style { colour: false });
        let _ = g.render_compact(&o, worlds_engine::Style { colour: false });
        let _ = g.scene(&o);
    }
}

/// A card of the turn as saved.
fn played(card: u8, player: usize, picked: Picked, fate: Fate) -> Played {
    Played { card, player: p(player), picked, fate }
}

// ================================================================ ids out of range

/// WOD-EFFECT-1: a saved Item Decay waiting for the choice of a seat that does not exist is
/// refused (loading it used to panic: seat 6 was made a player): a seat of the table's kind but not
/// at this table by `from_setup`, a number no seat has by the seat's type; with a real seat it
/// loads, and that seat chooses.
#[test]
fn wod_effect_1_a_saved_card_that_picked_a_seat_that_does_not_exist_is_refused() {
    let g = game(2);
    let mut t = blank(&g);
    add_stash(&g, &mut t, 1, &["guild-banner", "extra-bag"]);
    let decay = take_loot(&g, &mut t, "item-decay");
    t.played.push(played(decay, 0, Picked { player: Some(p(5)), ..Picked::default() }, Fate::Waiting));
    t.steps.push(Step::Resolve { played: 0, pc: 0 });
    assert_eq!(refusal(&g, &t), invalid("played[0].picked.player", "seat 5 does not exist"));
    for seat in [6, 255] {
        let mut json = serde_json::to_value(&t).unwrap();
        json["played"][0]["picked"]["player"] = seat.into();
        let reason = format!("seat {seat} is out of range 0..6");
        assert_eq!(g.load_state_value(json).unwrap_err(), invalid("played[0].picked.player", &reason));
    }
    t.played[0].picked.player = Some(p(1));
    let s = load(&g, &t);
    assert_eq!(decider(&g, &s), 1);
    assert_eq!(legal(&g, &s, 1), ["card guild-banner", "card extra-bag"]);
    draw(&g, &s);
}

/// WOD-EFFECT-1: a saved card whose targets are a dungeon, a gamer, a Forum gamer or a stacked
/// card that does not exist, or that picked what it never asks for, is refused (such positions
/// used to load, and drawing them panicked).
#[test]
fn wod_effect_1_a_saved_card_that_picked_a_card_that_does_not_exist_is_refused() {
    let g = game(2);
    let (nd, ng) = (g.content().dungeons.len(), g.content().gamers.len());
    let mut base = blank(&g);
    add_guild(&g, &mut base, 0, &["dad-of-three"]);
    let dad = gamer(&g, "dad-of-three");
    for (id, picked, field, reason) in [
        (
            "easy-mode",
            Picked { dungeon: Some(200), ..Picked::default() },
            "played[0].picked.dungeon",
            format!("dungeon 200 does not exist: the dungeons are numbered below {nd}"),
        ),
        (
            "afk",
            Picked { gamer: Some(200), ..Picked::default() },
            "played[0].picked.gamer",
            format!("gamer 200 does not exist: the gamers are numbered below {ng}"),
        ),
        (
            "free-trial-invite",
            Picked { forum: Some(64), player: Some(p(0)), ..Picked::default() },
            "played[0].picked.forum",
            format!("gamer 64 does not exist: the gamers are numbered below {ng}"),
        ),
        (
            "report-to-gm",
            Picked { effect: Some(0), ..Picked::default() },
            "played[0].picked.effect",
            "no card was played before this one at place 0".to_owned(),
        ),
        (
            "easy-mode",
            Picked { dungeon: Some(0), gamer: Some(dad), ..Picked::default() },
            "played[0].picked.gamer",
            "Easy Mode asks for no such pick".to_owned(),
        ),
        ("lag-spike", Picked::default(), "", String::new()),
        ("afk", Picked::default(), "played[0].picked", "pick 1 of AFK is missing".to_owned()),
    ] {
        let mut t = base.clone();
        let card = take_loot(&g, &mut t, id);
        t.played.push(played(card, 1, picked, Fate::Fizzled));
        if field.is_empty() {
            draw(&g, &load(&g, &t));
        } else {
            assert_eq!(refusal(&g, &t), invalid(field, &reason), "{id}");
        }
    }
}

// ================================================================ the turn, the rows, the end

/// WOD-END-2: a saved position past the turn cap is refused, and so is a game said to have ended
/// at the cap on another turn.
#[test]
fn wod_end_2_a_saved_position_past_the_turn_cap_is_refused() {
    let g = game(2);
    let mut t = blank(&g);
    t.turn = 201;
    assert_eq!(
        refusal(&g, &t),
        invalid("turn", "turn 201 is past the turn cap: the game ends after turn 200 (WOD-END-2)")
    );
    t.turn = u16::MAX;
    assert_eq!(
        refusal(&g, &t),
        invalid("turn", "turn 65535 is past the turn cap: the game ends after turn 200 (WOD-END-2)")
    );
    t.turn = 150;
    t.steps = Stack::new();
    t.over = Some(Ending::TurnCap);
    assert_eq!(
        refusal(&g, &t),
        invalid("over", "the game ended at the turn cap, but turn 150 is not turn 200 (WOD-END-2)")
    );
    t.turn = 200;
    let s = load(&g, &t);
    assert_eq!(decision(&g, &s), ("WOD-END-2", "the turn cap was reached".into()));
}

/// WOD-END-2 (counters at their most): with a turn cap at the largest turn number, the last turn
/// ends the game instead of counting past it.
#[test]
fn wod_end_2_the_last_turn_number_does_not_wrap() {
    let g = game_with(&Config::players(2).with_option("turn_cap", u16::MAX));
    let mut t = blank(&g);
    t.turn = u16::MAX;
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let events = say(&g, &mut s, 0, "grind", &mut picks(&[0]));
    assert_eq!(events.last().unwrap(), "game over: the turn cap");
    assert_eq!(s.turn_number(), u16::MAX);
}

/// WOD-POP-2: a saved row holding more cards than its limit is refused; with Expansion Launch in
/// force the Dungeon row holds 4.
#[test]
fn wod_pop_2_a_saved_row_over_its_limit_is_refused() {
    let g = game(2);
    let mut t = blank(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens", "boar-pasture", "wolf-den", "angry-beehive"]);
    assert_eq!(refusal(&g, &t), invalid("dungeon_row", "4 cards in the Dungeon row, over its limit of 3 (WOD-POP-2)"));
    add_patch(&g, &mut t, &["expansion-launch"]);
    load(&g, &t);
    let mut t = blank(&g);
    set_forum_row(&g, &mut t, &["raid-mom", "guild-dad", "olde-bard", "weekend-wendy"]);
    assert_eq!(refusal(&g, &t), invalid("forum_row", "4 cards in the Forum row, over its limit of 3 (WOD-POP-2)"));
}

/// WOD-RULING-7: a saved guild larger than any guild the cards can reach (10 with the built-in
/// cards: a guild limit of 4 at most, one recruit over it, 5 Trolls) is refused; 10 loads.
#[test]
fn wod_ruling_7_a_saved_guild_larger_than_the_cards_allow_is_refused() {
    let g = game(2);
    let mut t = blank(&g);
    let ids: Vec<String> = g.content().gamers.iter().take(11).map(|x| x.id.clone()).collect();
    let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
    add_guild(&g, &mut t, 0, &ids);
    assert_eq!(
        refusal(&g, &t),
        invalid("seats[0].guild", "11 guildmembers: with these cards no guild can hold more than 10 (WOD-RULING-7)")
    );
    let mut t = blank(&g);
    add_guild(&g, &mut t, 0, &ids[..10]);
    load(&g, &t);
}

/// WOD-WIN-1: 20 VP where the victory check would have ended the game (with the built-in cards
/// only claims change VP, and the check follows every claim) is refused; so is an ending that
/// did not happen, and an empty deck right after the check.
#[test]
fn wod_win_1_a_saved_position_the_victory_check_would_have_ended_is_refused() {
    let g = game(2);
    assert!(!g.content().vp_outside_claims);
    let twenty = ["elder-wyrm", "lich-spire", "warlords-pit", "goblin-warrens"];
    let mut t = blank(&g);
    add_claimed(&g, &mut t, 0, &twenty);
    assert_eq!(
        refusal(&g, &t),
        invalid("seats[0].dungeons", "P1 has 20 VP: the victory check would have ended the game (WOD-WIN-1)")
    );
    t.steps = Stack::new();
    t.over = Some(Ending::EmptyDeck);
    assert_eq!(refusal(&g, &t), invalid("over", "the game ended on an empty deck, but no deck is empty (WOD-WIN-1)"));
    t.forum_discard |= t.forum_deck.unseen;
    t.forum_deck.unseen = CardSet::EMPTY;
    assert_eq!(refusal(&g, &t), invalid("over", "P1 has 20 VP: the victory check ends the game at 20 VP (WOD-WIN-1)"));
    t.over = Some(Ending::Vp);
    load(&g, &t);
    let mut t = blank(&g);
    add_claimed(&g, &mut t, 0, &twenty[..3]);
    t.steps = Stack::new();
    t.over = Some(Ending::Vp);
    assert_eq!(refusal(&g, &t), invalid("over", "the game ended at 20 VP, but the most anyone has is 18 (WOD-WIN-1)"));
    // At the hand limit, right after the check: no deck is empty.
    let mut t = blank(&g);
    add_hand(&g, &mut t, 0, &["energy-drink", "pizza-party", "easy-mode", "lag-spike"]);
    at_phase(&mut t, Phase::Dungeon);
    let each = worlds_engine::flow::Each { current: p(0), left: 1, rest: worlds_engine::PlayerSet::only(p(1)) };
    t.steps.push(Step::HandLimit(each));
    load(&g, &t);
    t.loot_discard |= t.loot_deck;
    t.loot_deck = CardSet::EMPTY;
    assert_eq!(
        refusal(&g, &t),
        invalid("loot_deck", "this deck is empty: the victory check would have ended the game (WOD-WIN-1)")
    );
}

// ================================================================ the stack and the cards of the turn

/// P1 has played AFK on Dad of Three at the Kick step; P2, holding Report to GM, has priority.
fn afk_window(g: &WorldOfDungeons) -> Table {
    let mut t = blank(g);
    add_guild(g, &mut t, 0, &["dad-of-three"]);
    add_hand(g, &mut t, 0, &["afk"]);
    add_hand(g, &mut t, 1, &["report-to-gm"]);
    let mut s = load(g, &t);
    let mut rng = SeededRng::new(0);
    for text in ["play afk", "dad-of-three"] {
        say(g, &mut s, 0, text, &mut rng);
    }
    assert_eq!(decider(g, &s), 1);
    s.table().clone()
}

/// WOD-RESP-4: a saved stack holding one card twice, or its cards out of the order played, is
/// refused.
#[test]
fn wod_resp_4_a_saved_stack_with_a_card_twice_is_refused() {
    let g = game(2);
    let mut t = afk_window(&g);
    t.pending.push(Item::Card { played: 0 });
    assert_eq!(
        refusal(&g, &t),
        invalid("pending[1]", "the cards on the stack lie in the order played, each once (WOD-RESP-4)")
    );
}

/// WOD-RESP-2: a saved stack play could not have built is refused: a window over nothing, an
/// action waiting at a step other than the one after it, a card waiting off the stack, a card being
/// picked with no pick step.
#[test]
fn wod_resp_2_a_saved_stack_that_play_cannot_build_is_refused() {
    let g = game(2);
    let base = afk_window(&g);
    let mut t = base.clone();
    t.pending.clear();
    assert_eq!(
        refusal(&g, &t),
        invalid("steps[1]", "a window is open over nothing: the response stack is empty (WOD-RESP-2)")
    );
    t.pending.push(Item::Kick { gamer: gamer(&g, "dad-of-three") });
    assert_eq!(
        refusal(&g, &t),
        invalid("pending[0]", "a kick waits on the stack only right after the Kick step (WOD-RESP-2)")
    );
    t.pending[0] = Item::Declare;
    assert_eq!(
        refusal(&g, &t),
        invalid("pending[0]", "a raid's declaration waits only before the first roll (WOD-RESP-2)")
    );
    let mut t = base.clone();
    t.pending.insert(0, Item::Declare);
    assert_eq!(
        refusal(&g, &t),
        invalid("pending[0]", "a raid's declaration waits only before the first roll (WOD-RESP-2)")
    );
    let mut t = base.clone();
    t.pending.push(Item::Declare);
    assert_eq!(
        refusal(&g, &t),
        invalid("pending[1]", "only the action that opened the window lies under the cards (WOD-RESP-2)")
    );
    let mut t = base.clone();
    t.steps.pop();
    t.pending.clear();
    assert_eq!(refusal(&g, &t), invalid("played[0].fate", "no card of the turn can have come to this"));
    t.played[0].fate = Fate::Picking;
    assert_eq!(refusal(&g, &t), invalid("played[0].picked", "pick 1 of AFK is made before its turn"));
    t.played[0].picked = Picked::default();
    assert_eq!(refusal(&g, &t), invalid("played[0].fate", "no card of the turn can have come to this"));
    // A card stays attached only to a gamer still in a guild (WOD-EFFECT-5).
    let mut t = base;
    t.steps.pop();
    t.pending.clear();
    t.played[0].fate = Fate::Resolved;
    load(&g, &t);
    free_gamer(&mut t, gamer(&g, "dad-of-three"));
    t.forum_discard.insert(gamer(&g, "dad-of-three"));
    assert_eq!(refusal(&g, &t), invalid("played[0].fate", "no card of the turn can have come to this"));
}

/// WOD-CLAIM-1 (counters at their most): a waiting claim's Loot changes only by the cards played
/// on it; a change no card made (say 127, the most the number holds) is refused.
#[test]
fn wod_claim_1_a_saved_claim_with_loot_no_card_gave_is_refused() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    add_guild(&g, &mut t, 0, &["dad-of-three"]);
    add_hand(&g, &mut t, 1, &["ninja-loot"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let mut rng = crate::raids::dice(&g, &["+2"]);
    crate::raids::declare(&g, &mut s, &["goblin-warrens"], &["goblin-warrens"], &mut rng);
    pass_window(&g, &mut s, &mut rng);
    say(&g, &mut s, 0, "goblin-warrens", &mut rng);
    pass_window(&g, &mut s, &mut rng);
    say(&g, &mut s, 0, "claim", &mut rng);
    let mut t = s.table().clone();
    assert_eq!(t.pending.as_slice(), [Item::Claim { loot: 0 }]);
    for loot in [1, i8::MAX, i8::MIN] {
        t.pending[0] = Item::Claim { loot };
        assert_eq!(
            refusal(&g, &t),
            invalid(
                "pending[0]",
                &format!(
                    "the claim's Loot changed by {loot}, more than the cards played this turn can change it (WOD-CLAIM-1)"
                )
            )
        );
    }
}

// ================================================================ the raid and its counters

/// WOD-RAID-8: a saved raid with a dungeon won before its roll, or a face rolled and left
/// unsettled with no roll waiting, is refused.
#[test]
fn wod_raid_8_a_saved_raid_won_without_a_roll_is_refused() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens", "wolf-den"]);
    add_guild(&g, &mut t, 0, &["dad-of-three", "raid-mom"]);
    for (m, d) in ["goblin-warrens", "wolf-den"].into_iter().enumerate() {
        t.raid.push(Declared { dungeon: dungeon(&g, d), face: None, won: false });
        t.seats[p(0)].guild[m].party = Some(m as u8);
    }
    at_phase(&mut t, Phase::NextRaid);
    load(&g, &t);
    t.raid[0].won = true;
    let reason = "a dungeon is won only after its roll, and only the roll waiting is unsettled (WOD-RAID-8)";
    assert_eq!(refusal(&g, &t), invalid("raid[0]", reason));
    // A roll counts the raid of its party (WOD-RAID-14).
    t.raid[0].face = Some(Face::Number(1));
    t.seats[p(0)].guild[0].raids = 1;
    load(&g, &t);
    t.raid[1].face = Some(Face::Number(1));
    t.seats[p(0)].guild[1].raids = 1;
    assert_eq!(refusal(&g, &t), invalid("raid[1]", reason));
    t.raid[1].won = true;
    assert_eq!(refusal(&g, &t), invalid("raid", "every declared dungeon is won: the claim comes next (WOD-CLAIM-1)"));
    t.raid.push(Declared { dungeon: dungeon(&g, "wolf-den"), face: None, won: false });
    assert_eq!(refusal(&g, &t), invalid("raid[2].dungeon", "a dungeon is declared at most once (WOD-RAID-1)"));
}

/// WOD-RAID-12: a saved raid waiting for its next roll with a party left empty is refused: that
/// party failed as soon as the stack was empty.
#[test]
fn wod_raid_12_a_saved_party_left_empty_is_refused() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    add_guild(&g, &mut t, 0, &["dad-of-three"]);
    t.raid.push(Declared { dungeon: dungeon(&g, "goblin-warrens"), face: None, won: false });
    at_phase(&mut t, Phase::NextRaid);
    assert_eq!(refusal(&g, &t), invalid("raid[0]", "a party left with no members has failed (WOD-RAID-12)"));
    t.seats[p(0)].guild[0].party = Some(0);
    load(&g, &t);
}

/// WOD-RAID-14 (counters at their most): a guildmember raids at most once a turn, so a saved raid
/// count beyond the turns played (say 255, the most the number holds) is refused, and so are more
/// claims than raids; a count that reached 255 over a long game stays there.
#[test]
fn wod_raid_14_a_saved_raid_count_beyond_the_turns_is_refused() {
    let g = game(2);
    let mut t = table(&g);
    t.turn = 5;
    add_guild(&g, &mut t, 0, &["dad-of-three"]);
    t.seats[p(0)].guild[0].raids = 255;
    assert_eq!(
        refusal(&g, &t),
        invalid(
            "seats[0].guild[0].raids",
            "255 raids, at most 4 by now: a guildmember raids at most once a turn (WOD-RAID-14)"
        )
    );
    t.seats[p(0)].guild[0].raids = 4;
    t.seats[p(0)].guild[0].claims = 5;
    assert_eq!(
        refusal(&g, &t),
        invalid(
            "seats[0].guild[0].claims",
            "5 claims after 4 raids: a claim counts only for a guildmember that raided"
        )
    );
    // A long game: 255 raids and claims by turn 300, and one more of each.
    let g = game_with(&Config::players(2).with_option("turn_cap", 400));
    let mut t = table(&g);
    t.turn = 300;
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    add_guild(&g, &mut t, 0, &["dad-of-three"]);
    t.seats[p(0)].guild[0].raids = 255;
    t.seats[p(0)].guild[0].claims = 255;
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let mut rng = crate::raids::dice(&g, &["+2"]);
    crate::raids::declare(&g, &mut s, &["goblin-warrens"], &["goblin-warrens"], &mut rng);
    say(&g, &mut s, 0, "goblin-warrens", &mut rng);
    say(&g, &mut s, 0, "claim", &mut rng);
    let m = s.table().seats[p(0)].guild[0];
    assert_eq!((m.raids, m.claims), (255, 255));
}

/// WOD-RAID-14, WOD-CLAIM-1: a party whose dungeon has been rolled this turn has counted that raid
/// but not yet its claim, so each of its members has claimed fewer times than it raided; a saved
/// position saying otherwise would claim once more than it raided.
#[test]
fn wod_raid_14_a_rolled_party_has_claimed_less_than_it_raided() {
    let g = game(2);
    let mut t = table(&g);
    t.turn = 5;
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    add_guild(&g, &mut t, 0, &["dad-of-three"]);
    t.raid.push(Declared { dungeon: dungeon(&g, "goblin-warrens"), face: Some(Face::Number(1)), won: true });
    t.seats[p(0)].guild[0].party = Some(0);
    t.seats[p(0)].guild[0].raids = 2;
    t.seats[p(0)].guild[0].claims = 1;
    at_phase(&mut t, Phase::Claim);
    let mut s = load(&g, &t);
    let mut rng = crate::raids::dice(&g, &["+2"]);
    say(&g, &mut s, 0, "claim", &mut rng);
    assert_eq!(s.table().seats[p(0)].guild[0].claims, 2);
    t.seats[p(0)].guild[0].claims = 2;
    assert_eq!(
        refusal(&g, &t),
        invalid(
            "seats[0].guild[0].claims",
            "2 claims after 2 raids, one of them rolled this turn and not yet claimed: a claim counts \
             only for a guildmember that raided"
        )
    );
}

/// WOD-HAND-1: a saved hand limit out of its clockwise order is refused.
#[test]
fn wod_hand_1_a_saved_hand_limit_out_of_order_is_refused() {
    let g = game(3);
    let mut t = blank(&g);
    add_hand(&g, &mut t, 0, &["energy-drink", "pizza-party", "easy-mode", "lag-spike"]);
    add_hand(&g, &mut t, 2, &["report-to-gm", "better-offer", "ninja-loot", "item-decay"]);
    at_phase(&mut t, Phase::Dungeon);
    let all_after = |from: usize| (from + 1..3).fold(worlds_engine::PlayerSet::EMPTY, |s, i| s.with(p(i)));
    let each = |current: usize, rest| worlds_engine::flow::Each { current: p(current), left: 1, rest };
    t.steps.push(Step::HandLimit(each(0, all_after(0))));
    load(&g, &t);
    t.steps.pop();
    t.steps.push(Step::HandLimit(each(0, worlds_engine::PlayerSet::EMPTY)));
    assert_eq!(
        refusal(&g, &t),
        invalid("steps[1]", "the players still to discard are those after the current one, clockwise")
    );
    t.steps.pop();
    t.steps.push(Step::HandLimit(each(2, all_after(2))));
    assert_eq!(refusal(&g, &t), invalid("seats[0].hand", "P1 has already discarded down to their hand limit"));
}

// ================================================================ WOD-RULING-5

/// WOD-RULING-5: a row holds no more cards than its limit at any time: when a card lowers the
/// limit (a Stash card of our own that sets the Dungeon row limit to 2), the row sheds its oldest
/// cards to the bottom of its deck at once.
#[test]
fn wod_ruling_5_a_row_sheds_its_oldest_cards_when_its_limit_falls() {
    let extra = "\n[[loot]]\nid = \"small-map\"\nname = \"Small Map\"\nkind = \"stash\"\n\
        stash = [{ is = \"row-limit\", row = \"dungeon\", set = 2 }]\n";
    let mut config = Config::players(2);
    config.content.insert("loot.toml".into(), format!("{}{extra}", worlds_world_of_dungeons::BUILT_IN_LOOT));
    let g = game_with(&config);
    assert!(g.content().row_limits_vary && !game(2).content().row_limits_vary);
    let mut t = blank(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens", "boar-pasture", "wolf-den"]);
    add_hand(&g, &mut t, 0, &["small-map"]);
    at_phase(&mut t, Phase::Stash);
    let mut s = load(&g, &t);
    assert_eq!(
        say(&g, &mut s, 0, "card small-map", &mut SeededRng::new(0)),
        [
            "P1 plays Small Map to their Guild Stash",
            "P1 puts Small Map in their Guild Stash",
            "Goblin Warrens goes to the bottom of the Dungeon deck",
        ]
    );
    assert_eq!(dungeon_row_ids(&g, s.table()), ["boar-pasture", "wolf-den"]);
    assert_eq!(s.table().dungeon_deck.bottom.as_slice(), [dungeon(&g, "goblin-warrens")]);
    assert_eq!(load(&g, s.table()), s);
}

// ================================================================ marks of the turn

/// WOD-TURN-2: at the Kick step a gamer can have joined a guild this turn only as a Troll arriving
/// in phase 1 or by a card played since; a saved joined-this-turn mark with neither is refused.
#[test]
fn wod_turn_2_a_saved_joined_mark_nothing_explains_is_refused() {
    let g = game(2);
    let mut t = blank(&g);
    add_guild(&g, &mut t, 0, &["raid-mom", "guild-dad"]);
    t.seats[p(0)].guild[1].joined = true;
    assert_eq!(
        refusal(&g, &t),
        invalid("seats[0].guild[1].joined", "no gamer has joined a guild yet this turn (WOD-TURN-2)")
    );
    at_phase(&mut t, Phase::Stash);
    load(&g, &t);
}

/// WOD-EFFECT-3: a guildmember is AFK only while the AFK card played on it this turn lasts; a saved
/// AFK mark with no such card is refused.
#[test]
fn wod_effect_3_a_saved_afk_mark_without_its_card_is_refused() {
    let g = game(2);
    let mut t = blank(&g);
    add_guild(&g, &mut t, 0, &["raid-mom"]);
    t.seats[p(0)].guild[0].afk = true;
    assert_eq!(
        refusal(&g, &t),
        invalid("seats[0].guild[0].afk", "no AFK card played this turn took this guildmember away (WOD-EFFECT-3)")
    );
    let afk = take_loot(&g, &mut t, "afk");
    let picked = Picked { gamer: Some(gamer(&g, "raid-mom")), ..Picked::default() };
    t.played.push(played(afk, 1, picked, Fate::Resolved));
    load(&g, &t);
}
