//! WOD-GUILD-1, WOD-KICK-*, WOD-RECRUIT-*, WOD-STASH-*: phase 2.

use super::*;

// ================================================================ Phase 2: Guild management

/// WOD-GUILD-1: Kick, Recruit, Play Stash, each at most once and in this order; a step once left
/// is not offered again.
#[test]
fn wod_guild_1_kick_recruit_stash_in_order() {
    let g = game(2);
    let mut t = blank(&g);
    add_guild(&g, &mut t, 0, &["raid-mom", "guild-dad"]);
    set_forum_row(&g, &mut t, &["olde-bard", "weekend-wendy"]);
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    add_hand(&g, &mut t, 0, &["extra-bag", "comfy-slippers"]);
    let mut s = load(&g, &t);
    let mut rng = SeededRng::new(5);
    assert_eq!(decision(&g, &s).0, "WOD-KICK-1");
    assert_eq!(legal(&g, &s, 0), ["raid-mom", "guild-dad", "skip"]);
    play(&g, &mut s, 0, "guild-dad", &mut rng);
    pass_window(&g, &mut s, &mut rng);
    assert_eq!(decision(&g, &s).0, "WOD-RECRUIT-1");
    assert_eq!(legal(&g, &s, 0), ["olde-bard", "weekend-wendy", "skip"], "no second kick");
    refused(&g, &s, 0, "raid-mom", illegal("WOD-RECRUIT-1", "Raid Mom is not in the Forum row"));
    play(&g, &mut s, 0, "olde-bard", &mut rng);
    pass_window(&g, &mut s, &mut rng);
    assert_eq!(decision(&g, &s).0, "WOD-STASH-1");
    assert_eq!(legal(&g, &s, 0), ["card comfy-slippers", "card extra-bag", "skip"], "no second recruit");
    refused(&g, &s, 0, "weekend-wendy", illegal("WOD-TURN-4", "that is not one of the choices now"));
    play(&g, &mut s, 0, "card extra-bag", &mut rng);
    pass_window(&g, &mut s, &mut rng);
    assert_eq!(decision(&g, &s).0, "WOD-DUNG-1");
    assert_eq!(legal(&g, &s, 0), ["grind", "goblin-warrens"]);
}

/// WOD-KICK-1: a kicked guildmember goes to the Forum discard pile, and an Effect card attached to
/// it to the Loot discard pile.
#[test]
fn wod_kick_1_kick_to_the_forum_discard_pile() {
    let g = game(2);
    let mut t = blank(&g);
    add_guild(&g, &mut t, 0, &["raid-mom", "guild-dad"]);
    add_hand(&g, &mut t, 0, &["respec-scroll"]);
    let mut s = load(&g, &t);
    let mut rng = SeededRng::new(5);
    play(&g, &mut s, 0, "play respec-scroll", &mut rng);
    play(&g, &mut s, 0, "raid-mom", &mut rng);
    assert_eq!(
        say(&g, &mut s, 0, "type noob", &mut rng),
        ["Scroll of Respec targets Noob", "Scroll of Respec resolves"]
    );
    assert_eq!(decision(&g, &s).0, "WOD-KICK-1", "the Kick step is asked again after the window");
    assert_eq!(
        say(&g, &mut s, 0, "raid-mom", &mut rng),
        [
            "P1 kicks Raid Mom",
            "Scroll of Respec goes to the Loot discard pile with its gamer",
            "Raid Mom leaves P1's guild (kicked)",
        ]
    );
    let t2 = s.table();
    let respec = copies(&g, "respec-scroll")[0];
    assert_eq!(t2.forum_discard.bits(), 1 << gamer(&g, "raid-mom"));
    assert_eq!(t2.loot_discard.bits(), 1 << respec);
    assert_eq!(t2.played[0].fate, Fate::Detached);
    assert_eq!(guild_ids(&g, t2, 0), ["guild-dad"]);
}

