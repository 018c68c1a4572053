//! WOD-DUNG-1, WOD-GRIND-1, WOD-RAID-1 to WOD-RAID-7: grinding, declaring dungeons and parties.

use super::*;

// ---------------------------------------------------------------- WOD-DUNG-1, WOD-GRIND-1

/// WOD-DUNG-1: the active player grinds or raids, exactly one; raiding is offered only when a
/// legal declaration exists, and choosing a dungeon leaves grinding behind.
#[test]
fn wod_dung_1_grind_or_raid_and_raid_only_when_a_declaration_exists() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["troll-bridge", "tutorial-island", "goblin-warrens"]);
    at_phase(&mut t, Phase::Dungeon);
    // An empty guild can declare nothing: grinding is all.
    let s = load(&g, &t);
    assert_eq!(legal(&g, &s, 0), ["grind"]);
    assert_eq!(g.decision(&s).rule, "WOD-DUNG-1");
    assert_eq!(g.decision(&s).text, "P1 grinds or declares a raid");
    // A Casual meets neither the Troll nor the Noob requirement: only Goblin Warrens (`*`).
    add_guild(&g, &mut t, 0, &["dad-of-three"]);
    let mut s = load(&g, &t);
    assert_eq!(legal(&g, &s, 0), ["grind", "goblin-warrens"]);
    let e = refused(&g, &s, 0, "troll-bridge");
    assert_eq!(
        (e.rule, e.message.as_str()),
        ("WOD-RAID-3", "Troll Bridge needs a Troll: you have no Troll who may raid it")
    );
    // Choosing a dungeon is raiding: no grind any more.
    assert_eq!(say(&g, &mut s, 0, "goblin-warrens", &mut SeededRng::new(0)), ["P1 declares a raid on Goblin Warrens"]);
    assert_eq!(legal(&g, &s, 0), ["done"]);
    let e = refused(&g, &s, 0, "grind");
    assert_eq!(
        (e.rule, e.message.as_str()),
        ("WOD-RAID-5", "you declared a raid: you are committed to it and cannot grind")
    );
}

/// WOD-GRIND-1: grinding draws one Loot card (named to its drawer, counted for the others) and
/// ends phase 3; the next turn starts without a Loot draw.
#[test]
fn wod_grind_1_grinding_draws_one_loot_card() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    add_guild(&g, &mut t, 0, &["dad-of-three"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let deck = s.table().loot_deck.bits();
    let events = say(&g, &mut s, 0, "grind", &mut lowest_draws(1));
    assert_eq!(events[..4], ["P1 grinds for Loot", "P1 draws Energy Drink", "P1 draws 1 Loot card", "turn 2: P2"]);
    assert_eq!(loot_ids(&g, s.table().seats[p(0)].hand.bits()), ["energy-drink"]);
    assert_eq!(s.table().seats[p(0)].hand.bits(), 1, "the lowest card of the deck, card 0");
    assert_eq!(s.table().loot_deck.bits(), deck & !1);
    // Nothing else drew Loot: P2's turn began with an empty hand.
    assert_eq!(s.table().seats[p(1)].hand.bits(), 0);
    assert!(!events.iter().any(|e| e.starts_with("P2 draws")), "{events:?}");
    assert_eq!(dungeon_row(&g, &s)[0], "goblin-warrens", "nothing was raided");
}

// ---------------------------------------------------------------- WOD-RAID-1 to WOD-RAID-7

/// WOD-RAID-1: dungeons are declared one per decision, then Done; only a dungeon with which the
/// declaration can still be completed is offered (one guildmember cannot fill two parties).
#[test]
fn wod_raid_1_declare_one_dungeon_per_decision_without_dead_ends() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens", "tutorial-island", "troll-bridge"]);
    at_phase(&mut t, Phase::Dungeon);
    let base = t.clone();
    // Leroy (a Noob) alone: either dungeon he can meet, but never both.
    add_guild(&g, &mut t, 0, &["leroy"]);
    let mut s = load(&g, &t);
    assert_eq!(legal(&g, &s, 0), ["grind", "goblin-warrens", "tutorial-island"]);
    say(&g, &mut s, 0, "goblin-warrens", &mut SeededRng::new(0));
    assert_eq!(g.decision(&s).rule, "WOD-RAID-1");
    assert_eq!(g.decision(&s).text, "P1 declares another dungeon or is done");
    assert_eq!(legal(&g, &s, 0), ["done"]);
    assert_eq!(refused(&g, &s, 0, "tutorial-island").rule, "WOD-RAID-2");
    // With a second guildmember the Noob's dungeon can be added, and then nothing more.
    let mut t = base;
    add_guild(&g, &mut t, 0, &["leroy", "dad-of-three"]);
    let mut s = load(&g, &t);
    say(&g, &mut s, 0, "goblin-warrens", &mut SeededRng::new(0));
    assert_eq!(legal(&g, &s, 0), ["tutorial-island", "done"]);
    assert_eq!(
        say(&g, &mut s, 0, "tutorial-island", &mut SeededRng::new(0)),
        ["P1 declares a raid on Tutorial Island"]
    );
    assert_eq!(legal(&g, &s, 0), ["done"]);
    let declared: Vec<u8> = s.table().raid.iter().map(|d| d.dungeon).collect();
    assert_eq!(declared, [dungeon(&g, "goblin-warrens"), dungeon(&g, "tutorial-island")]);
}

