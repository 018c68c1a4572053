//! Phase 3, rule by rule (WOD-DUNG-1, WOD-GRIND-1, WOD-RAID-1 to WOD-RAID-14, WOD-CLAIM-1 and
//! WOD-CLAIM-2): positions built on an empty table, dice scripted, exact legal lists, event texts
//! and states. The helpers here, on top of `common`, are shared with `responses.rs`.
#![allow(clippy::unwrap_used)]

use worlds_engine::{Chance, Game, Player, RuleError, Scripted, ScriptedValue, SeededRng, Turn, Viewer};
use worlds_world_of_dungeons::{Face, GamerType, Item, Phase, State, Step, Table, WorldOfDungeons};

use crate::common::*;

// ---------------------------------------------------------------- helpers

/// `common::blank` at turn 1, with the Trolls in the Forum discard pile so that no Troll arrives
/// in phase 1 of a later turn unless a test puts one back in the deck.
pub(crate) fn table(g: &WorldOfDungeons) -> Table {
    let mut t = blank(g);
    t.turn = 1;
    for (i, x) in g.content().gamers.iter().enumerate() {
        if x.ty == GamerType::Troll {
            free_gamer(&mut t, i as u8);
            t.forum_discard.0 |= 1 << i;
        }
    }
    t
}

/// A die that shows these faces, as written on the die, in order (then a seeded die).
pub(crate) fn dice(g: &WorldOfDungeons, faces: &[&str]) -> Scripted<SeededRng> {
    let die = g.content().die;
    script(faces.iter().map(|f| {
        let shown = Face::parse(f).unwrap();
        face(die.iter().position(|&x| x == shown).unwrap_or_else(|| panic!("the die has no face {f}")))
    }))
}

/// Loot draws that take the lowest-numbered card left in the Loot deck each time.
pub(crate) fn lowest_draws(n: usize) -> Scripted<SeededRng> {
    picks(&vec![0; n])
}

/// `seat` tries the action written `text`: it must be refused, and the state stay as it was.
pub(crate) fn refused(g: &WorldOfDungeons, s: &mut State, seat: usize, text: &str) -> RuleError {
    let before = s.clone();
    let e = try_act(g, s, seat, text, &mut SeededRng::new(0)).unwrap_err();
    assert_eq!(*s, before, "a refused action changed the state");
    e
}

/// Who holds priority, if a window is open.
pub(crate) fn holder(s: &State) -> Option<usize> {
    match s.table().steps.top() {
        Some(Step::Window(round)) => round.holder().map(Player::index),
        _ => None,
    }
}

pub(crate) fn top(s: &State) -> Step {
    *s.table().steps.top().unwrap()
}

/// The ids of `seat`'s guildmembers, in guild order.
pub(crate) fn members(g: &WorldOfDungeons, s: &State, seat: usize) -> Vec<String> {
    s.table().seats[seat].guild.iter().map(|m| g.content().gamer(m.gamer).id.clone()).collect()
}

/// The ids of the Dungeon row, oldest first.
pub(crate) fn dungeon_row(g: &WorldOfDungeons, s: &State) -> Vec<String> {
    s.table().dungeon_row.iter().map(|&d| g.content().dungeon(d).id.clone()).collect()
}

/// The Loot designs (ids) of a set of cards, lowest card first.
pub(crate) fn loot_ids(g: &WorldOfDungeons, cards: u128) -> Vec<String> {
    worlds_engine::bits::ones(cards).map(|k| g.content().def(k as u8).id.clone()).collect()
}

/// A guildmember's experience now, as every player sees it.
pub(crate) fn xp_now(g: &WorldOfDungeons, s: &State, seat: usize, id: &str) -> i32 {
    let o = g.observe(s, Viewer::Spectator);
    o.seats[seat].guild.iter().find(|m| m.id == id).unwrap_or_else(|| panic!("{id} is not in the guild")).xp_now
}

