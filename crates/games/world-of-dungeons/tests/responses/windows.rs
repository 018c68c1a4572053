//! WOD-RESP-1 to WOD-RESP-7: when windows open, who holds priority, last in first out.

use super::*;

// ---------------------------------------------------------------- WOD-RESP-1 to WOD-RESP-3

/// WOD-RESP-1: a window opens after a kick, a recruit, a Stash play, the declaration, each roll, a
/// claim and an Effect card played outside a window; a skipped step and a grind open none.
#[test]
fn wod_resp_1_which_actions_open_a_window() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    set_forum_row(&g, &mut t, &["shy-shelby"]);
    add_guild(&g, &mut t, 0, &["dad-of-three", "raid-mom"]);
    add_hand(&g, &mut t, 0, &["guild-banner", "afk"]);
    add_hand(&g, &mut t, 1, &["comfy-slippers"]);
    let mut s = load(&g, &t);
    let mut rng = dice(&g, &["0"]);
    // Kick: a window over the waiting kick.
    assert_eq!(say(&g, &mut s, 0, "raid-mom", &mut rng), ["P1 kicks Raid Mom"]);
    assert_eq!(holder(&s), Some(1));
    assert_eq!(pass_window(&g, &mut s, &mut rng), ["P2 passes", "P1 passes", "Raid Mom leaves P1's guild (kicked)"]);
    assert_eq!(top(&s), Step::Phase(Phase::Recruit));
    // Recruit: a window over the waiting recruit.
    assert_eq!(say(&g, &mut s, 0, "shy-shelby", &mut rng), ["P1 recruits Shy Shelby"]);
    assert_eq!(holder(&s), Some(1));
    assert_eq!(pass_window(&g, &mut s, &mut rng), ["P2 passes", "P1 passes", "Shy Shelby joins P1's guild"]);
    assert_eq!(top(&s), Step::Phase(Phase::Stash));
    // A Stash play: a window over the waiting card.
    assert_eq!(say(&g, &mut s, 0, "card guild-banner", &mut rng), ["P1 plays Guild Banner to their Guild Stash"]);
    assert_eq!(holder(&s), Some(1));
    assert_eq!(
        pass_window(&g, &mut s, &mut rng),
        ["P2 passes", "P1 passes", "P1 puts Guild Banner in their Guild Stash"]
    );
    assert_eq!(top(&s), Step::Phase(Phase::Dungeon));
    // An Effect card at a decision point: a window.
    say(&g, &mut s, 0, "play afk", &mut rng);
    assert_eq!(say(&g, &mut s, 0, "shy-shelby", &mut rng), ["AFK targets Shy Shelby"]);
    assert_eq!(holder(&s), Some(1));
    assert_eq!(pass_window(&g, &mut s, &mut rng), ["P2 passes", "Shy Shelby goes AFK for the turn", "AFK resolves"]);
    assert_eq!(top(&s), Step::Phase(Phase::Dungeon));
    // The declaration: a window.
    declare(&g, &mut s, &["goblin-warrens"], &["goblin-warrens"], &mut rng);
    assert_eq!(s.table().pending.as_slice(), [Item::Declare]);
    assert_eq!(holder(&s), Some(1));
    pass_window(&g, &mut s, &mut rng);
    // The roll: a window.
    say(&g, &mut s, 0, "goblin-warrens", &mut rng);
    assert!(matches!(s.table().pending.as_slice(), [Item::Roll { .. }]));
    assert_eq!(holder(&s), Some(1));
    pass_window(&g, &mut s, &mut rng);
    // The claim: a window.
    say(&g, &mut s, 0, "claim", &mut rng);
    assert_eq!(s.table().pending.as_slice(), [Item::Claim { loot: 0 }]);
    assert_eq!(holder(&s), Some(1));
    pass_window(&g, &mut s, &mut rng);
    assert_eq!(s.table().turn, 2);

    // A grind: no window; and a Troll's forced join: a window, the next player first.
    let mut t = table(&g);
    t.active = p(1);
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    add_hand(&g, &mut t, 0, &["comfy-slippers"]);
    let flamebait = gamer(&g, "flamebait");
    t.forum_discard |= t.forum_deck.unseen;
    t.forum_deck.unseen = CardSet::<1>::from_bits(1 << flamebait);
    t.forum_discard.remove(flamebait);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let events = say(&g, &mut s, 1, "grind", &mut lowest_draws(1));
    assert_eq!(events[..4], ["P2 grinds for Loot", "P2 draws Energy Drink", "P2 draws 1 Loot card", "turn 2: P1"]);
    assert_eq!(events.last().unwrap(), "the Troll Flamebait must join P1's guild");
    assert_eq!(s.table().pending.as_slice(), [Item::Recruit { gamer: flamebait, troll: true, cancelled: false }]);
    assert_eq!(holder(&s), Some(1), "after the Troll's forced join, the player after the active one");
}