/// WOD-KICK-1: kicking a gamer that is not in one's guild is refused by the kick's own rule,
/// naming the gamer; a guildmember that joined this turn is refused by WOD-KICK-2.
#[test]
fn wod_kick_1_kicking_a_gamer_not_in_your_guild_cites_the_kick() {
    let g = game(2);
    let mut t = blank(&g);
    add_guild(&g, &mut t, 0, &["raid-mom"]);
    add_guild(&g, &mut t, 1, &["guild-dad"]);
    set_forum_row(&g, &mut t, &["olde-bard"]);
    let s = load(&g, &t);
    for id in ["guild-dad", "olde-bard"] {
        let name = &g.content().gamers[usize::from(gamer(&g, id))].name;
        refused(&g, &s, 0, id, illegal("WOD-KICK-1", &format!("{name} is not in your guild")));
    }
}

/// WOD-RECRUIT-1: recruiting a gamer that is not in the Forum row is refused by the recruit's own
/// rule, naming the gamer; a full guild is refused by WOD-RECRUIT-2, with its count.
#[test]
fn wod_recruit_1_recruiting_a_gamer_not_in_the_forum_row_cites_the_recruit() {
    let g = game(2);
    let mut t = blank(&g);
    add_guild(&g, &mut t, 0, &["raid-mom"]);
    set_forum_row(&g, &mut t, &["olde-bard"]);
    at_phase(&mut t, Phase::Recruit);
    let s = load(&g, &t);
    refused(&g, &s, 0, "raid-mom", illegal("WOD-RECRUIT-1", "Raid Mom is not in the Forum row"));
    refused(&g, &s, 0, "leroy", illegal("WOD-RECRUIT-1", "Leroy is not in the Forum row"));
    add_guild(&g, &mut t, 0, &["guild-dad", "weekend-wendy"]);
    let s = load(&g, &t);
    refused(
        &g,
        &s,
        0,
        "olde-bard",
        illegal("WOD-RECRUIT-2", "your guild holds 3 guildmembers, its guild limit: no recruiting"),
    );
}

/// WOD-KICK-2: a guildmember that joined this turn cannot be kicked.
#[test]
fn wod_kick_2_a_gamer_that_joined_this_turn_cannot_be_kicked() {
    let g = game(2);
    let mut t = before_p1_turn(&g);
    add_guild(&g, &mut t, 0, &["raid-mom"]);
    let (s, _) = troll_joined(&g, t);
    assert_eq!(guild_ids(&g, s.table(), 0), ["raid-mom", "flamebait"]);
    assert_eq!(legal(&g, &s, 0), ["raid-mom", "skip"]);
    refused(
        &g,
        &s,
        0,
        "flamebait",
        illegal("WOD-KICK-2", "Flamebait joined your guild this turn and cannot be kicked"),
    );
}

/// WOD-KICK-3: a guild over its limit must kick (Skip is not offered) if any guildmember may be
/// kicked; one kick is all, even if the guild stays over its limit.
#[test]
fn wod_kick_3_over_the_limit_a_kick_is_compulsory() {
    let g = game(2);
    let mut t = blank(&g);
    add_guild(&g, &mut t, 0, &["raid-mom", "guild-dad", "olde-bard", "weekend-wendy", "lunch-break-larry"]);
    set_forum_row(&g, &mut t, &["mobile-mia"]);
    let mut s = load(&g, &t);
    assert_eq!(decision(&g, &s), ("WOD-KICK-3", "P1 must kick a guildmember: the guild is over its limit".into()));
    assert_eq!(legal(&g, &s, 0), ["raid-mom", "guild-dad", "olde-bard", "weekend-wendy", "lunch-break-larry"]);
    refused(&g, &s, 0, "skip", illegal("WOD-KICK-3", "your guild is over its limit: you must kick a guildmember"));
    play(&g, &mut s, 0, "raid-mom", &mut SeededRng::new(0));
    assert_eq!(s.table().seats[p(0)].guild.len(), 4);
    assert_eq!(decision(&g, &s).0, "WOD-RECRUIT-1", "one kick is all");
    assert_eq!(legal(&g, &s, 0), ["skip"]);

    // Over the limit, but every guildmember joined this turn (a Troll arrived, and cards played in
    // its window brought the others): nobody may be kicked, so no kick.
    for m in t.seats[p(0)].guild.iter_mut() {
        m.joined = true;
    }
    t.used.troll_joined = true;
    let s = load(&g, &t);
    assert_eq!(decision(&g, &s).0, "WOD-KICK-1");
    assert_eq!(legal(&g, &s, 0), ["skip"]);
}