/// WOD-RAID-2: each guildmember goes into at most one party or stays out, every declared dungeon
/// gets at least one, a party has no upper size; a choice that would leave a party empty or a
/// requirement unmet is not offered.
#[test]
fn wod_raid_2_parties_member_by_member_without_dead_ends() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens", "tutorial-island"]);
    at_phase(&mut t, Phase::Dungeon);
    let base = t.clone();
    // Two members, two dungeons, one needing the Noob: one way only.
    add_guild(&g, &mut t, 0, &["dad-of-three", "leroy"]);
    let mut s = load(&g, &t);
    say(&g, &mut s, 0, "goblin-warrens", &mut SeededRng::new(0));
    say(&g, &mut s, 0, "tutorial-island", &mut SeededRng::new(0));
    say(&g, &mut s, 0, "done", &mut SeededRng::new(0));
    assert_eq!(g.decision(&s).rule, "WOD-RAID-2");
    assert_eq!(g.decision(&s).text, "P1 puts Dad of Three in a party or leaves them out");
    assert_eq!(legal(&g, &s, 0), ["goblin-warrens"]);
    let e = refused(&g, &s, 0, "out");
    assert_eq!(
        (e.rule, e.message.as_str()),
        (
            "WOD-RAID-2",
            "that party would leave the declaration impossible to complete (requirements, will not play with)"
        )
    );
    assert_eq!(say(&g, &mut s, 0, "goblin-warrens", &mut SeededRng::new(0)), ["Dad of Three raids Goblin Warrens"]);
    assert_eq!(legal(&g, &s, 0), ["tutorial-island"]);
    assert_eq!(say(&g, &mut s, 0, "tutorial-island", &mut SeededRng::new(0)), ["Leroy raids Tutorial Island"]);
    assert_eq!(top(&s), Step::Phase(Phase::NextRaid));
    // Three members, one dungeon: any may stay out until the last would leave it empty.
    let mut t = base;
    add_guild(&g, &mut t, 0, &["dad-of-three", "raid-mom", "no-life-nate"]);
    let mut s = load(&g, &t);
    say(&g, &mut s, 0, "goblin-warrens", &mut SeededRng::new(0));
    say(&g, &mut s, 0, "done", &mut SeededRng::new(0));
    assert_eq!(legal(&g, &s, 0), ["goblin-warrens", "out"]);
    assert_eq!(say(&g, &mut s, 0, "out", &mut SeededRng::new(0)), ["Dad of Three stays out"]);
    assert_eq!(legal(&g, &s, 0), ["goblin-warrens", "out"]);
    say(&g, &mut s, 0, "out", &mut SeededRng::new(0));
    assert_eq!(legal(&g, &s, 0), ["goblin-warrens"]);
    say(&g, &mut s, 0, "goblin-warrens", &mut SeededRng::new(0));
    let parties: Vec<Option<u8>> = s.table().seats[p(0)].guild.iter().map(|m| m.party).collect();
    assert_eq!(parties, [None, None, Some(0)]);
    // No upper size: all three may raid it.
    let mut s2 = load(&g, &{
        let mut t = table(&g);
        set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
        add_guild(&g, &mut t, 0, &["dad-of-three", "raid-mom", "no-life-nate"]);
        at_phase(&mut t, Phase::Dungeon);
        t
    });
    declare(&g, &mut s2, &["goblin-warrens"], &["goblin-warrens", "goblin-warrens"], &mut SeededRng::new(0));
    assert_eq!(legal(&g, &s2, 0), ["goblin-warrens", "out"]);
    say(&g, &mut s2, 0, "goblin-warrens", &mut SeededRng::new(0));
    let parties: Vec<Option<u8>> = s2.table().seats[p(0)].guild.iter().map(|m| m.party).collect();
    assert_eq!(parties, [Some(0), Some(0), Some(0)]);
}