/// WOD-RESP-1: a kick is an action that may be answered: it waits on the stack in a window, P2
/// first, and a card played in answer resolves before it (A Better Offer poaches Raid Mom, so the
/// kick finds her gone and does nothing; the Kick step is used all the same).
#[test]
fn wod_resp_1_a_kick_may_be_answered() {
    let g = game(2);
    let mut t = table(&g);
    add_guild(&g, &mut t, 0, &["raid-mom", "guild-dad"]);
    add_hand(&g, &mut t, 1, &["better-offer"]);
    let mut s = load(&g, &t);
    let mut rng = SeededRng::new(0);
    let mom = gamer(&g, "raid-mom");
    assert_eq!(say(&g, &mut s, 0, "raid-mom", &mut rng), ["P1 kicks Raid Mom"]);
    assert_eq!(members(&g, &s, 0), ["raid-mom", "guild-dad"], "the kick waits");
    assert_eq!(serde_json::to_value(&s.table().pending).unwrap(), serde_json::json!([{ "kick": { "gamer": mom } }]));
    assert_eq!(holder(&s), Some(1));
    assert_eq!(legal(&g, &s, 1), ["pass", "pass-turn", "pass-until-my-turn", "play better-offer"]);
    let o = g.observe(&s, Viewer::Spectator);
    assert_eq!(o.step, "Response window after P1's kick of Raid Mom");
    assert_eq!(o.stack[0].what, "P1 kicks Raid Mom");
    say(&g, &mut s, 1, "play better-offer", &mut rng);
    // Both hands are now empty: the window closes at once.
    assert_eq!(
        say(&g, &mut s, 1, "raid-mom", &mut rng),
        [
            "A Better Offer targets Raid Mom",
            "Raid Mom moves from P1's guild to P2's",
            "A Better Offer resolves",
            "Raid Mom has left P1's guild: P1's kick does nothing",
        ]
    );
    assert_eq!(members(&g, &s, 0), ["guild-dad"]);
    assert_eq!(members(&g, &s, 1), ["raid-mom"]);
    assert_eq!(top(&s), Step::Phase(Phase::Recruit), "the Kick step is used");
    assert!(s.table().pending.is_empty());

    // Unanswered, the kick takes effect when the window closes.
    let mut s = load(&g, &t);
    say(&g, &mut s, 0, "raid-mom", &mut rng);
    assert_eq!(pass_window(&g, &mut s, &mut rng), ["P2 passes", "Raid Mom leaves P1's guild (kicked)"]);
    assert_eq!(members(&g, &s, 0), ["guild-dad"]);
    assert_eq!(s.table().forum_discard.bits(), t.forum_discard.bits() | 1 << mom);
    assert_eq!(top(&s), Step::Phase(Phase::Recruit));
}

/// WOD-RESP-1: a Stash play is an action that may be answered: the card leaves the hand face up
/// and waits on the stack in a window; Item Decay played in answer resolves first, so it can take
/// only the Stash card already there, and the new one lands afterwards.
#[test]
fn wod_resp_1_a_stash_play_may_be_answered() {
    let g = game(2);
    let mut t = table(&g);
    add_stash(&g, &mut t, 0, &["guild-banner"]);
    add_hand(&g, &mut t, 0, &["extra-bag"]);
    add_hand(&g, &mut t, 1, &["item-decay"]);
    at_phase(&mut t, Phase::Stash);
    let mut s = load(&g, &t);
    let mut rng = SeededRng::new(0);
    let bag = crate::common::copies(&g, "extra-bag")[0];
    assert_eq!(say(&g, &mut s, 0, "card extra-bag", &mut rng), ["P1 plays Extra Bag Slot to their Guild Stash"]);
    assert_eq!(s.table().seats[p(0)].hand.bits(), 0, "the card left the hand");
    assert_eq!(serde_json::to_value(&s.table().pending).unwrap(), serde_json::json!([{ "stash": { "card": bag } }]));
    assert_eq!(holder(&s), Some(1));
    let o = g.observe(&s, Viewer::Spectator);
    assert_eq!(o.stack[0].what, "P1 plays Extra Bag Slot to their Guild Stash");
    say(&g, &mut s, 1, "play item-decay", &mut rng);
    assert_eq!(
        say(&g, &mut s, 1, "P1", &mut rng),
        [
            "Item Decay targets P1",
            "P1 discards Guild Banner from their Guild Stash",
            "Item Decay resolves",
            "P1 puts Extra Bag Slot in their Guild Stash",
        ]
    );
    assert_eq!(s.table().seats[p(0)].stash.bits(), 1 << bag);
    assert_eq!(top(&s), Step::Phase(Phase::Dungeon), "the Play Stash step is used");
    assert!(s.table().pending.is_empty());
}