/// WOD-KICK-4: a kick waits on the stack (WOD-RESP-2) and the Kick step is used when it is
/// chosen; if its gamer has left the guild when it resolves, it does nothing, and the guild kicks
/// no more that turn, even if it stays over its limit (WOD-KICK-3).
#[test]
fn wod_kick_4_a_kick_waits_and_does_nothing_if_its_gamer_is_gone() {
    let g = game(2);
    let mut t = blank(&g);
    add_guild(&g, &mut t, 0, &["raid-mom", "guild-dad", "olde-bard", "weekend-wendy", "mobile-mia"]);
    add_hand(&g, &mut t, 1, &["better-offer", "invite-declined"]);
    let mut s = load(&g, &t);
    let mut rng = SeededRng::new(0);
    assert_eq!(decision(&g, &s).0, "WOD-KICK-3");
    assert_eq!(say(&g, &mut s, 0, "raid-mom", &mut rng), ["P1 kicks Raid Mom"]);
    assert_eq!(s.table().steps.len(), 2, "a window is open");
    assert_eq!(s.table().steps.bottom(), Some(&Step::Phase(Phase::Recruit)), "the step is used");
    assert_eq!(guild_ids(&g, s.table(), 0).len(), 5, "the kick waits");
    assert_eq!(decider(&g, &s), 1);
    play(&g, &mut s, 1, "play better-offer", &mut rng);
    assert_eq!(say(&g, &mut s, 1, "raid-mom", &mut rng), ["A Better Offer targets Raid Mom"]);
    assert_eq!(
        pass_window(&g, &mut s, &mut rng),
        [
            "P2 passes",
            "Raid Mom moves from P1's guild to P2's",
            "A Better Offer resolves",
            "Raid Mom has left P1's guild: P1's kick does nothing",
        ]
    );
    assert_eq!(guild_ids(&g, s.table(), 0), ["guild-dad", "olde-bard", "weekend-wendy", "mobile-mia"]);
    assert_eq!(guild_ids(&g, s.table(), 1), ["raid-mom"]);
    assert_eq!(s.table().steps.as_slice(), &[Step::Phase(Phase::Recruit)]);
    assert_eq!(decision(&g, &s).0, "WOD-RECRUIT-1", "still over its limit, but one kick is all");
    assert_eq!(legal(&g, &s, 0), ["skip"]);
}

/// WOD-KICK-4: a card played at the Kick step that takes a guildmember away leaves the step
/// unused: it is asked again, compulsory only if the guild is still over its limit.
#[test]
fn wod_kick_4_the_kick_is_asked_again_after_a_window() {
    let g = game(2);
    for (guild, still_over) in [
        (&["raid-mom", "guild-dad", "olde-bard", "weekend-wendy"][..], false),
        (&["raid-mom", "guild-dad", "olde-bard", "weekend-wendy", "mobile-mia"][..], true),
    ] {
        let mut t = blank(&g);
        add_guild(&g, &mut t, 0, guild);
        add_hand(&g, &mut t, 0, &["respec-scroll"]);
        add_hand(&g, &mut t, 1, &["better-offer"]);
        let mut s = load(&g, &t);
        let mut rng = SeededRng::new(0);
        assert_eq!(decision(&g, &s).0, "WOD-KICK-3");
        for step in ["play respec-scroll", "raid-mom", "type leader"] {
            play(&g, &mut s, 0, step, &mut rng);
        }
        play(&g, &mut s, 1, "play better-offer", &mut rng);
        assert_eq!(
            say(&g, &mut s, 1, "guild-dad", &mut rng),
            [
                "A Better Offer targets Guild Dad",
                "Guild Dad moves from P1's guild to P2's",
                "A Better Offer resolves",
                "Scroll of Respec resolves",
            ]
        );
        assert_eq!(guild_ids(&g, s.table(), 1), ["guild-dad"]);
        assert_eq!(s.table().steps.as_slice(), &[Step::Phase(Phase::Kick)], "the step is not used up");
        let mut want: Vec<String> = guild.iter().filter(|id| **id != "guild-dad").map(|id| (*id).to_owned()).collect();
        if still_over {
            assert_eq!(decision(&g, &s).0, "WOD-KICK-3");
        } else {
            assert_eq!(decision(&g, &s).0, "WOD-KICK-1");
            want.push("skip".into());
        }
        assert_eq!(legal(&g, &s, 0), want);
    }
}