/// Declares `dungeons` (one decision each, then `done`) and puts each guildmember, in guild order,
/// in the party of the dungeon named (or `out`); the events of the last decision.
pub(crate) fn declare(
    g: &WorldOfDungeons,
    s: &mut State,
    dungeons: &[&str],
    parties: &[&str],
    rng: &mut impl Chance,
) -> Vec<String> {
    let me = usize::from(s.table().active);
    for d in dungeons {
        say(g, s, me, d, rng);
    }
    let mut events = say(g, s, me, "done", rng);
    for party in parties {
        events = say(g, s, me, party, rng);
    }
    events
}

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
    let e = refused(&g, &mut s, 0, "troll-bridge");
    assert_eq!(
        (e.rule, e.message.as_str()),
        (
            "WOD-RAID-1",
            "that dungeon cannot be raided with your guild now (requirements, members who will not play together)"
        )
    );
    // Choosing a dungeon is raiding: no grind any more.
    assert_eq!(say(&g, &mut s, 0, "goblin-warrens", &mut SeededRng::new(0)), ["P1 declares a raid on Goblin Warrens"]);
    assert_eq!(legal(&g, &s, 0), ["done"]);
    let e = refused(&g, &mut s, 0, "grind");
    assert_eq!((e.rule, e.message.as_str()), ("WOD-TURN-4", "that is not one of the choices now"));
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
    let deck = s.table().loot_deck.0;
    let events = say(&g, &mut s, 0, "grind", &mut lowest_draws(1));
    assert_eq!(events[..4], ["P1 grinds for Loot", "P1 draws Energy Drink", "P1 draws 1 Loot card", "turn 2: P2"]);
    assert_eq!(loot_ids(&g, s.table().seats[0].hand.0), ["energy-drink"]);
    assert_eq!(s.table().seats[0].hand.0, 1, "the lowest card of the deck, card 0");
    assert_eq!(s.table().loot_deck.0, deck & !1);
    // Nothing else drew Loot: P2's turn began with an empty hand.
    assert_eq!(s.table().seats[1].hand.0, 0);
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
    assert_eq!(refused(&g, &mut s, 0, "tutorial-island").rule, "WOD-RAID-1");
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
    let e = refused(&g, &mut s, 0, "out");
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
    let parties: Vec<Option<u8>> = s.table().seats[0].guild.iter().map(|m| m.party).collect();
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
    let parties: Vec<Option<u8>> = s2.table().seats[0].guild.iter().map(|m| m.party).collect();
    assert_eq!(parties, [Some(0), Some(0), Some(0)]);
}

/// WOD-RAID-3: each type of a requirement needs a member of that type in the party (`counts-as`
/// counts); `*` needs nothing; a two-type requirement needs both.
#[test]
fn wod_raid_3_requirements_by_type_and_counts_as() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["sunken-crypt", "bandit-hideout", "haunted-orchard", "goblin-warrens"]);
    at_phase(&mut t, Phase::Dungeon);
    let base = t.clone();
    // King Aldric is a Roleplayer who counts as a Leader.
    add_guild(&g, &mut t, 0, &["king-aldric"]);
    let s = load(&g, &t);
    assert_eq!(legal(&g, &s, 0), ["grind", "sunken-crypt", "haunted-orchard", "goblin-warrens"]);
    // Another Roleplayer does not meet the Leader requirement.
    let mut t = base;
    add_guild(&g, &mut t, 0, &["lorekeeper-lyra"]);
    let s = load(&g, &t);
    assert_eq!(legal(&g, &s, 0), ["grind", "haunted-orchard", "goblin-warrens"]);
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
    assert_eq!(refused(&g, &mut s, 0, "goblin-warrens").rule, "WOD-RAID-2");
    // Two dungeons: they raid separately.
    let mut s = start;
    declare(&g, &mut s, &["goblin-warrens", "wolf-den"], &[], &mut SeededRng::new(0));
    assert_eq!(legal(&g, &s, 0), ["goblin-warrens", "wolf-den"]);
    say(&g, &mut s, 0, "goblin-warrens", &mut SeededRng::new(0));
    assert_eq!(legal(&g, &s, 0), ["wolf-den"]);
    say(&g, &mut s, 0, "wolf-den", &mut SeededRng::new(0));
    let parties: Vec<Option<u8>> = s.table().seats[0].guild.iter().map(|m| m.party).collect();
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