/// WOD-RESP-2: the action that opened the window waits under the cards played on it: a Noob taken
/// from the Forum row by Free Trial Invite in answer to a recruit is gone when the recruit
/// resolves, so the recruit does nothing and the step is used.
#[test]
fn wod_resp_2_the_opening_action_takes_effect_after_the_cards_above_it() {
    let g = game(2);
    let mut t = table(&g);
    set_forum_row(&g, &mut t, &["leroy", "shy-shelby"]);
    add_guild(&g, &mut t, 0, &["dad-of-three"]);
    add_hand(&g, &mut t, 1, &["free-trial-invite"]);
    at_phase(&mut t, Phase::Recruit);
    let mut s = load(&g, &t);
    let mut rng = SeededRng::new(0);
    say(&g, &mut s, 0, "leroy", &mut rng);
    assert_eq!(members(&g, &s, 0), ["dad-of-three"], "the recruit waits");
    say(&g, &mut s, 1, "play free-trial-invite", &mut rng);
    say(&g, &mut s, 1, "leroy", &mut rng);
    assert_eq!(
        say(&g, &mut s, 1, "P2", &mut rng),
        [
            "Free Trial Invite targets P2",
            "Leroy joins P2's guild",
            "Free Trial Invite resolves",
            "Leroy has left the Forum row: P1's recruit does nothing"
        ]
    );
    assert_eq!(members(&g, &s, 0), ["dad-of-three"]);
    assert_eq!(members(&g, &s, 1), ["leroy"]);
    assert_eq!(top(&s), Step::Phase(Phase::Stash), "the recruit step is used");
    assert!(s.table().pending.is_empty());
}