/// WOD-RECRUIT-1: a recruited gamer leaves the Forum row (the rest keeps its order) once the
/// window closes; a cancelled recruit, or one whose gamer has left the row, does nothing and still
/// uses up the step.
#[test]
fn wod_recruit_1_recruit_cancelled_recruit_and_a_gamer_gone() {
    let g = game(2);
    let mut t = blank(&g);
    set_forum_row(&g, &mut t, &["olde-bard", "weekend-wendy", "leroy"]);
    add_hand(&g, &mut t, 0, &["comfy-slippers"]);
    at_phase(&mut t, Phase::Recruit);

    let mut t1 = t.clone();
    add_hand(&g, &mut t1, 1, &["guild-banner"]);
    let mut s = load(&g, &t1);
    let mut rng = SeededRng::new(0);
    assert_eq!(say(&g, &mut s, 0, "weekend-wendy", &mut rng), ["P1 recruits Weekend Wendy"]);
    assert_eq!(forum_row_ids(&g, s.table()), ["olde-bard", "weekend-wendy", "leroy"], "it waits");
    assert_eq!(pass_window(&g, &mut s, &mut rng), ["P2 passes", "P1 passes", "Weekend Wendy joins P1's guild"]);
    assert_eq!(forum_row_ids(&g, s.table()), ["olde-bard", "leroy"]);
    assert_eq!(guild_ids(&g, s.table(), 0), ["weekend-wendy"]);
    assert_eq!(s.table().steps.as_slice(), &[Step::Phase(Phase::Stash)]);

    let mut t2 = t.clone();
    add_hand(&g, &mut t2, 1, &["invite-declined"]);
    let mut s = load(&g, &t2);
    play(&g, &mut s, 0, "weekend-wendy", &mut rng);
    assert_eq!(say(&g, &mut s, 1, "play invite-declined", &mut rng), ["P2 plays Invite Declined"]);
    assert_eq!(
        say(&g, &mut s, 0, "pass", &mut rng),
        ["P1 passes", "Invite Declined resolves", "P1's recruit of Weekend Wendy is cancelled"]
    );
    assert_eq!(forum_row_ids(&g, s.table()), ["olde-bard", "weekend-wendy", "leroy"]);
    assert!(s.table().seats[p(0)].guild.is_empty());
    assert_eq!(s.table().steps.as_slice(), &[Step::Phase(Phase::Stash)], "the step is used up");

    let mut t3 = t.clone();
    add_hand(&g, &mut t3, 1, &["free-trial-invite"]);
    let mut s = load(&g, &t3);
    play(&g, &mut s, 0, "leroy", &mut rng);
    play(&g, &mut s, 1, "play free-trial-invite", &mut rng);
    play(&g, &mut s, 1, "leroy", &mut rng);
    play(&g, &mut s, 1, "P2", &mut rng);
    assert_eq!(
        say(&g, &mut s, 0, "pass", &mut rng),
        [
            "P1 passes",
            "Leroy joins P2's guild",
            "Free Trial Invite resolves",
            "Leroy has left the Forum row: P1's recruit does nothing"
        ],
        "P1's recruit then finds Leroy gone and does nothing"
    );
    assert!(s.table().seats[p(0)].guild.is_empty());
    assert_eq!(guild_ids(&g, s.table(), 1), ["leroy"]);
    assert_eq!(s.table().steps.as_slice(), &[Step::Phase(Phase::Stash)]);
}