/// WOD-RAID-3: each type of a requirement needs a member of that type in the party (`counts-as`
/// counts); `*` needs nothing; a two-type requirement needs both.
#[test]
fn wod_raid_3_requirements_by_type_and_counts_as() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["sunken-crypt", "bandit-hideout", "haunted-orchard"]);
    at_phase(&mut t, Phase::Dungeon);
    let base = t.clone();
    // King Aldric is a Roleplayer who counts as a Leader.
    add_guild(&g, &mut t, 0, &["king-aldric"]);
    let s = load(&g, &t);
    assert_eq!(legal(&g, &s, 0), ["grind", "sunken-crypt", "haunted-orchard"]);
    // Another Roleplayer does not meet the Leader requirement.
    let mut t = base;
    add_guild(&g, &mut t, 0, &["lorekeeper-lyra"]);
    let s = load(&g, &t);
    assert_eq!(legal(&g, &s, 0), ["grind", "haunted-orchard"]);
    // Elder Wyrm needs a Leader and a Hardcore: both must raid it.
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["elder-wyrm"]);
    at_phase(&mut t, Phase::Dungeon);
    let base = t.clone();
    add_guild(&g, &mut t, 0, &["raid-mom", "no-life-nate"]);
    let mut s = load(&g, &t);
    assert_eq!(legal(&g, &s, 0), ["grind", "elder-wyrm"]);
    say(&g, &mut s, 0, "elder-wyrm", &mut SeededRng::new(0));
    say(&g, &mut s, 0, "done", &mut SeededRng::new(0));
    assert_eq!(legal(&g, &s, 0), ["elder-wyrm"]);
    say(&g, &mut s, 0, "elder-wyrm", &mut SeededRng::new(0));
    assert_eq!(legal(&g, &s, 0), ["elder-wyrm"]);
    let mut t = base;
    add_guild(&g, &mut t, 0, &["raid-mom", "dad-of-three"]);
    let s = load(&g, &t);
    assert_eq!(legal(&g, &s, 0), ["grind"]);
}