/// WOD-RESP-3: priority starts after whoever acted and goes clockwise, so the actor answers last;
/// after a card played in a window, the next player; after a roll, the active player.
#[test]
fn wod_resp_3_priority_order() {
    let g = game(4);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    add_guild(&g, &mut t, 0, &["dad-of-three"]);
    add_hand(&g, &mut t, 0, &["guild-banner"]);
    add_hand(&g, &mut t, 1, &["comfy-slippers"]);
    add_hand(&g, &mut t, 2, &["energy-drink", "costume-wardrobe"]);
    add_hand(&g, &mut t, 3, &["mechanical-keyboard"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let mut rng = dice(&g, &["0"]);
    declare(&g, &mut s, &["goblin-warrens"], &["goblin-warrens"], &mut rng);
    let mut order = Vec::new();
    // The declaration: P2 first; P3 plays a card, then P4, P1, P2 and P3 last.
    order.push(holder(&s).unwrap());
    say(&g, &mut s, 1, "pass", &mut rng);
    order.push(holder(&s).unwrap());
    say(&g, &mut s, 2, "play energy-drink", &mut rng);
    say(&g, &mut s, 2, "goblin-warrens", &mut rng);
    while let Some(h) = holder(&s) {
        order.push(h);
        say(&g, &mut s, h, "pass", &mut rng);
    }
    assert_eq!(order, [1, 2, 3, 0, 1, 2]);
    // The roll: the active player first.
    say(&g, &mut s, 0, "goblin-warrens", &mut rng);
    let mut order = Vec::new();
    while let Some(h) = holder(&s) {
        order.push(h);
        say(&g, &mut s, h, "pass", &mut rng);
    }
    assert_eq!(order, [0, 1, 2, 3]);
    // The claim: the next player first, the claimer last.
    say(&g, &mut s, 0, "claim", &mut rng);
    let mut order = Vec::new();
    while let Some(h) = holder(&s) {
        order.push(h);
        say(&g, &mut s, h, "pass", &mut rng);
    }
    assert_eq!(order, [1, 2, 3, 0]);
}

// ---------------------------------------------------------------- WOD-RESP-4 to WOD-RESP-7

/// WOD-RESP-4: the holder plays one card or passes, and priority moves on either way; whoever
/// played the top card holds priority again once everyone else has passed.
#[test]
fn wod_resp_4_one_card_per_priority_then_priority_moves_on() {
    let g = game(3);
    let mut s = stacked_window(&g);
    let mut rng = SeededRng::new(0);
    assert_eq!(holder(&s), Some(1));
    assert_eq!(legal(&g, &s, 1), ["pass", "pass-turn", "pass-until-my-turn", "play pet-aggro"]);
    assert_eq!(say(&g, &mut s, 1, "play pet-aggro", &mut rng), ["P2 plays Pet Aggro"]);
    assert_eq!(g.turn(&s), Turn::Decide(p(1)), "the card's target is P2's next decision");
    assert_eq!(legal(&g, &s, 1), ["goblin-warrens"]);
    say(&g, &mut s, 1, "goblin-warrens", &mut rng);
    assert_eq!(holder(&s), Some(2), "one card per priority: P3 next");
    say(&g, &mut s, 2, "pass", &mut rng);
    assert_eq!(holder(&s), Some(0));
    say(&g, &mut s, 0, "pass", &mut rng);
    assert_eq!(holder(&s), Some(1), "P2 played the top card and holds priority again");
    assert_eq!(legal(&g, &s, 1), ["pass", "pass-turn", "pass-until-my-turn"], "a Stash card left: asked all the same");
}

/// WOD-RESP-5: the window closes only when every player, the top card's player included, has
/// passed in succession since the top item went on the stack; a card resets the passes.
#[test]
fn wod_resp_5_the_window_closes_when_all_passed_since_the_top_item() {
    let g = game(3);
    let mut s = stacked_window(&g);
    let mut rng = SeededRng::new(0);
    say(&g, &mut s, 1, "pass", &mut rng);
    say(&g, &mut s, 2, "pass", &mut rng);
    assert_eq!(passed(&s), [1, 2]);
    // P1 plays: the passes so far no longer count.
    say(&g, &mut s, 0, "play easy-mode", &mut rng);
    say(&g, &mut s, 0, "goblin-warrens", &mut rng);
    assert_eq!(passed(&s), Vec::<usize>::new());
    assert_eq!(holder(&s), Some(1));
    say(&g, &mut s, 1, "pass", &mut rng);
    say(&g, &mut s, 2, "pass", &mut rng);
    assert_eq!(holder(&s), Some(0), "still open: the top card's player has not passed");
    assert_eq!(say(&g, &mut s, 0, "pass", &mut rng), ["P1 passes", "Easy Mode resolves"]);
    assert_eq!(top(&s), Step::Phase(Phase::NextRaid));
}

/// WOD-RESP-6: the stack resolves last in, first out (P1's Report to GM cancels P2's, so P1's Easy
/// Mode resolves); a reroll's new face is taken as it falls, with no window to answer it.
#[test]
fn wod_resp_6_last_in_first_out_and_no_window_after_a_reroll() {
    let g = game(3);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    add_guild(&g, &mut t, 0, &["dad-of-three"]);
    add_hand(&g, &mut t, 0, &["easy-mode", "report-to-gm"]);
    add_hand(&g, &mut t, 1, &["report-to-gm"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let mut rng = dice(&g, &["-1"]);
    declare(&g, &mut s, &["goblin-warrens"], &["goblin-warrens"], &mut rng);
    pass_window(&g, &mut s, &mut rng);
    // Before the roll P1 plays Easy Mode; P2 reports it; P1 reports the report.
    say(&g, &mut s, 0, "play easy-mode", &mut rng);
    say(&g, &mut s, 0, "goblin-warrens", &mut rng);
    say(&g, &mut s, 1, "play report-to-gm", &mut rng);
    assert_eq!(legal(&g, &s, 1), ["effect 1"]);
    assert_eq!(say(&g, &mut s, 1, "effect 1", &mut rng), ["Report to GM targets Easy Mode"]);
    assert_eq!(holder(&s), Some(0), "P3's empty hand passed on its own");
    say(&g, &mut s, 0, "play report-to-gm", &mut rng);
    assert_eq!(legal(&g, &s, 0), ["effect 1", "effect 2"]);
    assert_eq!(
        say(&g, &mut s, 0, "effect 2", &mut rng),
        [
            "Report to GM targets Report to GM",
            "Report to GM is cancelled",
            "Report to GM resolves",
            "Easy Mode resolves"
        ]
    );
    assert_eq!(fates(&s), [Fate::Resolved, Fate::Cancelled, Fate::Resolved]);
    assert_eq!(top(&s), Step::Phase(Phase::NextRaid));
    assert_eq!(
        say(&g, &mut s, 0, "goblin-warrens", &mut rng)[2],
        "Goblin Warrens: party 4 - 1 = 3 against difficulty 3: success"
    );

    // A reroll: P2 holds Lucky Respawn, but the skull the reroll shows cannot be answered.
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    add_guild(&g, &mut t, 0, &["dad-of-three"]);
    add_hand(&g, &mut t, 0, &["lag-spike"]);
    add_hand(&g, &mut t, 1, &["lucky-respawn"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let mut rng = dice(&g, &["-1", "skull"]);
    declare(&g, &mut s, &["goblin-warrens"], &["goblin-warrens"], &mut rng);
    pass_window(&g, &mut s, &mut rng);
    say(&g, &mut s, 0, "goblin-warrens", &mut rng);
    assert_eq!(holder(&s), Some(0));
    assert_eq!(say(&g, &mut s, 0, "play lag-spike", &mut rng), ["P1 plays Lag Spike"]);
    assert_eq!(legal(&g, &s, 1), ["pass", "pass-turn", "pass-until-my-turn", "play lucky-respawn"]);
    assert_eq!(
        say(&g, &mut s, 1, "pass", &mut rng),
        [
            "P2 passes",
            "the raid die for Goblin Warrens shows skull",
            "Lag Spike resolves",
            "Goblin Warrens: skull, the party wipes"
        ]
    );
    assert_eq!(top(&s), Step::SkullDiscard { at: 0, left: 1 });
    assert_eq!(legal(&g, &s, 1), Vec::<String>::new());
    assert_eq!(hand_size(&s, 1), 1, "Lucky Respawn is still in P2's hand");
}

/// WOD-RESP-7: any number of cards in one window, one per priority, also on top of one's own;
/// each leaves its hand, and nothing is drawn until the stack resolves.
#[test]
fn wod_resp_7_any_number_of_cards_one_each_time_priority_is_held() {
    let g = game(3);
    let mut s = stacked_window(&g);
    let mut rng = SeededRng::new(0);
    say(&g, &mut s, 1, "play pet-aggro", &mut rng);
    say(&g, &mut s, 1, "goblin-warrens", &mut rng);
    say(&g, &mut s, 2, "pass", &mut rng);
    say(&g, &mut s, 0, "play report-to-gm", &mut rng);
    say(&g, &mut s, 0, "effect 1", &mut rng);
    say(&g, &mut s, 1, "pass", &mut rng);
    say(&g, &mut s, 2, "pass", &mut rng);
    // P1 plays again, on top of their own card.
    assert_eq!(holder(&s), Some(0));
    say(&g, &mut s, 0, "play easy-mode", &mut rng);
    say(&g, &mut s, 0, "goblin-warrens", &mut rng);
    assert_eq!((hand_size(&s, 0), hand_size(&s, 1), hand_size(&s, 2)), (0, 1, 1));
    let stacked: Vec<Item> = s.table().pending.to_vec();
    assert_eq!(stacked, [Item::Declare, Item::Card { played: 0 }, Item::Card { played: 1 }, Item::Card { played: 2 }]);
    say(&g, &mut s, 1, "pass", &mut rng);
    // P1's hand is empty: P3's pass closes the window.
    assert_eq!(
        say(&g, &mut s, 2, "pass", &mut rng),
        ["P3 passes", "Easy Mode resolves", "Pet Aggro is cancelled", "Report to GM resolves"]
    );
    assert_eq!(fates(&s), [Fate::Cancelled, Fate::Resolved, Fate::Resolved]);
    assert_eq!((hand_size(&s, 0), hand_size(&s, 1), hand_size(&s, 2)), (0, 1, 1));
    let o = g.observe(&s, Viewer::Spectator);
    assert_eq!((o.raid[0].xp, o.raid[0].difficulty), (4, 3));
}