/// WOD-RECRUIT-2: recruiting only while the guild holds fewer guildmembers than its guild limit
/// (3, unless a card changes it).
#[test]
fn wod_recruit_2_only_under_the_guild_limit() {
    let g = game(2);
    let mut t = blank(&g);
    add_guild(&g, &mut t, 0, &["raid-mom", "guild-dad", "olde-bard"]);
    set_forum_row(&g, &mut t, &["weekend-wendy"]);
    at_phase(&mut t, Phase::Recruit);
    let s = load(&g, &t);
    assert_eq!(legal(&g, &s, 0), ["skip"]);
    refused(
        &g,
        &s,
        0,
        "weekend-wendy",
        illegal("WOD-RECRUIT-2", "your guild holds 3 guildmembers, its guild limit: no recruiting"),
    );
    add_stash(&g, &mut t, 0, &["guild-hall-upgrade"]);
    let s = load(&g, &t);
    assert_eq!(legal(&g, &s, 0), ["weekend-wendy", "skip"], "Guild Hall Upgrade: a guild limit of 4");
}

/// WOD-RECRUIT-3: no recruiting in a turn in which a Troll joined in phase 1.
#[test]
fn wod_recruit_3_no_recruit_after_a_troll_joined() {
    let g = game(2);
    let mut t = before_p1_turn(&g);
    add_guild(&g, &mut t, 0, &["raid-mom"]);
    set_forum_row(&g, &mut t, &["weekend-wendy"]);
    let (mut s, mut rng) = troll_joined(&g, t);
    play(&g, &mut s, 0, "skip", &mut rng);
    assert_eq!(s.table().seats[p(0)].guild.len(), 2, "under the limit");
    assert_eq!(legal(&g, &s, 0), ["skip"]);
    refused(&g, &s, 0, "weekend-wendy", illegal("WOD-RECRUIT-3", "a Troll joined your guild this turn: no recruiting"));
}

/// WOD-RECRUIT-4: the guild limit never stops a Troll, but it does stop a card that says so (Free
/// Trial Invite joins only a guild under its limit).
#[test]
fn wod_recruit_4_the_limit_binds_cards_not_trolls() {
    let g = game(2);
    let mut t = before_p1_turn(&g);
    add_guild(&g, &mut t, 0, &["raid-mom", "guild-dad", "olde-bard"]);
    add_guild(&g, &mut t, 1, &["lady-moonwhisper", "sir-reginald"]);
    set_forum_row(&g, &mut t, &["newbie-ned", "weekend-wendy"]);
    add_hand(&g, &mut t, 0, &["comfy-slippers"]);
    add_hand(&g, &mut t, 1, &["free-trial-invite"]);
    let (mut s, _, mut rng) = p2_grinds(&g, &t, "goblin-warrens", "flamebait");
    play(&g, &mut s, 1, "play free-trial-invite", &mut rng);
    play(&g, &mut s, 1, "newbie-ned", &mut rng);
    assert_eq!(legal(&g, &s, 1), ["P2"], "P1's full guild is no target");
    play(&g, &mut s, 1, "P2", &mut rng);
    assert_eq!(
        pass_window(&g, &mut s, &mut rng),
        [
            "P1 passes",
            "P2 passes",
            "Newbie Ned joins P2's guild",
            "Free Trial Invite resolves",
            "Flamebait joins P1's guild",
        ]
    );
    assert_eq!(guild_ids(&g, s.table(), 0), ["raid-mom", "guild-dad", "olde-bard", "flamebait"]);
    assert_eq!(guild_ids(&g, s.table(), 1), ["lady-moonwhisper", "sir-reginald", "newbie-ned"]);
}