/// WOD-RAID-4: two guildmembers one of which will not play with the other never share a party,
/// yet may raid two dungeons side by side; a skill or dungeon that bars a gamer keeps it out.
#[test]
fn wod_raid_4_will_not_play_pairs_raid_apart_and_bars_keep_gamers_out() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens", "wolf-den"]);
    add_guild(&g, &mut t, 0, &["lady-moonwhisper", "gankz"]);
    at_phase(&mut t, Phase::Dungeon);
    let start = load(&g, &t);
    // One dungeon: once Lady Moonwhisper is in, Gankz can only stay out.
    let mut s = start.clone();
    say(&g, &mut s, 0, "goblin-warrens", &mut SeededRng::new(0));
    say(&g, &mut s, 0, "done", &mut SeededRng::new(0));
    assert_eq!(legal(&g, &s, 0), ["goblin-warrens", "out"]);
    say(&g, &mut s, 0, "goblin-warrens", &mut SeededRng::new(0));
    assert_eq!(legal(&g, &s, 0), ["out"]);
    assert_eq!(refused(&g, &s, 0, "goblin-warrens").rule, "WOD-RAID-2");
    // Two dungeons: they raid separately.
    let mut s = start;
    declare(&g, &mut s, &["goblin-warrens", "wolf-den"], &[], &mut SeededRng::new(0));
    assert_eq!(legal(&g, &s, 0), ["goblin-warrens", "wolf-den"]);
    say(&g, &mut s, 0, "goblin-warrens", &mut SeededRng::new(0));
    assert_eq!(legal(&g, &s, 0), ["wolf-den"]);
    say(&g, &mut s, 0, "wolf-den", &mut SeededRng::new(0));
    let parties: Vec<Option<u8>> = s.table().seats[p(0)].guild.iter().map(|m| m.party).collect();
    assert_eq!(parties, [Some(0), Some(1)]);
    // Weekend Wendy cannot raid Boss dungeons; Slime Pits bars Noobs.
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["troll-bridge", "slime-pits"]);
    add_guild(&g, &mut t, 0, &["weekend-wendy", "flamebait", "leroy"]);
    at_phase(&mut t, Phase::Dungeon);
    let start = load(&g, &t);
    let mut s = start.clone();
    declare(&g, &mut s, &["troll-bridge"], &[], &mut SeededRng::new(0));
    assert_eq!(legal(&g, &s, 0), ["out"], "Wendy cannot raid a Boss dungeon");
    let mut s = start;
    declare(&g, &mut s, &["slime-pits"], &["slime-pits", "out"], &mut SeededRng::new(0));
    assert_eq!(legal(&g, &s, 0), ["out"], "Slime Pits bars Noobs");
}