// ---------------------------------------------------------------- WOD-RAID-8 to WOD-RAID-14

/// WOD-RAID-8: the roll is a public event; a window follows with priority from the active player;
/// the roll settles only when the stack is resolved, with the values as they are then (Easy Mode
/// played in answer to a −1 turns a failure into a success).
#[test]
fn wod_raid_8_the_roll_is_answered_then_settled_with_values_after_the_stack() {
    let g = game(3);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    add_guild(&g, &mut t, 0, &["dad-of-three"]);
    add_hand(&g, &mut t, 0, &["easy-mode"]);
    add_hand(&g, &mut t, 1, &["comfy-slippers"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let mut rng = dice(&g, &["-1"]);
    declare(&g, &mut s, &["goblin-warrens"], &["goblin-warrens"], &mut rng);
    assert_eq!(holder(&s), Some(1), "the declaration's window: the next player first");
    pass_window(&g, &mut s, &mut rng);
    assert_eq!(top(&s), Step::Phase(Phase::NextRaid));
    let action = g.parse_action("goblin-warrens").unwrap();
    let events = g.apply(&mut s, p(0), action, &mut rng).unwrap();
    assert_eq!(texts(&g, &events), ["raiding Goblin Warrens", "the raid die for Goblin Warrens shows -1"]);
    assert!(events.iter().all(|e| e.visibility.is_public()));
    // The roll waits; the window opens with the active player.
    let face = Face::parse("-1").unwrap();
    assert_eq!(s.table().pending.as_slice(), [Item::Roll { at: 0, face }]);
    assert_eq!(holder(&s), Some(0));
    assert_eq!(legal(&g, &s, 0), ["pass", "pass-turn", "pass-until-my-turn", "play easy-mode"]);
    assert_eq!(say(&g, &mut s, 0, "play easy-mode", &mut rng), ["P1 plays Easy Mode"]);
    assert_eq!(say(&g, &mut s, 0, "goblin-warrens", &mut rng), ["Easy Mode targets Goblin Warrens"]);
    assert_eq!(holder(&s), Some(1));
    assert_eq!(g.observe(&s, Viewer::Spectator).raid[0].difficulty, 4, "Easy Mode has not resolved yet");
    // P2 passes; P3 and P1 have empty hands and pass on their own.
    assert_eq!(
        say(&g, &mut s, 1, "pass", &mut rng),
        ["P2 passes", "Easy Mode resolves", "Goblin Warrens: party 4 - 1 = 3 against difficulty 3: success"]
    );
    assert_eq!(legal(&g, &s, 0), ["claim"]);
}

/// WOD-RAID-9: a skull fails the raid whatever the totals.
#[test]
fn wod_raid_9_a_skull_fails_whatever_the_totals() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["boar-pasture"]);
    add_guild(&g, &mut t, 0, &["no-life-nate", "raid-mom", "dad-of-three"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let mut rng = dice(&g, &["skull"]);
    declare(&g, &mut s, &["boar-pasture"], &["boar-pasture", "boar-pasture", "boar-pasture"], &mut rng);
    assert_eq!(g.observe(&s, Viewer::Spectator).raid[0].xp, 14, "12 more than the difficulty of 2");
    assert_eq!(
        say(&g, &mut s, 0, "boar-pasture", &mut rng),
        ["raiding Boar Pasture", "the raid die for Boar Pasture shows skull", "Boar Pasture: skull, the party wipes"]
    );
    assert_eq!(top(&s), Step::SkullDiscard { at: 0, left: 1 });
    let events = say(&g, &mut s, 0, "raid-mom", &mut rng);
    assert_eq!(
        events[..4],
        ["P1 discards Raid Mom after the skull", "Raid Mom leaves P1's guild (skull)", "P1's raid fails", "turn 2: P2"]
    );
    assert_eq!(dungeon_row(&g, &s)[0], "boar-pasture");
    assert!(s.table().seats[0].dungeons.is_empty());
}

/// WOD-RAID-10: any other face succeeds when party experience plus the face reaches the
/// difficulty, and fails one short of it.
#[test]
fn wod_raid_10_success_when_the_sum_reaches_the_difficulty_one_less_fails() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    add_guild(&g, &mut t, 0, &["dad-of-three"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut start = load(&g, &t);
    declare(&g, &mut start, &["goblin-warrens"], &["goblin-warrens"], &mut SeededRng::new(0));
    // 4 + 0 = 4 against 4: success.
    let mut s = start.clone();
    assert_eq!(
        say(&g, &mut s, 0, "goblin-warrens", &mut dice(&g, &["0"]))[2],
        "Goblin Warrens: party 4 + 0 = 4 against difficulty 4: success"
    );
    assert!(s.table().raid[0].won);
    assert_eq!(legal(&g, &s, 0), ["claim"]);
    // 4 − 1 = 3 against 4: failure.
    let mut s = start;
    let events = say(&g, &mut s, 0, "goblin-warrens", &mut dice(&g, &["-1"]));
    assert_eq!(
        events[2..5],
        ["Goblin Warrens: party 4 - 1 = 3 against difficulty 4: failure", "P1's raid fails", "turn 2: P2"]
    );
    assert_eq!(dungeon_row(&g, &s)[0], "goblin-warrens");
    assert_eq!(members(&g, &s, 0), ["dad-of-three"]);
}

/// WOD-RAID-11: after a skull the active player discards a member of that party of their choice,
/// more where a card says so (Elder Wyrm: two; Clicky Clara: one more), never a member of another
/// party.
#[test]
fn wod_raid_11_the_active_player_chooses_the_skull_discards() {
    let g = game(2);
    // Elder Wyrm: a skull here discards two.
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["elder-wyrm"]);
    add_guild(&g, &mut t, 0, &["raid-mom", "no-life-nate", "king-aldric"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let mut rng = dice(&g, &["skull"]);
    declare(&g, &mut s, &["elder-wyrm"], &["elder-wyrm", "elder-wyrm", "elder-wyrm"], &mut rng);
    say(&g, &mut s, 0, "elder-wyrm", &mut rng);
    assert_eq!(g.turn(&s), Turn::Decide(p(0)));
    assert_eq!(g.decision(&s).rule, "WOD-RAID-11");
    assert_eq!(g.decision(&s).text, "P1 discards a member of the party that raided Lair of the Elder Wyrm (2 to go)");
    assert_eq!(legal(&g, &s, 0), ["raid-mom", "no-life-nate", "king-aldric"]);
    assert_eq!(
        say(&g, &mut s, 0, "no-life-nate", &mut rng),
        ["P1 discards No-Life Nate after the skull", "No-Life Nate leaves P1's guild (skull)"]
    );
    assert_eq!(g.decision(&s).text, "P1 discards a member of the party that raided Lair of the Elder Wyrm (1 to go)");
    assert_eq!(legal(&g, &s, 0), ["raid-mom", "king-aldric"]);
    let events = say(&g, &mut s, 0, "king-aldric", &mut rng);
    assert_eq!(events[2..4], ["P1's raid fails", "turn 2: P2"]);
    assert_eq!(members(&g, &s, 0), ["raid-mom"]);
    let gone = (1u64 << gamer(&g, "no-life-nate")) | (1 << gamer(&g, "king-aldric"));
    assert_eq!(s.table().forum_discard.0 & gone, gone);
    // Clicky Clara: a skull in her party discards one more; Dad of Three raids elsewhere.
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["tutorial-island", "goblin-warrens"]);
    add_guild(&g, &mut t, 0, &["clicky-clara", "dad-of-three", "raid-mom"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let mut rng = dice(&g, &["skull"]);
    declare(
        &g,
        &mut s,
        &["tutorial-island", "goblin-warrens"],
        &["tutorial-island", "goblin-warrens", "tutorial-island"],
        &mut rng,
    );
    say(&g, &mut s, 0, "tutorial-island", &mut rng);
    assert_eq!(top(&s), Step::SkullDiscard { at: 0, left: 2 });
    assert_eq!(legal(&g, &s, 0), ["clicky-clara", "raid-mom"]);
    assert_eq!(refused(&g, &mut s, 0, "dad-of-three").rule, "WOD-TURN-4");
    say(&g, &mut s, 0, "raid-mom", &mut rng);
    assert_eq!(legal(&g, &s, 0), ["clicky-clara"]);
    say(&g, &mut s, 0, "clicky-clara", &mut rng);
    assert_eq!(members(&g, &s, 0), ["dad-of-three"]);
}

/// WOD-RAID-12: a party emptied before its roll (its only member goes AFK in the declaration's
/// window) fails as soon as the stack is empty: no die is rolled.
#[test]
fn wod_raid_12_an_emptied_party_fails_once_the_stack_is_empty() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens", "boar-pasture"]);
    add_guild(&g, &mut t, 0, &["dad-of-three", "raid-mom"]);
    add_hand(&g, &mut t, 1, &["afk"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let mut rng = SeededRng::new(3);
    declare(&g, &mut s, &["goblin-warrens", "boar-pasture"], &["goblin-warrens", "boar-pasture"], &mut rng);
    say(&g, &mut s, 1, "play afk", &mut rng);
    assert_eq!(legal(&g, &s, 1), ["dad-of-three", "raid-mom"]);
    // Both hands are now empty: both pass on their own and the stack resolves.
    let events = say(&g, &mut s, 1, "raid-mom", &mut rng);
    assert_eq!(
        events[..5],
        ["AFK targets Raid Mom", "Raid Mom goes AFK for the turn", "AFK resolves", "P1's raid fails", "turn 2: P2"]
    );
    assert!(!events.iter().any(|e| e.starts_with("raiding") || e.contains("raid die")), "{events:?}");
    assert_eq!(dungeon_row(&g, &s)[..2], ["goblin-warrens", "boar-pasture"]);
    assert_eq!(members(&g, &s, 0), ["dad-of-three", "raid-mom"]);
}

/// WOD-RAID-13: the first failure ends the dungeon phase: no further die, the raid already won
/// fails too, nothing is claimed, no Loot is drawn, dungeons and guildmembers stay.
#[test]
fn wod_raid_13_the_first_failure_fails_every_raid_of_the_turn() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens", "boar-pasture", "wolf-den"]);
    add_guild(&g, &mut t, 0, &["dad-of-three", "raid-mom", "herbalist-fern"]);
    // Four cards against a hand limit of 3: the turn stops at the hand limit, after phase 3.
    add_hand(&g, &mut t, 0, &["comfy-slippers", "guild-banner", "costume-wardrobe", "mechanical-keyboard"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let hand_before = s.table().seats[0].hand.0;
    let loot_before = s.table().loot_deck.0;
    let mut rng = dice(&g, &["+2", "-3"]);
    declare(
        &g,
        &mut s,
        &["goblin-warrens", "boar-pasture", "wolf-den"],
        &["goblin-warrens", "boar-pasture", "wolf-den"],
        &mut rng,
    );
    pass_window(&g, &mut s, &mut rng);
    say(&g, &mut s, 0, "goblin-warrens", &mut rng);
    let events = pass_window(&g, &mut s, &mut rng);
    assert_eq!(events, ["P1 passes", "Goblin Warrens: party 4 + 2 = 6 against difficulty 4: success"]);
    assert!(s.table().raid[0].won);
    say(&g, &mut s, 0, "boar-pasture", &mut rng);
    let events = pass_window(&g, &mut s, &mut rng);
    assert_eq!(events, ["P1 passes", "Boar Pasture: party 3 - 3 = 0 against difficulty 2: failure", "P1's raid fails"]);
    // Wolf Den is never rolled; the phase is over and the hand limit follows.
    assert_eq!(rng.remaining().count(), 0);
    assert!(matches!(top(&s), Step::HandLimit(_)));
    assert!(s.table().raid.is_empty());
    assert_eq!(dungeon_row(&g, &s), ["goblin-warrens", "boar-pasture", "wolf-den"]);
    assert!(s.table().seats[0].dungeons.is_empty());
    assert_eq!(g.vp(&s, p(0)), 0);
    assert_eq!(s.table().seats[0].hand.0, hand_before, "no Loot drawn");
    assert_eq!(s.table().loot_deck.0, loot_before);
    assert_eq!(members(&g, &s, 0), ["dad-of-three", "raid-mom", "herbalist-fern"]);
}

/// WOD-RAID-14: a guildmember has raided when its party's die is rolled: the count goes up at the
/// roll (not at a reroll, not for a member left out), and Burn-out counts it.
#[test]
fn wod_raid_14_raids_are_counted_at_the_roll() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    add_guild(&g, &mut t, 0, &["no-life-nate", "dad-of-three"]);
    t.seats[0].guild[0].raids = 1;
    add_hand(&g, &mut t, 0, &["lag-spike"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let mut rng = dice(&g, &["-3", "+2"]);
    rng.push([ScriptedValue::Pick(0)]);
    declare(&g, &mut s, &["goblin-warrens"], &["goblin-warrens", "out"], &mut rng);
    pass_window(&g, &mut s, &mut rng);
    let raids = |s: &State| -> Vec<u8> { s.table().seats[0].guild.iter().map(|m| m.raids).collect() };
    assert_eq!(raids(&s), [1, 0]);
    say(&g, &mut s, 0, "goblin-warrens", &mut rng);
    assert_eq!(raids(&s), [2, 0], "counted at the roll, before it is settled");
    assert_eq!(
        say(&g, &mut s, 0, "play lag-spike", &mut rng),
        [
            "P1 plays Lag Spike",
            "the raid die for Goblin Warrens shows +2",
            "Lag Spike resolves",
            "Goblin Warrens: party 5 + 2 = 7 against difficulty 4: success"
        ]
    );
    assert_eq!(raids(&s), [2, 0], "a reroll is the same raid");
    // Burn-out 2 is reached: No-Life Nate leaves at the end of the turn, after the claim.
    let events = say(&g, &mut s, 0, "claim", &mut rng);
    let end = events.iter().position(|e| e == "turn 2: P2").unwrap();
    assert_eq!(events[end - 1], "No-Life Nate leaves P1's guild (burn-out)");
    assert_eq!(members(&g, &s, 0), ["dad-of-three"]);
}

// ---------------------------------------------------------------- WOD-CLAIM-1, WOD-CLAIM-2

/// WOD-CLAIM-1: once every declared dungeon is won the active player claims; the claim waits in a
/// window (the next player first), then the dungeons move to the Guild Stash and Loot equal to the
/// sum of their current loot values is drawn (Crab Beach 2 + 1 with a Roleplayer, Goblin Warrens 1).
#[test]
fn wod_claim_1_dungeons_to_the_guild_stash_then_their_loot() {
    let g = game(3);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["crab-beach", "goblin-warrens"]);
    add_guild(&g, &mut t, 0, &["herbalist-fern", "dad-of-three"]);
    add_hand(&g, &mut t, 1, &["comfy-slippers"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let mut rng = dice(&g, &["0", "0"]);
    rng.push([ScriptedValue::Pick(0); 4]);
    declare(&g, &mut s, &["crab-beach", "goblin-warrens"], &["crab-beach", "goblin-warrens"], &mut rng);
    pass_window(&g, &mut s, &mut rng);
    say(&g, &mut s, 0, "crab-beach", &mut rng);
    pass_window(&g, &mut s, &mut rng);
    say(&g, &mut s, 0, "goblin-warrens", &mut rng);
    pass_window(&g, &mut s, &mut rng);
    assert_eq!(g.decision(&s).rule, "WOD-CLAIM-1");
    assert_eq!(legal(&g, &s, 0), ["claim"]);
    assert_eq!(say(&g, &mut s, 0, "claim", &mut rng), ["P1 claims"]);
    assert_eq!(s.table().pending.as_slice(), [Item::Claim { loot: 0 }]);
    assert_eq!(holder(&s), Some(1));
    assert_eq!(dungeon_row(&g, &s), ["crab-beach", "goblin-warrens"], "the claim waits");
    let events = say(&g, &mut s, 1, "pass", &mut rng);
    assert_eq!(
        events,
        [
            "P2 passes",
            "P1 claims Crab Beach",
            "P1 claims Goblin Warrens",
            "P1 draws Energy Drink",
            "P1 draws 1 Loot card",
            "P1 draws Energy Drink",
            "P1 draws 1 Loot card",
            "P1 draws Energy Drink",
            "P1 draws 1 Loot card",
            "P1 draws Energy Drink",
            "P1 draws 1 Loot card",
        ]
    );
    assert!(s.table().dungeon_row.is_empty());
    let claimed: Vec<u8> = s.table().seats[0].dungeons.to_vec();
    assert_eq!(claimed, [dungeon(&g, "crab-beach"), dungeon(&g, "goblin-warrens")]);
    assert_eq!(s.table().seats[0].hand.0, 0b1111);
    assert_eq!(g.vp(&s, p(0)), 4);
    // Four cards against a hand limit of 3: the turn goes on to the hand limit.
    assert!(matches!(top(&s), Step::HandLimit(_)));
}

/// WOD-CLAIM-2: VP are the claimed dungeons' VP plus modifiers in force, and a stash ability works
/// from the moment its dungeon arrives (Demon Forge: +1 VP per other Boss dungeon).
#[test]
fn wod_claim_2_vp_of_claimed_dungeons_plus_modifiers() {
    let g = game(2);
    let mut t = table(&g);
    add_claimed(&g, &mut t, 0, &["troll-bridge"]);
    add_claimed(&g, &mut t, 1, &["demon-forge", "goblin-warrens"]);
    // Demon Forge with no other Boss dungeon: its printed 5 and Goblin Warrens' 2.
    let s = load(&g, &t);
    assert_eq!((g.vp(&s, p(0)), g.vp(&s, p(1))), (3, 5 + 2));
    // With Elder Wyrm beside it: 6 more, and 1 for the other Boss dungeon.
    add_claimed(&g, &mut t, 1, &["elder-wyrm"]);
    let s = load(&g, &t);
    assert_eq!(g.vp(&s, p(1)), 5 + 2 + 6 + 1);
    // P1 claims Demon Forge next to Troll Bridge: the bonus counts from its arrival.
    let mut t = table(&g);
    add_claimed(&g, &mut t, 0, &["troll-bridge"]);
    set_dungeon_row(&g, &mut t, &["demon-forge"]);
    add_guild(&g, &mut t, 0, &["no-life-nate", "tryhard-tyler"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    assert_eq!(g.vp(&s, p(0)), 3);
    let mut rng = dice(&g, &["0"]);
    declare(&g, &mut s, &["demon-forge"], &["demon-forge", "demon-forge"], &mut rng);
    assert_eq!(
        say(&g, &mut s, 0, "demon-forge", &mut rng)[2],
        "The Demon Forge: party 10 + 0 = 10 against difficulty 10: success"
    );
    say(&g, &mut s, 0, "claim", &mut rng);
    assert_eq!(g.vp(&s, p(0)), 3 + 5 + 1);
    assert_eq!(g.observe(&s, Viewer::Spectator).seats[0].vp, 9);
}