/// WOD-STASH-1: one Stash card a turn, from hand into the Guild Stash once its window closes
/// (WOD-RESP-1).
#[test]
fn wod_stash_1_one_stash_card_a_turn() {
    let g = game(2);
    let mut t = blank(&g);
    add_hand(&g, &mut t, 0, &["extra-bag", "guild-hall-upgrade", "easy-mode"]);
    add_hand(&g, &mut t, 1, &["report-to-gm"]);
    at_phase(&mut t, Phase::Stash);
    let mut s = load(&g, &t);
    assert_eq!(legal(&g, &s, 0), ["card extra-bag", "card guild-hall-upgrade", "skip"]);
    refused(&g, &s, 0, "card easy-mode", illegal("WOD-STASH-1", "Easy Mode is not a Stash card"));
    let mut rng = SeededRng::new(0);
    assert_eq!(say(&g, &mut s, 0, "card extra-bag", &mut rng), ["P1 plays Extra Bag Slot to their Guild Stash"]);
    assert_eq!(
        pass_window(&g, &mut s, &mut rng),
        ["P2 passes", "P1 passes", "P1 puts Extra Bag Slot in their Guild Stash"]
    );
    let t2 = s.table();
    assert_eq!(t2.seats[p(0)].stash.bits(), 1 << copies(&g, "extra-bag")[0]);
    assert_eq!(t2.steps.as_slice(), &[Step::Phase(Phase::Dungeon)]);
    refused(
        &g,
        &s,
        0,
        "card guild-hall-upgrade",
        illegal("WOD-STASH-2", "a Stash card is played only at the Play Stash step, one a turn"),
    );
}

/// WOD-STASH-2: Stash cards are played at the Play Stash step only; one in a Guild Stash works
/// for the rest of the game, is attached to no gamer, and leaves only when a card says so.
#[test]
fn wod_stash_2_a_stash_card_works_until_a_card_removes_it() {
    let g = game(2);
    let mut t = blank(&g);
    add_guild(&g, &mut t, 0, &["raid-mom"]);
    add_hand(&g, &mut t, 0, &["guild-hall-upgrade", "comfy-slippers", "pizza-party", "lag-spike"]);
    add_stash(&g, &mut t, 0, &["extra-bag"]);
    add_hand(&g, &mut t, 1, &["item-decay", "guild-banner"]);
    let mut s = load(&g, &t);
    let mut rng = SeededRng::new(3);
    refused(
        &g,
        &s,
        0,
        "card guild-hall-upgrade",
        illegal("WOD-STASH-2", "a Stash card is played only at the Play Stash step, one a turn"),
    );
    // A kick leaves the Guild Stash alone: nothing is attached.
    play(&g, &mut s, 0, "raid-mom", &mut rng);
    pass_window(&g, &mut s, &mut rng);
    assert_eq!(s.table().seats[p(0)].stash.bits(), 1 << copies(&g, "extra-bag")[0]);
    play(&g, &mut s, 0, "skip", &mut rng);
    play(&g, &mut s, 0, "skip", &mut rng);
    // Extra Bag Slot: a hand limit of 4, so 5 cards discard 1.
    let t1 = s.table().clone();
    let (d, x) = (dungeon(&g, "goblin-warrens"), gamer(&g, "weekend-wendy"));
    play(&g, &mut s, 0, "grind", &mut script(grind_then_populate(&t1, lowest_loot(&t1), d, x)));
    assert_eq!(decision(&g, &s), ("WOD-HAND-1", "P1 discards down to the hand limit (1 to go)".into()));
    play(&g, &mut s, 0, "card comfy-slippers", &mut rng);
    assert_eq!(s.table().active, p(1));
    // P2's turn: Item Decay takes it out.
    play(&g, &mut s, 1, "play item-decay", &mut rng);
    assert_eq!(say(&g, &mut s, 1, "P1", &mut rng), ["Item Decay targets P1"]);
    assert_eq!(
        pass_window(&g, &mut s, &mut rng),
        ["P1 passes", "P2 passes", "P1 discards Extra Bag Slot from their Guild Stash", "Item Decay resolves"]
    );
    assert_eq!(s.table().seats[p(0)].stash.bits(), 0);
    assert!(s.table().loot_discard.bits() & (1 << copies(&g, "extra-bag")[0]) != 0);
    assert_eq!(obs(&g, &s, 0).seats[0].hand_limit, 3);
}