/// WOD-RAID-5: the first dungeon commits the player, and the requirement is checked when the
/// parties are declared, never again: a Leader respecced into a Hardcore in the declaration's
/// window does not stop the raid on a dungeon that needs a Leader.
#[test]
fn wod_raid_5_committed_and_requirements_checked_only_at_the_start() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["sunken-crypt"]);
    add_guild(&g, &mut t, 0, &["spreadsheet-sally", "dad-of-three"]);
    add_hand(&g, &mut t, 1, &["respec-scroll"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let mut rng = dice(&g, &["0"]);
    say(&g, &mut s, 0, "sunken-crypt", &mut rng);
    assert_eq!(legal(&g, &s, 0), ["done"], "committed: no grind, nothing to take back");
    say(&g, &mut s, 0, "done", &mut rng);
    assert_eq!(legal(&g, &s, 0), ["sunken-crypt"], "Sally is the only Leader");
    say(&g, &mut s, 0, "sunken-crypt", &mut rng);
    say(&g, &mut s, 0, "sunken-crypt", &mut rng);
    // The declaration's window: P2 turns Sally into a Hardcore.
    assert_eq!(holder(&s), Some(1));
    say(&g, &mut s, 1, "play respec-scroll", &mut rng);
    assert_eq!(say(&g, &mut s, 1, "spreadsheet-sally", &mut rng), ["Scroll of Respec targets Spreadsheet Sally"]);
    // Both hands are now empty: both pass on their own and the stack resolves.
    assert_eq!(
        say(&g, &mut s, 1, "type hardcore", &mut rng),
        ["Scroll of Respec targets Hardcore", "Scroll of Respec resolves"]
    );
    let o = g.observe(&s, Viewer::Spectator);
    assert_eq!(o.raid[0].party, ["Spreadsheet Sally", "Dad of Three"]);
    // The raid goes on without a Leader.
    assert_eq!(legal(&g, &s, 0), ["sunken-crypt"]);
    assert_eq!(
        say(&g, &mut s, 0, "sunken-crypt", &mut rng),
        [
            "raiding Sunken Crypt",
            "the raid die for Sunken Crypt shows 0",
            "Sunken Crypt: party 6 + 0 = 6 against difficulty 5: success"
        ]
    );
    assert_eq!(legal(&g, &s, 0), ["claim"]);
}

/// WOD-RAID-6: after the declaration's window the active player picks which unraided dungeon is
/// raided next, in any order, and is asked even when one is left.
#[test]
fn wod_raid_6_the_next_dungeon_is_chosen_even_when_one_is_left() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens", "boar-pasture"]);
    add_guild(&g, &mut t, 0, &["dad-of-three", "raid-mom"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let mut rng = dice(&g, &["0", "0"]);
    declare(&g, &mut s, &["goblin-warrens", "boar-pasture"], &["goblin-warrens", "boar-pasture"], &mut rng);
    assert_eq!(top(&s), Step::Phase(Phase::NextRaid));
    assert_eq!(g.decision(&s).rule, "WOD-RAID-6");
    assert_eq!(g.decision(&s).text, "P1 chooses the next dungeon to raid");
    assert_eq!(legal(&g, &s, 0), ["goblin-warrens", "boar-pasture"]);
    // The second declared goes first.
    assert_eq!(
        say(&g, &mut s, 0, "boar-pasture", &mut rng),
        [
            "raiding Boar Pasture",
            "the raid die for Boar Pasture shows 0",
            "Boar Pasture: party 3 + 0 = 3 against difficulty 2: success"
        ]
    );
    assert_eq!(g.turn(&s), Turn::Decide(p(0)));
    assert_eq!(g.decision(&s).rule, "WOD-RAID-6");
    assert_eq!(legal(&g, &s, 0), ["goblin-warrens"]);
    say(&g, &mut s, 0, "goblin-warrens", &mut rng);
    assert_eq!(legal(&g, &s, 0), ["claim"]);
}

/// WOD-RAID-7: a party's experience is its members' current experience plus modifiers on the
/// party; it may be below 0 (a member's never is).
#[test]
fn wod_raid_7_party_experience_sums_current_values_and_may_be_negative() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["escort-quest"]);
    at_phase(&mut t, Phase::Dungeon);
    let base = t.clone();
    // Raid Mom 3; Leroy 1 + 1 (Raid Mom) + 1 (Escort Quest: Noobs +1 here) = 3; Leroy's party −2 in
    // Boss dungeons: 3 + 3 − 2 = 4.
    add_guild(&g, &mut t, 0, &["raid-mom", "leroy"]);
    let mut s = load(&g, &t);
    let mut rng = dice(&g, &["+2"]);
    declare(&g, &mut s, &["escort-quest"], &["escort-quest", "escort-quest"], &mut rng);
    assert_eq!(xp_now(&g, &s, 0, "leroy"), 3);
    assert_eq!(xp_now(&g, &s, 0, "raid-mom"), 3);
    assert_eq!(g.observe(&s, Viewer::Spectator).raid[0].xp, 4);
    let events = say(&g, &mut s, 0, "escort-quest", &mut rng);
    assert_eq!(events[2], "The Escort Quest: party 4 + 2 = 6 against difficulty 7: failure");
    // Pull-It-All Paul alone: 0 + 1 (Escort Quest) − 2 (his party in a Boss dungeon) = −1.
    let mut t = base;
    add_guild(&g, &mut t, 0, &["pull-it-all-paul"]);
    let mut s = load(&g, &t);
    let mut rng = dice(&g, &["+2"]);
    declare(&g, &mut s, &["escort-quest"], &["escort-quest"], &mut rng);
    assert_eq!(xp_now(&g, &s, 0, "pull-it-all-paul"), 1);
    assert_eq!(g.observe(&s, Viewer::Spectator).raid[0].xp, -1);
    let events = say(&g, &mut s, 0, "escort-quest", &mut rng);
    assert_eq!(events[2], "The Escort Quest: party -1 + 2 = 1 against difficulty 7: failure");
}

// ---------------------------------------------------------------- refusals that say why

/// WOD-RAID-3: a dungeon refused because no guildmember meets its requirement says which type is
/// missing; one not in the row, or declared already, says that (WOD-RAID-1); one that the guild
/// cannot also fill a party for says so (WOD-RAID-2).
#[test]
fn wod_raid_3_a_refused_dungeon_names_the_missing_type() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["troll-bridge", "elder-wyrm", "goblin-warrens"]);
    add_guild(&g, &mut t, 0, &["raid-mom"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let e = refused(&g, &s, 0, "troll-bridge");
    assert_eq!(
        (e.rule, e.message.as_str()),
        ("WOD-RAID-3", "Troll Bridge needs a Troll: you have no Troll who may raid it")
    );
    let e = refused(&g, &s, 0, "elder-wyrm");
    assert_eq!(
        (e.rule, e.message.as_str()),
        ("WOD-RAID-3", "Lair of the Elder Wyrm needs a Hardcore and a Leader: you have no Hardcore who may raid it")
    );
    let e = refused(&g, &s, 0, "wolf-den");
    assert_eq!((e.rule, e.message.as_str()), ("WOD-RAID-1", "Wolf Den is not in the Dungeon row"));
    say(&g, &mut s, 0, "goblin-warrens", &mut SeededRng::new(0));
    let e = refused(&g, &s, 0, "goblin-warrens");
    assert_eq!((e.rule, e.message.as_str()), ("WOD-RAID-1", "Goblin Warrens is declared already"));
    // Raid Mom, a Leader, could raid Castle Bloodmoon, but she alone cannot fill two parties.
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens", "castle-bloodmoon"]);
    add_guild(&g, &mut t, 0, &["raid-mom"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    say(&g, &mut s, 0, "goblin-warrens", &mut SeededRng::new(0));
    let e = refused(&g, &s, 0, "castle-bloodmoon");
    assert_eq!(
        (e.rule, e.message.as_str()),
        ("WOD-RAID-2", "your guild cannot raise a party for Castle Bloodmoon as well as for the dungeons declared")
    );
}

/// WOD-RAID-5: once a dungeon is declared the player is committed: grinding is refused as such.
#[test]
fn wod_raid_5_no_grinding_once_a_raid_is_declared() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    add_guild(&g, &mut t, 0, &["dad-of-three"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let mut rng = SeededRng::new(0);
    assert_eq!(legal(&g, &s, 0), ["grind", "goblin-warrens"]);
    for step in ["goblin-warrens", "done", "goblin-warrens"] {
        say(&g, &mut s, 0, step, &mut rng);
        let e = refused(&g, &s, 0, "grind");
        assert_eq!(
            (e.rule, e.message.as_str()),
            ("WOD-RAID-5", "you declared a raid: you are committed to it and cannot grind"),
            "after {step}"
        );
    }
}

/// WOD-RAID-6: a dungeon that is not declared, or already won, is refused as such when choosing
/// the next dungeon to raid; and when putting a guildmember in a party (WOD-RAID-2).
#[test]
fn wod_raid_6_naming_an_undeclared_dungeon_says_so() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens", "boar-pasture", "wolf-den"]);
    add_guild(&g, &mut t, 0, &["dad-of-three", "raid-mom"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let mut rng = dice(&g, &["+2"]);
    for step in ["goblin-warrens", "boar-pasture", "done"] {
        say(&g, &mut s, 0, step, &mut rng);
    }
    let e = refused(&g, &s, 0, "wolf-den");
    assert_eq!((e.rule, e.message.as_str()), ("WOD-RAID-2", "Wolf Den is not a declared dungeon of this raid"));
    for party in ["goblin-warrens", "boar-pasture"] {
        say(&g, &mut s, 0, party, &mut rng);
    }
    pass_window(&g, &mut s, &mut rng);
    let e = refused(&g, &s, 0, "wolf-den");
    assert_eq!((e.rule, e.message.as_str()), ("WOD-RAID-6", "Wolf Den is not a declared dungeon of this raid"));
    say(&g, &mut s, 0, "goblin-warrens", &mut rng);
    pass_window(&g, &mut s, &mut rng);
    let e = refused(&g, &s, 0, "goblin-warrens");
    assert_eq!((e.rule, e.message.as_str()), ("WOD-RAID-6", "Goblin Warrens has been raided already"));
}
