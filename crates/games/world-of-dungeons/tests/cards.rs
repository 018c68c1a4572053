//! The rules text of every card (WOD-DATA-2): generated from the effect data by one generator,
//! pinned by snapshots, checked card by card against what each card is meant to say, every
//! ability checked in every place it can be printed, and the pinned cards of the spec played to
//! show that they do what they say.
#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;

use crate::common::{blank, def, dungeon, gamer, p, take_loot as take};
use worlds_engine::flow::Stack;
use worlds_engine::{Chance, Config, ConfigError, Game, Scripted, ScriptedValue, SeededRng, Viewer};
use worlds_world_of_dungeons::{
    Action, Declared, LootKind, Member, Observation, Passive, Phase, State, Step, Table, Timing, With, WorldOfDungeons,
};

fn game() -> WorldOfDungeons {
    WorldOfDungeons::new(&Config::players(2)).unwrap()
}

/// A number with its sign as printed: "+1", "−2" (a real minus sign).
fn signed(n: i8) -> String {
    if n < 0 { format!("\u{2212}{}", -i16::from(n)) } else { format!("+{n}") }
}

// ================================================================ snapshots

/// WOD-DATA-2: the text of every gamer, `id — name — text`.
#[test]
fn wod_data_2_every_gamer_text() {
    let g = game();
    let c = g.content();
    let lines: Vec<String> = (0..c.gamers.len())
        .map(|i| format!("{} — {} — {}", c.gamers[i].id, c.gamers[i].name, g.gamer_text(i as u8)))
        .collect();
    insta::assert_snapshot!("gamers", lines.join("\n"));
}

/// WOD-DATA-2: the text of every dungeon.
#[test]
fn wod_data_2_every_dungeon_text() {
    let g = game();
    let c = g.content();
    let lines: Vec<String> = (0..c.dungeons.len())
        .map(|i| format!("{} — {} — {}", c.dungeons[i].id, c.dungeons[i].name, g.dungeon_text(i as u8)))
        .collect();
    insta::assert_snapshot!("dungeons", lines.join("\n"));
}

/// WOD-DATA-2: the text of every Loot design.
#[test]
fn wod_data_2_every_loot_text() {
    let g = game();
    let c = g.content();
    let lines: Vec<String> = (0..c.defs.len())
        .map(|i| format!("{} — {} — {}", c.defs[i].id, c.defs[i].name, g.loot_text(i as u8)))
        .collect();
    insta::assert_snapshot!("loot", lines.join("\n"));
}

// ================================================================ card by card

/// What a card is meant to say: its whole text, or phrases it must contain (in any case).
enum Says {
    Exact(&'static str),
    Has(&'static [&'static str]),
}
use Says::{Exact, Has};

/// The pinned cards of the spec ("Content to design"), word for word.
const PINNED_GAMERS: &[(&str, &str)] = &[
    ("leroy", "Its party −2 experience in Boss dungeons."),
    ("weekend-wendy", "+1 experience in Farm dungeons. Cannot raid Boss dungeons."),
    ("no-life-nate", "Burn-out 2."),
    ("raid-mom", "Each other member of its party +1 experience."),
    ("olde-bard", "+1 experience per other Roleplayer in its party. Will not play with Trolls."),
    ("flamebait", "Each other member of its party −1 experience."),
    ("lady-moonwhisper", "Will not play with Gankz."),
    ("gankz", "A claim with it in a party draws 1 fewer Loot. Will not play with Lady Moonwhisper."),
];

const PINNED_DUNGEONS: &[(&str, &str)] = &[
    ("goblin-warrens", ""),
    ("tutorial-island", ""),
    ("skunk-meadow", "Here: Casuals +1 experience."),
    ("troll-bridge", ""),
    ("elder-wyrm", "Here: a skull discards 1 more member."),
];

const PINNED_LOOT: &[(&str, &str)] = &[
    ("easy-mode", "Raid: a declared dungeon's difficulty −1 until end of turn."),
    ("lag-spike", "Roll: reroll the waiting roll."),
    ("report-to-gm", "Effect: cancel an Effect card on the stack."),
    (
        "better-offer",
        "Any time: move another player's guildmember into your guild (only while yours is under its guild limit).",
    ),
    ("invite-declined", "Recruit: cancel the waiting recruit; the gamer stays in the Forum row."),
    ("afk", "Any time: a guildmember leaves its party and may not join one this turn."),
    ("hardcore-nerf", "Every Hardcore −1 experience."),
    ("casual-friendly", "Every Farm dungeon's difficulty −1."),
    ("loot-table-buff", "Every Boss dungeon's loot +1."),
    ("new-player-experience", "Every Noob +1 experience."),
    ("expansion-launch", "The Dungeon row limit becomes 4."),
    ("forum-purge", "Every gamer in the Forum row goes to the Forum discard pile."),
];

/// The other gamers: what each skill is meant to say, from its design in `forum.toml`.
const GAMERS: &[(&str, Says)] = &[
    ("lunch-break-larry", Exact("+2 experience in Farm dungeons.")),
    ("mobile-mia", Exact("+1 experience in Farm dungeons.")),
    ("dad-of-three", Exact("Cannot raid Boss dungeons.")),
    ("whale-wallace", Exact("Cash shop.")),
    ("credit-card-cathy", Has(&["Cash shop", "cannot raid Boss dungeons"])),
    ("cozy-carla", Has(&["+1 experience", "with a Leader"])),
    ("screenshot-sam", Has(&["+1 experience", "party of 3 or more"])),
    ("shy-shelby", Exact("Will not play with Trolls.")),
    ("tryhard-tyler", Has(&["Burn-out 3", "+1 experience in Boss dungeons"])),
    ("speedrun-sven", Has(&["Burn-out 2", "+1 experience in Boss dungeons"])),
    ("min-max-maxine", Has(&["Burn-out 2", "+2 experience in Boss dungeons"])),
    ("elitist-elsa", Has(&["Burn-out 3", "will not play with Casuals"])),
    ("gatekeeper-gus", Has(&["Burn-out 3", "will not play with Noobs"])),
    ("caffeine-kai", Has(&["Burn-out 3", "+1 experience per other Hardcore in its party"])),
    ("guild-dad", Exact("Each other member of its party +1 experience.")),
    ("marshal-rex", Exact("Each other member of its party +1 experience in Boss dungeons.")),
    ("spreadsheet-sally", Exact("Each other member of its party +1 experience in Boss dungeons.")),
    ("loot-council-lou", Has(&["a raid it was in is claimed", "draw 1 more Loot"])),
    ("sheriff-stern", Has(&["its party +1 experience", "will not play with Trolls"])),
    ("pug-leader-pip", Has(&["each other Noob in its party +1 experience"])),
    ("sir-reginald", Exact("+1 experience per other Roleplayer in its party.")),
    ("herbalist-fern", Exact("+2 experience in Farm dungeons.")),
    ("fisherman-fenwick", Exact("+2 experience in Farm dungeons.")),
    ("lorekeeper-lyra", Exact("Will not play with Trolls.")),
    ("king-aldric", Exact("Counts as a Leader for requirements.")),
    ("dramatic-dorian", Exact("+1 experience in Boss dungeons.")),
    ("newbie-ned", Has(&["each other member of its party −1 experience", "Learns (max 3)"])),
    ("clicky-clara", Has(&["a skull in its party discards 1 more member", "Learns (max 3)"])),
    ("pull-it-all-paul", Has(&["its party −2 experience in Boss dungeons", "Learns (max 3)"])),
    ("lost-lucy", Exact("Each other member of its party −1 experience.")),
    ("rage-quit-rick", Exact("Ragequit.")),
    ("lone-wolf-lex", Exact("Will not play with anyone.")),
    ("idle-ivan", Has(&["Cash shop", "+1 experience in Farm dungeons"])),
    ("couch-coop-chloe", Has(&["+1 experience", "with a Roleplayer"])),
    ("world-first-wren", Has(&["Burn-out 2", "+1 experience in Boss dungeons"])),
    ("shotcaller-shay", Exact("Each other member of its party +1 experience in Farm dungeons.")),
    ("brother-barnaby", Has(&["+2 experience in Farm dungeons", "will not play with Trolls"])),
    ("method-milo", Has(&["+1 experience per other Roleplayer in its party", "+1 experience in Boss dungeons"])),
    ("tourist-tim", Exact("A skull in its party discards 1 more member.")),
    ("spoiler-sid", Exact("A claim with it in a party draws 1 fewer Loot.")),
];

/// The other dungeons.
const DUNGEONS: &[(&str, Says)] = &[
    ("boar-pasture", Exact("")),
    ("mushroom-grotto", Has(&["In your Guild Stash:", "when you grind, draw 1 more Loot"])),
    ("kobold-mines", Exact("")),
    ("rat-king-cellar", Exact("Here: a −3 counts as −1.")),
    ("bandit-hideout", Exact("")),
    ("haunted-orchard", Exact("Here: Roleplayers +1 experience.")),
    ("sunken-crypt", Has(&["In your Guild Stash:", "your parties +1 experience in Farm dungeons"])),
    ("wolf-den", Exact("")),
    ("slime-pits", Exact("Here: Noobs cannot raid.")),
    ("smugglers-cove", Exact("")),
    ("angry-beehive", Exact("")),
    ("cursed-library", Has(&["In your Guild Stash:", "your Roleplayers +1 experience"])),
    ("gnoll-outpost", Exact("")),
    ("spooky-windmill", Has(&["In your Guild Stash:", "hand limit +1"])),
    ("crab-beach", Has(&["Here:", "loot +1", "includes a Roleplayer"])),
    ("sewers-of-sorrow", Exact("Here: Hardcores +1 experience.")),
    ("fairy-ring", Exact("")),
    ("training-dummies", Exact("Here: Noobs +1 experience.")),
    ("orc-barracks", Exact("Here: Casuals cannot raid.")),
    ("comment-section", Exact("Here: Trolls +1 experience.")),
    ("abandoned-mine", Has(&["In your Guild Stash:", "your Casuals +1 experience"])),
    ("whelp-nursery", Exact("")),
    ("lich-spire", Exact("Here: Noobs cannot raid.")),
    ("hydra-marsh", Has(&["In your Guild Stash:", "your parties +1 experience in Boss dungeons"])),
    ("demon-forge", Has(&["In your Guild Stash:", "VP +1 per other Boss dungeon"])),
    ("kraken-depths", Exact("Here: Casuals cannot raid.")),
    ("castle-bloodmoon", Has(&["In your Guild Stash:", "your Leaders +1 experience"])),
    ("giant-kings-hall", Exact("Here: Casuals −1 experience.")),
    ("minotaur-labyrinth", Exact("Here: a −3 counts as 0.")),
    ("glacier-titan-keep", Has(&["In your Guild Stash:", "hand limit +1"])),
    ("clockwork-colossus", Has(&["Here:", "loot +1", "includes a Leader"])),
    ("void-cathedral", Has(&["In your Guild Stash:", "when you grind, draw 1 more Loot"])),
    ("ghost-armada", Has(&["Here:", "loot +1", "includes a Roleplayer"])),
    ("warlords-pit", Exact("")),
    ("escort-quest", Exact("Here: Noobs +1 experience.")),
];

/// The other Loot designs.
const LOOT: &[(&str, Says)] = &[
    ("energy-drink", Has(&["Raid:", "party", "+1 experience until end of turn"])),
    ("pizza-party", Has(&["Raid:", "party", "+2 experience until end of turn"])),
    ("perfect-pull", Has(&["Raid:", "party", "+3 experience until end of turn"])),
    ("power-leveling", Exact("Raid: a guildmember +2 experience until end of turn.")),
    ("pet-aggro", Has(&["Raid:", "party", "−1 experience until end of turn"])),
    ("wrong-pull", Has(&["Raid:", "party", "−2 experience until end of turn"])),
    ("hard-mode", Exact("Raid: a declared dungeon's difficulty +1 until end of turn.")),
    ("nightmare-difficulty", Exact("Raid: a declared dungeon's difficulty +2 until end of turn.")),
    ("lucky-respawn", Exact("Roll: if the waiting roll is a skull, it counts as 0.")),
    ("free-trial-invite", Has(&["Any time:", "a Noob in the Forum row joins any player's guild", "guild limit"])),
    ("respec-scroll", Has(&["Any time:", "type becomes a type you name until end of turn"])),
    ("ninja-loot", Exact("Claim: the waiting claim draws 1 fewer Loot and you draw 1 Loot.")),
    ("item-decay", Has(&["Any time:", "another player discards one of their Stash cards", "their choice"])),
    ("comfy-slippers", Exact("Your Casuals +1 experience.")),
    ("mechanical-keyboard", Exact("Your Hardcores +1 experience.")),
    ("guild-banner", Exact("Your Leaders +1 experience.")),
    ("costume-wardrobe", Exact("Your Roleplayers +1 experience.")),
    ("strategy-guide", Exact("Your Noobs +2 experience.")),
    ("farming-route", Exact("Your parties +1 experience in Farm dungeons.")),
    ("boss-strats", Exact("Your parties +1 experience in Boss dungeons.")),
    ("extra-bag", Exact("Hand limit +1.")),
    ("guild-hall-upgrade", Exact("Guild limit +1.")),
    ("vacation-days", Has(&["Burn-out +1"])),
    ("auto-clicker", Has(&["grind", "1 more Loot"])),
    ("lucky-rabbit-foot", Has(&["Loot +1", "Boss dungeon you claim"])),
    ("weighted-dice", Exact("Your −3 counts as −1.")),
    ("soulstone", Exact("Once per game, your skull counts as 0; then discard this card.")),
    ("ban-hammer", Has(&["skills of your Trolls are ignored"])),
    ("team-spirit", Has(&["+1 experience", "party of 3 or more"])),
];

/// Checks a table against the texts: every card of the content is listed once (an entry for a
/// card the content no longer has is skipped).
fn check_cards(
    kind: &str,
    ids: &[String],
    pinned: &[(&str, &str)],
    table: &[(&str, Says)],
    text: impl Fn(usize) -> String,
) {
    let listed: Vec<&str> = pinned.iter().map(|(id, _)| *id).chain(table.iter().map(|(id, _)| *id)).collect();
    for id in ids {
        assert_eq!(listed.iter().filter(|x| **x == id.as_str()).count(), 1, "{kind} {id} is listed once");
    }
    let at = |id: &str| ids.iter().position(|x| x == id);
    for (id, says) in pinned {
        let i = at(id).unwrap_or_else(|| panic!("the pinned {kind} {id} is in the content"));
        assert_eq!(text(i), *says, "{kind} {id}");
    }
    for (id, says) in table {
        let Some(i) = at(id) else { continue };
        let got = text(i);
        match says {
            Exact(s) => assert_eq!(got, *s, "{kind} {id}"),
            Has(parts) => {
                for part in *parts {
                    assert!(got.to_lowercase().contains(&part.to_lowercase()), "{kind} {id}: {got:?} lacks {part:?}");
                }
            }
        }
    }
}

/// WOD-DATA-2, WOD-COMP-5: each gamer's skill says what its design means; the pinned gamers word
/// for word.
#[test]
fn wod_data_2_each_gamer_says_its_skill() {
    let g = game();
    let ids: Vec<String> = g.content().gamers.iter().map(|x| x.id.clone()).collect();
    check_cards("gamer", &ids, PINNED_GAMERS, GAMERS, |i| g.gamer_text(i as u8));
}

/// WOD-DATA-2, WOD-COMP-6: each dungeon's abilities; the pinned dungeons word for word (those
/// without abilities print none: their numbers and requirement are shown apart).
#[test]
fn wod_data_2_each_dungeon_says_its_abilities() {
    let g = game();
    let ids: Vec<String> = g.content().dungeons.iter().map(|x| x.id.clone()).collect();
    check_cards("dungeon", &ids, PINNED_DUNGEONS, DUNGEONS, |i| g.dungeon_text(i as u8));
}

/// WOD-DATA-2, WOD-COMP-7: each Loot design; the pinned Effect and Patch Notes cards word for
/// word.
#[test]
fn wod_data_2_each_loot_card_says_what_it_does() {
    let g = game();
    let ids: Vec<String> = g.content().defs.iter().map(|x| x.id.clone()).collect();
    check_cards("loot", &ids, PINNED_LOOT, LOOT, |i| g.loot_text(i as u8));
}

// ================================================================ checks from the data

/// Every text of the default content, with what it belongs to.
fn all_texts(g: &WorldOfDungeons) -> Vec<(String, String)> {
    let c = g.content();
    let mut out = Vec::new();
    for i in 0..c.gamers.len() {
        out.push((c.gamers[i].id.clone(), g.gamer_text(i as u8)));
    }
    for i in 0..c.dungeons.len() {
        out.push((c.dungeons[i].id.clone(), g.dungeon_text(i as u8)));
    }
    for i in 0..c.defs.len() {
        out.push((c.defs[i].id.clone(), g.loot_text(i as u8)));
    }
    out
}

/// WOD-DATA-2: printed like a card: sentences with a capital (or a sign) and a full stop, real
/// minus signs, no data leaking through (`Some(`, braces, kebab-case words), no ability that does
/// nothing, and short enough for a terminal line.
#[test]
fn wod_data_2_texts_read_like_printed_cards() {
    let g = game();
    for (id, text) in all_texts(&g) {
        if text.is_empty() {
            continue;
        }
        let first = text.chars().next().unwrap();
        assert!(first.is_uppercase() || first == '+' || first == '\u{2212}', "{id}: {text:?}");
        assert!(text.ends_with('.'), "{id}: {text:?}");
        assert!(text.chars().count() <= 120, "{id}: {} characters: {text:?}", text.chars().count());
        let bytes: Vec<char> = text.chars().collect();
        for w in bytes.windows(2) {
            assert!(!(w[0] == '-' && w[1].is_ascii_digit()), "{id}: an ASCII minus in {text:?}");
        }
        for leak in ["Some(", "None", "{", "}", "::", "party-others", "per-other", "_", "  ", "no effect"] {
            assert!(!text.contains(leak), "{id}: {leak:?} in {text:?}");
        }
    }
}

/// WOD-EFFECT-2, WOD-DATA-2: every Effect card's text starts with its timing word.
#[test]
fn wod_effect_2_every_effect_card_starts_with_its_timing() {
    let g = game();
    for (i, def) in g.content().defs.iter().enumerate() {
        let text = g.loot_text(i as u8);
        let word = match def.timing {
            Some(Timing::Any) => "Any time: ",
            Some(Timing::Raid) => "Raid: ",
            Some(Timing::Roll) => "Roll: ",
            Some(Timing::Recruit) => "Recruit: ",
            Some(Timing::Effect) => "Effect: ",
            Some(Timing::Claim) => "Claim: ",
            None => {
                assert_ne!(def.kind, LootKind::Effect, "{}", def.id);
                for w in ["Any time:", "Raid:", "Roll:", "Recruit:", "Effect:", "Claim:"] {
                    assert!(!text.starts_with(w), "{}: {text:?}", def.id);
                }
                continue;
            }
        };
        assert!(text.starts_with(word), "{}: {text:?}", def.id);
    }
}

/// WOD-RAID-4, WOD-DATA-2: every gamer that will not play with someone names who; every Burn-out,
/// Learns, Cash shop, Ragequit and cannot-raid gamer says so with its number.
#[test]
fn wod_raid_4_every_skill_keyword_and_restriction_is_printed() {
    let g = game();
    let c = g.content();
    for (i, gamer) in c.gamers.iter().enumerate() {
        let text = g.gamer_text(i as u8);
        for p in &gamer.skill {
            let needed = match p {
                Passive::WontPlay { with: With::Type(t) } => format!("ill not play with {}", t.plural()),
                Passive::WontPlay { with: With::Gamer(id) } => {
                    format!("ill not play with {}", c.gamers[usize::from(c.find_gamer(id).unwrap())].name)
                }
                Passive::WontPlay { with: With::Any } => "ill not play with anyone".into(),
                Passive::Burnout { n } => format!("Burn-out {n}"),
                Passive::Learns { max } => format!("Learns (max {max})"),
                Passive::CashShop => "Cash shop".into(),
                Passive::Ragequit => "Ragequit".into(),
                Passive::CannotRaid { kind } => format!("annot raid {} dungeons", kind.name()),
                Passive::CountsAs { ty } => format!("ounts as a {} for requirements", ty.name()),
                Passive::Xp { n, kind: Some(k), .. } | Passive::PartyXp { n, kind: Some(k), .. } => {
                    format!("{} experience in {} dungeons", signed(*n), k.name())
                }
                Passive::Xp { n, per_other: Some(t), .. } => {
                    format!("{} experience per other {} in its party", signed(*n), t.name())
                }
                Passive::Xp { n, .. } | Passive::PartyXp { n, .. } => format!("{} experience", signed(*n)),
                _ => continue,
            };
            assert!(text.contains(&needed), "{}: {text:?} lacks {needed:?}", gamer.id);
        }
    }
}

/// WOD-COMP-6, WOD-DATA-2: a dungeon's raid abilities follow "Here:", its stash abilities "In your
/// Guild Stash:", and each type it names appears.
#[test]
fn wod_comp_6_dungeon_abilities_say_where_they_work() {
    let g = game();
    for (i, d) in g.content().dungeons.iter().enumerate() {
        let text = g.dungeon_text(i as u8);
        assert_eq!(text.starts_with("Here: "), !d.raid.is_empty(), "{}: {text:?}", d.id);
        assert_eq!(text.contains("In your Guild Stash: "), !d.stash.is_empty(), "{}: {text:?}", d.id);
        assert_eq!(text.is_empty(), d.raid.is_empty() && d.stash.is_empty(), "{}", d.id);
        for p in d.raid.iter().chain(&d.stash) {
            let ty = match p {
                Passive::Xp { of: Some(t), .. } | Passive::Bars { of: t } => t.plural(),
                Passive::Loot { party_has: Some(t), .. } => t.name(),
                _ => continue,
            };
            assert!(text.contains(ty), "{}: {text:?} lacks {ty}", d.id);
        }
    }
}

/// WOD-STASH-2, WOD-PATCH-1, WOD-DATA-2: Stash cards speak of "your" gamers and parties, Patch
/// Notes of "every" one, each with its sign and number.
#[test]
fn wod_stash_2_stash_and_patch_notes_texts_follow_their_data() {
    let g = game();
    for (i, def) in g.content().defs.iter().enumerate() {
        let text = g.loot_text(i as u8);
        for p in &def.passive {
            let needed = match (def.kind, p) {
                (LootKind::Stash, Passive::Xp { n, of: Some(t), .. }) => {
                    format!("Your {} {} experience", t.plural(), signed(*n))
                }
                (LootKind::Stash, Passive::PartyXp { n, kind: Some(k), .. }) => {
                    format!("Your parties {} experience in {} dungeons", signed(*n), k.name())
                }
                (LootKind::PatchNotes, Passive::Xp { n, of: Some(t), .. }) => {
                    format!("Every {} {} experience", t.name(), signed(*n))
                }
                (LootKind::PatchNotes, Passive::Difficulty { n, kind: Some(k) }) => {
                    format!("Every {} dungeon's difficulty {}", k.name(), signed(*n))
                }
                (LootKind::PatchNotes, Passive::Loot { n, kind: Some(k), .. }) => {
                    format!("Every {} dungeon's loot {}", k.name(), signed(*n))
                }
                (_, Passive::HandLimit { n }) => format!("and limit {}", signed(*n)),
                (_, Passive::GuildLimit { n }) => format!("uild limit {}", signed(*n)),
                (_, Passive::Face { from, to, .. }) => format!(
                    "{} counts as {}",
                    from.to_string().replace('-', "\u{2212}"),
                    to.to_string().replace('-', "\u{2212}")
                ),
                _ => continue,
            };
            assert!(text.contains(&needed), "{}: {text:?} lacks {needed:?}", def.id);
        }
        if def.kind == LootKind::PatchNotes {
            assert!(text.starts_with("Every ") || text.starts_with("The "), "{}: {text:?}", def.id);
        }
    }
}

// ================================================================ every ability, every place

/// What an ability that does nothing where it is printed reads, in each place.
const NE: [&str; 5] = ["No effect.", "Here: no effect.", "In your Guild Stash: no effect.", "No effect.", "No effect."];

/// Each ability of the vocabulary, and its text on a gamer, on a dungeon being raided, on a
/// claimed dungeon, on a Stash card and on Patch Notes. The places where the rules ignore it
/// (`values.rs`, `raid.rs`) read "no effect".
const ABILITIES: &[(&str, [&str; 5])] = &[
    (
        r#"{ is = "xp", n = 1 }"#,
        [
            "+1 experience.",
            "Here: each member of the party +1 experience.",
            NE[2],
            NE[3],
            "Every guildmember +1 experience.",
        ],
    ),
    (
        r#"{ is = "xp", n = -1, to = "party", of = "noob" }"#,
        [
            "Each Noob in its party −1 experience.",
            "Here: Noobs −1 experience.",
            NE[2],
            NE[3],
            "Every Noob −1 experience.",
        ],
    ),
    (
        r#"{ is = "xp", n = 1, to = "party-others" }"#,
        [
            "Each other member of its party +1 experience.",
            "Here: each member of the party +1 experience.",
            NE[2],
            NE[3],
            "Every guildmember +1 experience.",
        ],
    ),
    (
        r#"{ is = "xp", n = 2, to = "yours", of = "leader", in = "boss" }"#,
        [
            "Your Leaders +2 experience in Boss dungeons.",
            NE[1],
            "In your Guild Stash: your Leaders +2 experience in Boss dungeons.",
            "Your Leaders +2 experience in Boss dungeons.",
            "Every Leader +2 experience in Boss dungeons.",
        ],
    ),
    (
        r#"{ is = "xp", n = 1, to = "every", per-other = "casual" }"#,
        [
            "Every guildmember +1 experience per other Casual in its party.",
            "Here: every guildmember +1 experience per other Casual in its party.",
            "In your Guild Stash: every guildmember +1 experience per other Casual in its party.",
            "Every guildmember +1 experience per other Casual in its party.",
            "Every guildmember +1 experience per other Casual in its party.",
        ],
    ),
    (
        r#"{ is = "xp", n = 1, to = "party-others", min-party = 3, party-has = "troll" }"#,
        [
            "Each other member of its party +1 experience if the party has 3 or more members and includes a Troll.",
            "Here: each member of the party +1 experience if the party has 3 or more members and includes a Troll.",
            NE[2],
            NE[3],
            "Every guildmember +1 experience in a party of 3 or more with a Troll.",
        ],
    ),
    (
        r#"{ is = "xp", n = 1, of = "casual", min-party = 2 }"#,
        [
            "+1 experience while it is a Casual in a party of 2 or more.",
            "Here: Casuals +1 experience if the party has 2 or more members.",
            NE[2],
            NE[3],
            "Every Casual +1 experience in a party of 2 or more.",
        ],
    ),
    (
        r#"{ is = "xp", n = 1, to = "yours", per-other = "troll", party-has = "leader" }"#,
        [
            "Your guildmembers +1 experience per other Troll in their party in a party with a Leader.",
            NE[1],
            "In your Guild Stash: your guildmembers +1 experience per other Troll in their party in a party with a Leader.",
            "Your guildmembers +1 experience per other Troll in their party in a party with a Leader.",
            "Every guildmember +1 experience per other Troll in its party in a party with a Leader.",
        ],
    ),
    (
        r#"{ is = "party-xp", n = -2, in = "boss" }"#,
        [
            "Its party −2 experience in Boss dungeons.",
            "Here: the party −2 experience in Boss dungeons.",
            "In your Guild Stash: your parties −2 experience in Boss dungeons.",
            "Your parties −2 experience in Boss dungeons.",
            "Every party −2 experience in Boss dungeons.",
        ],
    ),
    (
        r#"{ is = "party-xp", n = 1, of = "casual", min-party = 2, party-has = "leader" }"#,
        [
            "Its party +1 experience if it has 2 or more members and includes a Casual and a Leader.",
            "Here: the party +1 experience if it has 2 or more members and includes a Casual and a Leader.",
            "In your Guild Stash: your parties of 2 or more with a Casual and a Leader +1 experience.",
            "Your parties of 2 or more with a Casual and a Leader +1 experience.",
            "Every party of 2 or more with a Casual and a Leader +1 experience.",
        ],
    ),
    (
        r#"{ is = "difficulty", n = -1, kind = "farm" }"#,
        [
            NE[0],
            "Here: difficulty −1.",
            "In your Guild Stash: difficulty −1 for the Farm dungeons you raid.",
            "Difficulty −1 for the Farm dungeons you raid.",
            "Every Farm dungeon's difficulty −1.",
        ],
    ),
    (
        r#"{ is = "difficulty", n = 2 }"#,
        [
            NE[0],
            "Here: difficulty +2.",
            "In your Guild Stash: difficulty +2 for the dungeons you raid.",
            "Difficulty +2 for the dungeons you raid.",
            "Every dungeon's difficulty +2.",
        ],
    ),
    (
        r#"{ is = "loot", n = 1, kind = "boss", party-has = "leader" }"#,
        [
            NE[0],
            "Here: loot +1 if it is a Boss dungeon and the party includes a Leader.",
            "In your Guild Stash: loot +1 for each Boss dungeon you claim with a Leader in its party.",
            "Loot +1 for each Boss dungeon you claim with a Leader in its party.",
            "Every Boss dungeon's loot +1 when its party includes a Leader.",
        ],
    ),
    (
        r#"{ is = "loot", n = -1 }"#,
        [
            NE[0],
            "Here: loot −1.",
            "In your Guild Stash: loot −1 for each dungeon you claim.",
            "Loot −1 for each dungeon you claim.",
            "Every dungeon's loot −1.",
        ],
    ),
    (
        r#"{ is = "claim-loot", n = -1 }"#,
        [
            "A claim with it in a party draws 1 fewer Loot.",
            "Here: the claim draws 1 fewer Loot.",
            "In your Guild Stash: your claims draw 1 fewer Loot.",
            "Your claims draw 1 fewer Loot.",
            "Every claim draws 1 fewer Loot.",
        ],
    ),
    (
        r#"{ is = "claim-loot", n = 2 }"#,
        [
            "A claim with it in a party draws 2 more Loot.",
            "Here: the claim draws 2 more Loot.",
            "In your Guild Stash: your claims draw 2 more Loot.",
            "Your claims draw 2 more Loot.",
            "Every claim draws 2 more Loot.",
        ],
    ),
    (
        r#"{ is = "vp", n = 1 }"#,
        ["Your VP +1.", NE[1], "In your Guild Stash: your VP +1.", "Your VP +1.", "Every player's VP +1."],
    ),
    (
        r#"{ is = "vp", n = -1, per-other-boss = true }"#,
        [
            "Your VP −1 per Boss dungeon in your Guild Stash.",
            NE[1],
            "In your Guild Stash: your VP −1 per other Boss dungeon in your Guild Stash.",
            "Your VP −1 per Boss dungeon in your Guild Stash.",
            "Every player's VP −1 per Boss dungeon in their Guild Stash.",
        ],
    ),
    (
        r#"{ is = "hand-limit", n = 1 }"#,
        [
            "Your hand limit +1.",
            NE[1],
            "In your Guild Stash: hand limit +1.",
            "Hand limit +1.",
            "Every player's hand limit +1.",
        ],
    ),
    (
        r#"{ is = "guild-limit", n = -1 }"#,
        [
            "Your guild limit −1.",
            NE[1],
            "In your Guild Stash: guild limit −1.",
            "Guild limit −1.",
            "Every player's guild limit −1.",
        ],
    ),
    (
        r#"{ is = "row-limit", row = "forum", n = 1 }"#,
        [
            "The Forum row limit +1.",
            "Here: the Forum row limit +1.",
            "In your Guild Stash: the Forum row limit +1.",
            "The Forum row limit +1.",
            "The Forum row limit +1.",
        ],
    ),
    (
        r#"{ is = "row-limit", row = "dungeon", set = 4 }"#,
        [
            "The Dungeon row limit becomes 4.",
            "Here: the Dungeon row limit becomes 4.",
            "In your Guild Stash: the Dungeon row limit becomes 4.",
            "The Dungeon row limit becomes 4.",
            "The Dungeon row limit becomes 4.",
        ],
    ),
    (
        r#"{ is = "burnout-plus", n = 1 }"#,
        [
            "Your guildmembers' Burn-out +1.",
            NE[1],
            "In your Guild Stash: your guildmembers' Burn-out +1.",
            "Your guildmembers' Burn-out +1.",
            "Every guildmember's Burn-out +1.",
        ],
    ),
    (
        r#"{ is = "face", from = "-3", to = "-1" }"#,
        [
            "A −3 rolled for its party counts as −1.",
            "Here: a −3 counts as −1.",
            "In your Guild Stash: your −3 counts as −1.",
            "Your −3 counts as −1.",
            "Every −3 counts as −1.",
        ],
    ),
    (
        // Once per game only on a Stash card: only a Stash card is discarded once used.
        r#"{ is = "face", from = "skull", to = "0", once-per-game = true }"#,
        [
            "A skull rolled for its party counts as 0.",
            "Here: a skull counts as 0.",
            "In your Guild Stash: your skull counts as 0.",
            "Once per game, your skull counts as 0; then discard this card.",
            "Every skull counts as 0.",
        ],
    ),
    (
        r#"{ is = "face", from = "+2", to = "skull" }"#,
        [
            "A +2 rolled for its party counts as a skull.",
            "Here: a +2 counts as a skull.",
            "In your Guild Stash: your +2 counts as a skull.",
            "Your +2 counts as a skull.",
            "Every +2 counts as a skull.",
        ],
    ),
    (
        r#"{ is = "skull-discards", n = 1 }"#,
        [
            "A skull in its party discards 1 more member.",
            "Here: a skull discards 1 more member.",
            "In your Guild Stash: a skull in your parties discards 1 more member.",
            "A skull in your parties discards 1 more member.",
            "Every skull discards 1 more member.",
        ],
    ),
    (
        r#"{ is = "skull-discards", n = -2 }"#,
        [
            "A skull in its party discards 2 fewer members.",
            "Here: a skull discards 2 fewer members.",
            "In your Guild Stash: a skull in your parties discards 2 fewer members.",
            "A skull in your parties discards 2 fewer members.",
            "Every skull discards 2 fewer members.",
        ],
    ),
    (
        r#"{ is = "grind-draws", n = 1 }"#,
        [
            "When you grind, draw 1 more Loot.",
            NE[1],
            "In your Guild Stash: when you grind, draw 1 more Loot.",
            "When you grind, draw 1 more Loot.",
            "Every grind draws 1 more Loot.",
        ],
    ),
    (r#"{ is = "wont-play", with = { type = "troll" } }"#, ["Will not play with Trolls.", NE[1], NE[2], NE[3], NE[4]]),
    (r#"{ is = "wont-play", with = "any" }"#, ["Will not play with anyone.", NE[1], NE[2], NE[3], NE[4]]),
    (
        r#"{ is = "wont-play", with = { gamer = "target-tina" } }"#,
        ["Will not play with Target Tina.", NE[1], NE[2], NE[3], NE[4]],
    ),
    (r#"{ is = "cannot-raid", kind = "farm" }"#, ["Cannot raid Farm dungeons.", NE[1], NE[2], NE[3], NE[4]]),
    (r#"{ is = "bars", of = "noob" }"#, [NE[0], "Here: Noobs cannot raid.", NE[2], NE[3], NE[4]]),
    (r#"{ is = "counts-as", type = "leader" }"#, ["Counts as a Leader for requirements.", NE[1], NE[2], NE[3], NE[4]]),
    (
        r#"{ is = "ignore-skills", of = "troll" }"#,
        [
            NE[0],
            NE[1],
            "In your Guild Stash: the skills of your Trolls are ignored.",
            "The skills of your Trolls are ignored.",
            NE[4],
        ],
    ),
    (r#"{ is = "burnout", n = 3 }"#, ["Burn-out 3.", NE[1], NE[2], NE[3], NE[4]]),
    (r#"{ is = "learns", max = 2 }"#, ["Learns (max 2).", NE[1], NE[2], NE[3], NE[4]]),
    (r#"{ is = "cash-shop" }"#, ["Cash shop.", NE[1], NE[2], NE[3], NE[4]]),
    (r#"{ is = "ragequit" }"#, ["Ragequit.", NE[1], NE[2], NE[3], NE[4]]),
    (
        r#"{ is = "on-claim", draw = 2 }"#,
        [
            "When a raid it was in is claimed, draw 2 more Loot.",
            NE[1],
            NE[2],
            "When you claim, draw 2 more Loot.",
            NE[4],
        ],
    ),
];

/// A game on content made for a test: the files given replace the built-in ones.
fn game_on(files: &[(&str, String)]) -> WorldOfDungeons {
    let mut config = Config::players(2);
    config.content = files.iter().map(|(k, v)| ((*k).to_owned(), v.clone())).collect::<BTreeMap<_, _>>();
    WorldOfDungeons::new(&config).unwrap_or_else(|e| panic!("content refused: {e}"))
}

/// Forum, dungeon and Loot files with each ability in each place: gamer `g{i}` has it as its
/// skill, dungeon `r{i}` as a raid ability, `s{i}` as a stash ability, Stash card `k{i}` and
/// Patch Notes `p{i}` as theirs. Gamer `target-tina` is there to be named; she, two more gamers,
/// a dungeon and five Stash cards make the decks large enough to load.
fn every_place(abilities: &[&str]) -> Vec<(&'static str, String)> {
    let mut forum = String::new();
    for (id, name) in [("target-tina", "Target Tina"), ("filler-fay", "Filler Fay"), ("filler-finn", "Filler Finn")] {
        forum += &format!(
            "[[gamer]]\nid = \"{id}\"\nname = \"{name}\"\ntype = \"casual\"\nxp = 1\nskill = [{{ is = \"cash-shop\" }}]\n"
        );
    }
    let mut dungeons = String::from(
        "[[dungeon]]\nid = \"filler\"\nname = \"Filler\"\nkind = \"farm\"\ndifficulty = 2\nloot = 1\nvp = 1\n",
    );
    let mut loot = String::from(
        "[[loot]]\nid = \"filler\"\nname = \"Filler\"\nkind = \"stash\"\ncopies = 5\nstash = [{ is = \"hand-limit\", n = 1 }]\n",
    );
    for (i, a) in abilities.iter().enumerate() {
        forum += &format!("[[gamer]]\nid = \"g{i}\"\nname = \"G{i}\"\ntype = \"casual\"\nxp = 1\nskill = [{a}]\n");
        for (prefix, field) in [("r", "raid"), ("s", "stash")] {
            dungeons += &format!(
                "[[dungeon]]\nid = \"{prefix}{i}\"\nname = \"D{prefix}{i}\"\nkind = \"farm\"\ndifficulty = 2\nloot = 1\nvp = 1\n{field} = [{a}]\n"
            );
        }
        loot += &format!("[[loot]]\nid = \"k{i}\"\nname = \"K{i}\"\nkind = \"stash\"\nstash = [{a}]\n");
        loot += &format!("[[loot]]\nid = \"p{i}\"\nname = \"P{i}\"\nkind = \"patch-notes\"\nlasting = [{a}]\n");
    }
    vec![("forum.toml", forum), ("dungeons.toml", dungeons), ("loot.toml", loot)]
}

/// WOD-DATA-2: every ability of the vocabulary reads right in every place it can be printed,
/// including the places where the rules give it no effect.
#[test]
fn wod_data_2_every_ability_in_every_place() {
    for chunk in ABILITIES.chunks(20) {
        let abilities: Vec<&str> = chunk.iter().map(|(a, _)| *a).collect();
        let g = game_on(&every_place(&abilities));
        let c = g.content();
        for (i, (ability, expected)) in chunk.iter().enumerate() {
            let got = [
                g.gamer_text(c.find_gamer(&format!("g{i}")).unwrap()),
                g.dungeon_text(c.find_dungeon(&format!("r{i}")).unwrap()),
                g.dungeon_text(c.find_dungeon(&format!("s{i}")).unwrap()),
                g.loot_text(c.find_def(&format!("k{i}")).unwrap()),
                g.loot_text(c.find_def(&format!("p{i}")).unwrap()),
            ];
            for (k, place) in ["gamer", "raid ability", "stash ability", "Stash card", "Patch Notes"].iter().enumerate()
            {
                assert_eq!(got[k], expected[k], "{ability} on a {place}");
            }
        }
    }
}

/// WOD-DATA-2: several items of one skill make at most three sentences: keywords first, then
/// modifiers and triggers, then restrictions, each "will not play with" and "cannot raid" merged
/// into one; several abilities of a dungeon, a Stash card or Patch Notes make one sentence each.
#[test]
fn wod_data_2_several_items_combine_into_few_sentences() {
    let forum = r#"
[[gamer]]
id = "target-tina"
name = "Target Tina"
type = "casual"
xp = 1
skill = [{ is = "ragequit" }, { is = "burnout", n = 2 }, { is = "learns", max = 3 }, { is = "cash-shop" }]
[[gamer]]
id = "picky-pat"
name = "Picky Pat"
type = "leader"
xp = 2
skill = [{ is = "wont-play", with = { type = "troll" } }, { is = "cannot-raid", kind = "boss" }, { is = "wont-play", with = { gamer = "target-tina" } }, { is = "cannot-raid", kind = "farm" }]
[[gamer]]
id = "grumpy-gil"
name = "Grumpy Gil"
type = "troll"
xp = 3
skill = [{ is = "wont-play", with = { type = "troll" } }, { is = "wont-play", with = "any" }]
[[gamer]]
id = "busy-bea"
name = "Busy Bea"
type = "hardcore"
xp = 4
skill = [{ is = "xp", n = 1, in = "farm" }, { is = "wont-play", with = { type = "noob" } }, { is = "party-xp", n = -1 }, { is = "burnout", n = 2 }]
"#;
    let dungeons = r#"
[[dungeon]]
id = "twin-towers"
name = "Twin Towers"
kind = "boss"
difficulty = 8
loot = 2
vp = 4
needs = ["leader"]
raid = [{ is = "xp", to = "party", of = "casual", n = 1 }, { is = "skull-discards", n = 1 }]
stash = [{ is = "hand-limit", n = 1 }, { is = "grind-draws", n = 1 }]
[[dungeon]]
id = "a"
name = "A"
kind = "farm"
difficulty = 2
loot = 1
vp = 1
[[dungeon]]
id = "b"
name = "B"
kind = "farm"
difficulty = 2
loot = 1
vp = 1
"#;
    let loot = r#"
[[loot]]
id = "combo"
name = "Combo"
kind = "stash"
copies = 5
stash = [{ is = "xp", to = "yours", of = "casual", n = 1 }, { is = "hand-limit", n = 1 }]
[[loot]]
id = "big-patch"
name = "Big Patch"
kind = "patch-notes"
lasting = [{ is = "xp", to = "every", of = "troll", n = -1 }, { is = "row-limit", row = "forum", set = 2 }]
[[loot]]
id = "shuffle"
name = "Shuffle"
kind = "patch-notes"
now = [{ do = "row-to-bottom", row = "dungeon" }, { do = "purge-forum" }]
"#;
    let g = game_on(&[("forum.toml", forum.into()), ("dungeons.toml", dungeons.into()), ("loot.toml", loot.into())]);
    let c = g.content();
    let gamer = |id: &str| g.gamer_text(c.find_gamer(id).unwrap());
    assert_eq!(gamer("target-tina"), "Ragequit, Burn-out 2, Learns (max 3), Cash shop.");
    assert_eq!(gamer("picky-pat"), "Will not play with Trolls or Target Tina and cannot raid Boss or Farm dungeons.");
    assert_eq!(gamer("grumpy-gil"), "Will not play with anyone.");
    assert_eq!(
        gamer("busy-bea"),
        "Burn-out 2. +1 experience in Farm dungeons; its party −1 experience. Will not play with Noobs."
    );
    assert_eq!(
        g.dungeon_text(c.find_dungeon("twin-towers").unwrap()),
        "Here: Casuals +1 experience; a skull discards 1 more member. \
         In your Guild Stash: hand limit +1; when you grind, draw 1 more Loot."
    );
    assert_eq!(g.loot_text(c.find_def("combo").unwrap()), "Your Casuals +1 experience; hand limit +1.");
    assert_eq!(
        g.loot_text(c.find_def("big-patch").unwrap()),
        "Every Troll −1 experience; the Forum row limit becomes 2."
    );
    assert_eq!(
        g.loot_text(c.find_def("shuffle").unwrap()),
        "Every card of the Dungeon row goes to the bottom of the Dungeon deck; \
         every gamer in the Forum row goes to the Forum discard pile."
    );
}

/// Effect cards made for a test: `(timing, picks, steps, expected text)`.
const EFFECTS: &[(&str, &str, &str, &str)] = &[
    (
        "any",
        r#"{ pick = "guildmember", whose = "yours" }"#,
        r#"{ do = "xp", n = 1 }, { do = "afk" }"#,
        "Any time: one of your guildmembers +1 experience until end of turn and that guildmember leaves its party \
         and may not join one this turn.",
    ),
    (
        "raid",
        r#"{ pick = "declared-dungeon" }"#,
        r#"{ do = "difficulty", n = -1 }, { do = "party-xp", n = 1 }"#,
        "Raid: a declared dungeon's difficulty −1 and the party raiding that dungeon +1 experience until end of turn.",
    ),
    (
        "any",
        r#"{ pick = "forum-gamer" }"#,
        r#"{ do = "join" }"#,
        "Any time: a gamer in the Forum row joins your guild (only while it is under its guild limit).",
    ),
    (
        "any",
        r#"{ pick = "forum-gamer", of = "troll" }, { pick = "player", whose = "others", needs = "stash-card" }"#,
        r#"{ do = "join" }"#,
        "Any time: a Troll in the Forum row joins the guild of another player with a Stash card \
         (only while it is under its guild limit).",
    ),
    (
        "any",
        r#"{ pick = "player", whose = "others", needs = "guild-room" }, { pick = "forum-gamer", of = "noob" }"#,
        r#"{ do = "join" }"#,
        "Any time: a Noob in the Forum row joins another player's guild (only while it is under its guild limit).",
    ),
    (
        "any",
        r#"{ pick = "player", whose = "any" }"#,
        r#"{ do = "discard-stash" }"#,
        "Any time: a player discards one of their Stash cards (their choice).",
    ),
    (
        "any",
        r#"{ pick = "player", whose = "yours" }"#,
        r#"{ do = "discard-stash" }"#,
        "Any time: you discard one of your Stash cards (your choice).",
    ),
    (
        "roll",
        r#"{ pick = "declared-dungeon" }"#,
        r#"{ do = "reroll" }"#,
        "Roll: choose a declared dungeon; reroll the waiting roll.",
    ),
    ("roll", "", r#"{ do = "skull-as", face = "+2" }"#, "Roll: if the waiting roll is a skull, it counts as +2."),
    ("claim", "", r#"{ do = "claim-loot", n = 1 }"#, "Claim: the waiting claim draws 1 more Loot."),
    ("any", "", r#"{ do = "draw", n = 2 }"#, "Any time: you draw 2 Loot."),
    (
        "any",
        r#"{ pick = "guildmember", whose = "others" }, { pick = "type" }"#,
        r#"{ do = "respec" }"#,
        "Any time: the type of another player's guildmember becomes a type you name until end of turn.",
    ),
    (
        "recruit",
        r#"{ pick = "guildmember" }"#,
        r#"{ do = "cancel-recruit" }, { do = "xp", n = -1 }"#,
        "Recruit: cancel the waiting recruit; the gamer stays in the Forum row and a guildmember −1 experience until \
         end of turn.",
    ),
    (
        "effect",
        r#"{ pick = "stacked-effect" }"#,
        r#"{ do = "cancel-effect" }, { do = "draw", n = 1 }"#,
        "Effect: cancel an Effect card on the stack and you draw 1 Loot.",
    ),
    (
        "any",
        r#"{ pick = "guildmember", whose = "others" }"#,
        r#"{ do = "poach" }, { do = "xp", n = 1 }"#,
        "Any time: move another player's guildmember into your guild (only while yours is under its guild limit) \
         and that guildmember +1 experience until end of turn.",
    ),
];

/// WOD-EFFECT-1, WOD-DATA-2: an Effect card names its timing, then each choice where a step first
/// acts on it ("that guildmember" after), and says "until end of turn" once after a run of lasting
/// changes; a choice no step acts on is still printed.
#[test]
fn wod_effect_1_effect_cards_name_their_choices_and_steps() {
    let mut loot = String::new();
    for (i, (timing, pick, steps, _)) in EFFECTS.iter().enumerate() {
        loot += &format!(
            "[[loot]]\nid = \"e{i}\"\nname = \"E{i}\"\nkind = \"effect\"\ntiming = \"{timing}\"\npick = [{pick}]\nsteps = [{steps}]\n"
        );
    }
    let g = game_on(&[("loot.toml", loot)]);
    for (i, (_, _, _, expected)) in EFFECTS.iter().enumerate() {
        assert_eq!(g.loot_text(g.content().find_def(&format!("e{i}")).unwrap()), *expected, "card e{i}");
    }
}

/// WOD-DATA-1, WOD-DATA-2: an Effect card whose step acts only as a Patch Notes card's immediate
/// effect is refused at load, as its text would promise what the card does not do (regression:
/// such a step was accepted and did nothing).
#[test]
fn wod_data_1_effect_card_with_an_immediate_patch_notes_step_is_refused() {
    for step in [r#"{ do = "purge-forum" }"#, r#"{ do = "row-to-bottom", row = "forum" }"#] {
        let mut loot = String::from(
            "[[loot]]\nid = \"fine\"\nname = \"Fine\"\nkind = \"effect\"\ncopies = 5\ntiming = \"roll\"\nsteps = [{ do = \"reroll\" }]\n",
        );
        loot += &format!(
            "[[loot]]\nid = \"purge\"\nname = \"Purge\"\nkind = \"effect\"\ntiming = \"any\"\nsteps = [{step}]\n"
        );
        let mut config = Config::players(2);
        config.content.insert("loot.toml".into(), loot);
        let word = if step.contains("purge") { "purge-forum" } else { "row-to-bottom" };
        match WorldOfDungeons::new(&config).unwrap_err() {
            ConfigError::Content { file, line, reason } => {
                assert_eq!((file.as_str(), line), ("loot.toml", Some(8)));
                assert_eq!(
                    reason,
                    format!("loot purge: step `{word}` is an immediate Patch Notes effect only (`now`)")
                );
            }
            e => panic!("{e}"),
        }
    }
}

// ================================================================ the pinned cards in play

/// Puts gamer `id` into `seat`'s guild (not joined this turn), in the party at `party`.
fn member(g: &WorldOfDungeons, t: &mut Table, seat: usize, id: &str, party: Option<u8>) {
    let x = gamer(g, id);
    t.forum_deck.unseen.0 &= !(1u64 << x);
    t.forum_row.retain(|y| *y != x);
    t.seats[seat].guild.push(Member { gamer: x, joined: false, raids: 0, claims: 0, party, afk: false });
}

/// Moves dungeons from the deck into the Dungeon row.
fn row(g: &WorldOfDungeons, t: &mut Table, ids: &[&str]) {
    for id in ids {
        let d = dungeon(g, id);
        t.dungeon_deck.unseen.0 &= !(1u64 << d);
        t.dungeon_row.push(d);
    }
}

/// Moves gamers from the deck into the Forum row.
fn forum(g: &WorldOfDungeons, t: &mut Table, ids: &[&str]) {
    for id in ids {
        let x = gamer(g, id);
        t.forum_deck.unseen.0 &= !(1u64 << x);
        t.forum_row.push(x);
    }
}

/// Declares these dungeons (put in the row) and waits for the next one to raid (WOD-RAID-6).
fn raid(g: &WorldOfDungeons, t: &mut Table, ids: &[&str]) {
    row(g, t, ids);
    for id in ids {
        t.raid.push(Declared { dungeon: dungeon(g, id), face: None, won: false });
    }
    t.steps = Stack::with(Step::Phase(Phase::NextRaid));
}

fn hand(g: &WorldOfDungeons, t: &mut Table, seat: usize, id: &str) {
    let k = take(g, t, id);
    t.seats[seat].hand.0 |= 1 << k;
}

fn load(g: &WorldOfDungeons, t: Table) -> State {
    g.from_setup(t).unwrap_or_else(|e| panic!("position refused: {e}"))
}

fn look(g: &WorldOfDungeons, s: &State) -> Observation {
    g.observe(s, Viewer::Spectator)
}

/// A guildmember's experience now, by name.
fn xp_now(o: &Observation, seat: usize, name: &str) -> i32 {
    o.seats[seat].guild.iter().find(|m| m.name == name).unwrap_or_else(|| panic!("{name} not in the guild")).xp_now
}

fn act(g: &WorldOfDungeons, s: &mut State, seat: usize, a: Action, rng: &mut impl Chance) {
    g.apply(s, p(seat), a, rng).unwrap_or_else(|e| panic!("{a:?} refused: {e}"));
}

fn guild_names(s: &State, g: &WorldOfDungeons, seat: usize) -> Vec<String> {
    s.table().seats[seat].guild.iter().map(|m| g.content().gamer(m.gamer).name.clone()).collect()
}

fn discarded(s: &State, g: &WorldOfDungeons, id: &str) -> bool {
    s.table().forum_discard.0 & (1 << gamer(g, id)) != 0
}

/// WOD-RAID-7, WOD-DATA-2 (`raid-mom`): each other member of her party +1, herself and members
/// outside the party unchanged; the party's experience is the sum.
#[test]
fn wod_raid_7_raid_mom_gives_each_other_member_of_her_party_plus_1() {
    let g = game();
    let mut t = blank(&g);
    raid(&g, &mut t, &["goblin-warrens"]);
    member(&g, &mut t, 0, "raid-mom", Some(0));
    member(&g, &mut t, 0, "whale-wallace", Some(0));
    member(&g, &mut t, 0, "dad-of-three", None);
    let o = look(&g, &load(&g, t));
    assert_eq!(xp_now(&o, 0, "Raid Mom"), 3);
    assert_eq!(xp_now(&o, 0, "Whale Wallace"), 4);
    assert_eq!(xp_now(&o, 0, "Dad of Three"), 4);
    assert_eq!(o.raid[0].xp, 7);
}

/// WOD-RAID-7 (`flamebait`): each other member of its party −1.
#[test]
fn wod_raid_7_flamebait_takes_1_from_each_other_member_of_its_party() {
    let g = game();
    let mut t = blank(&g);
    raid(&g, &mut t, &["goblin-warrens"]);
    member(&g, &mut t, 0, "flamebait", Some(0));
    member(&g, &mut t, 0, "whale-wallace", Some(0));
    member(&g, &mut t, 0, "dad-of-three", None);
    let o = look(&g, &load(&g, t));
    assert_eq!(xp_now(&o, 0, "Flamebait"), 4);
    assert_eq!(xp_now(&o, 0, "Whale Wallace"), 2);
    assert_eq!(xp_now(&o, 0, "Dad of Three"), 4);
    assert_eq!(o.raid[0].xp, 6);
}

/// WOD-RAID-7 (`leroy`): his party −2 in a Boss dungeon, nothing in a Farm dungeon.
#[test]
fn wod_raid_7_leroy_costs_his_party_2_in_boss_dungeons_only() {
    let g = game();
    let mut t = blank(&g);
    raid(&g, &mut t, &["hydra-marsh", "goblin-warrens"]);
    member(&g, &mut t, 0, "leroy", Some(0));
    member(&g, &mut t, 0, "whale-wallace", Some(0));
    member(&g, &mut t, 0, "dad-of-three", Some(1));
    let o = look(&g, &load(&g, t));
    assert_eq!(o.raid[0].xp, 1 + 3 - 2);
    assert_eq!(o.raid[1].xp, 4);
    let mut t = blank(&g);
    raid(&g, &mut t, &["goblin-warrens"]);
    member(&g, &mut t, 0, "leroy", Some(0));
    member(&g, &mut t, 0, "whale-wallace", Some(0));
    assert_eq!(look(&g, &load(&g, t)).raid[0].xp, 4);
}

/// WOD-RAID-7, WOD-RAID-4 (`weekend-wendy`): +1 in a Farm dungeon; no legal raid of a Boss dungeon
/// she alone could meet the requirement of, where another Casual could.
#[test]
fn wod_raid_4_weekend_wendy_gets_1_in_farms_and_cannot_raid_bosses() {
    let g = game();
    let mut t = blank(&g);
    raid(&g, &mut t, &["kobold-mines"]);
    member(&g, &mut t, 0, "weekend-wendy", Some(0));
    assert_eq!(xp_now(&look(&g, &load(&g, t)), 0, "Weekend Wendy"), 3);
    let (boss, farm) = (dungeon(&g, "clockwork-colossus"), dungeon(&g, "kobold-mines"));
    for (who, expected) in [
        ("weekend-wendy", vec![Action::Grind, Action::Dungeon(farm)]),
        ("mobile-mia", vec![Action::Grind, Action::Dungeon(boss), Action::Dungeon(farm)]),
    ] {
        let mut t = blank(&g);
        row(&g, &mut t, &["clockwork-colossus", "kobold-mines"]);
        member(&g, &mut t, 0, who, None);
        t.steps = Stack::with(Step::Phase(Phase::Dungeon));
        assert_eq!(g.legal_actions(&load(&g, t), p(0)), expected, "{who}");
    }
}

/// End-of-turn burn-out (`no-life-nate`, Burn-out 2): its burn-out is 2 (3 with Vacation Days); at
/// the end of a turn in which it has raided twice it goes to the Forum discard pile, after once it
/// stays.
#[test]
fn wod_end_1_no_life_nate_burns_out_after_2_raids() {
    let g = game();
    let mut t = blank(&g);
    member(&g, &mut t, 0, "no-life-nate", None);
    assert_eq!(look(&g, &load(&g, t.clone())).seats[0].guild[0].burnout, Some(2));
    let k = take(&g, &mut t, "vacation-days");
    t.seats[0].stash.0 |= 1 << k;
    assert_eq!(look(&g, &load(&g, t)).seats[0].guild[0].burnout, Some(3));
    for (raids, gone) in [(2, true), (1, false)] {
        let mut t = blank(&g);
        member(&g, &mut t, 0, "no-life-nate", None);
        t.seats[0].guild[0].raids = raids;
        t.steps = Stack::with(Step::Phase(Phase::Dungeon));
        let mut s = load(&g, t);
        // The grind draws the lowest card of the Loot deck (an Effect card).
        act(&g, &mut s, 0, Action::Grind, &mut Scripted::with([ScriptedValue::Pick(0)], SeededRng::new(3)));
        assert_eq!(discarded(&s, &g, "no-life-nate"), gone, "after {raids} raids");
        assert_eq!(guild_names(&s, &g, 0).is_empty(), gone, "after {raids} raids");
    }
}

/// WOD-RAID-7 (`olde-bard`): +1 per other Roleplayer in his party.
#[test]
fn wod_raid_7_olde_bard_gets_1_per_other_roleplayer_in_his_party() {
    let g = game();
    let mut t = blank(&g);
    raid(&g, &mut t, &["goblin-warrens"]);
    member(&g, &mut t, 0, "olde-bard", Some(0));
    member(&g, &mut t, 0, "lorekeeper-lyra", Some(0));
    member(&g, &mut t, 0, "king-aldric", Some(0));
    member(&g, &mut t, 0, "whale-wallace", Some(0));
    let o = look(&g, &load(&g, t));
    assert_eq!(xp_now(&o, 0, "Ye Olde Bard"), 2 + 2);
    assert_eq!(xp_now(&o, 0, "Lorekeeper Lyra"), 3);
    assert_eq!(o.raid[0].xp, 4 + 3 + 2 + 3);
}

/// The party choices of the second guildmember when the first is already in the party of the one
/// declared dungeon (WOD-RAID-2).
fn second_member_choices(g: &WorldOfDungeons, first: &str, second: &str) -> Vec<Action> {
    let mut t = blank(g);
    raid(g, &mut t, &["goblin-warrens"]);
    member(g, &mut t, 0, first, Some(0));
    member(g, &mut t, 0, second, None);
    t.steps = Stack::with(Step::Phase(Phase::Parties { member: 1 }));
    g.legal_actions(&load(g, t), p(0))
}

/// WOD-RAID-4 (`olde-bard`, `lady-moonwhisper`, `gankz`): who will not play with whom cannot join
/// that party, whichever of the two was placed first; others can.
#[test]
fn wod_raid_4_olde_bard_lady_moonwhisper_and_gankz_refuse_their_party() {
    let g = game();
    let gw = Action::Dungeon(dungeon(&g, "goblin-warrens"));
    assert_eq!(second_member_choices(&g, "flamebait", "olde-bard"), vec![Action::Out]);
    assert_eq!(second_member_choices(&g, "flamebait", "sir-reginald"), vec![gw, Action::Out]);
    assert_eq!(second_member_choices(&g, "gankz", "lady-moonwhisper"), vec![Action::Out]);
    assert_eq!(second_member_choices(&g, "lady-moonwhisper", "gankz"), vec![Action::Out]);
    assert_eq!(second_member_choices(&g, "flamebait", "lady-moonwhisper"), vec![gw, Action::Out]);
    assert_eq!(second_member_choices(&g, "lady-moonwhisper", "flamebait"), vec![gw, Action::Out]);
}

/// Claims the raid of `dungeon` with `party` and returns the Loot cards the claim drew.
fn claim_draws(g: &WorldOfDungeons, dungeon_id: &str, party: &[&str], patch: Option<&str>) -> u32 {
    let mut t = blank(g);
    raid(g, &mut t, &[dungeon_id]);
    t.raid[0].won = true;
    t.steps = Stack::with(Step::Phase(Phase::Claim));
    for id in party {
        member(g, &mut t, 0, id, Some(0));
    }
    if let Some(id) = patch {
        let k = take(g, &mut t, id);
        t.patch.push(k);
    }
    let mut s = load(g, t);
    // Draws take the lowest cards of the Loot deck (Effect cards, never Patch Notes).
    let mut rng = Scripted::with([ScriptedValue::Pick(0); 4], SeededRng::new(5));
    act(g, &mut s, 0, Action::Claim, &mut rng);
    s.table().seats[0].hand.0.count_ones()
}

/// WOD-CLAIM-1 (`gankz`): a claim with it in a party draws 1 fewer Loot.
#[test]
fn wod_claim_1_gankz_makes_a_claim_draw_1_fewer_loot() {
    let g = game();
    assert_eq!(claim_draws(&g, "troll-bridge", &["gankz"], None), 1);
    assert_eq!(claim_draws(&g, "troll-bridge", &["flamebait"], None), 2);
}

/// WOD-RAID-7 (`skunk-meadow`): Casuals +1 while raiding it, other types not.
#[test]
fn wod_raid_7_skunk_meadow_gives_casuals_1() {
    let g = game();
    let mut t = blank(&g);
    raid(&g, &mut t, &["skunk-meadow"]);
    member(&g, &mut t, 0, "whale-wallace", Some(0));
    member(&g, &mut t, 0, "lorekeeper-lyra", Some(0));
    let o = look(&g, &load(&g, t));
    assert_eq!(xp_now(&o, 0, "Whale Wallace"), 4);
    assert_eq!(xp_now(&o, 0, "Lorekeeper Lyra"), 3);
    assert_eq!(o.raid[0].xp, 7);
}

/// WOD-RAID-3 (`tutorial-island`, `troll-bridge`, `goblin-warrens`): a Noob or a Troll is needed,
/// `*` needs nothing.
#[test]
fn wod_raid_3_tutorial_island_needs_a_noob_and_troll_bridge_a_troll() {
    let g = game();
    let (ti, tb, gw) = (dungeon(&g, "tutorial-island"), dungeon(&g, "troll-bridge"), dungeon(&g, "goblin-warrens"));
    for (who, expected) in [
        ("whale-wallace", vec![Action::Grind, Action::Dungeon(gw)]),
        ("leroy", vec![Action::Grind, Action::Dungeon(ti), Action::Dungeon(gw)]),
        ("gankz", vec![Action::Grind, Action::Dungeon(tb), Action::Dungeon(gw)]),
    ] {
        let mut t = blank(&g);
        row(&g, &mut t, &["tutorial-island", "troll-bridge", "goblin-warrens"]);
        member(&g, &mut t, 0, who, None);
        t.steps = Stack::with(Step::Phase(Phase::Dungeon));
        assert_eq!(g.legal_actions(&load(&g, t), p(0)), expected, "{who}");
    }
}

/// Rolls a skull for a party of three at `dungeon_id` and discards members as long as asked;
/// returns who is left.
fn skull_at(g: &WorldOfDungeons, dungeon_id: &str) -> Vec<String> {
    let mut t = blank(g);
    raid(g, &mut t, &[dungeon_id]);
    for id in ["whale-wallace", "dad-of-three", "mobile-mia"] {
        member(g, &mut t, 0, id, Some(0));
    }
    let mut s = load(g, t);
    let mut rng = Scripted::with([ScriptedValue::Die(6)], SeededRng::new(7));
    act(g, &mut s, 0, Action::Dungeon(dungeon(g, dungeon_id)), &mut rng);
    while matches!(s.table().steps.top(), Some(Step::SkullDiscard { .. })) {
        let first = s.table().seats[0].guild.iter().find(|m| m.party.is_some()).unwrap().gamer;
        act(g, &mut s, 0, Action::Gamer(first), &mut rng);
    }
    guild_names(&s, g, 0)
}

/// WOD-RAID-11 (`elder-wyrm`): a skull there discards two members; elsewhere one.
#[test]
fn wod_raid_11_elder_wyrm_skull_discards_two_members() {
    let g = game();
    assert_eq!(skull_at(&g, "elder-wyrm"), vec!["Mobile Mia"]);
    assert_eq!(skull_at(&g, "goblin-warrens"), vec!["Dad of Three", "Mobile Mia"]);
}

/// A raid of Goblin Warrens (difficulty 4) by Whale Wallace (3), P1 holding `mine`, P2 `theirs`.
fn goblin_raid(g: &WorldOfDungeons, mine: &[&str], theirs: &[&str]) -> State {
    let mut t = blank(g);
    raid(g, &mut t, &["goblin-warrens"]);
    member(g, &mut t, 0, "whale-wallace", Some(0));
    for id in mine {
        hand(g, &mut t, 0, id);
    }
    for id in theirs {
        hand(g, &mut t, 1, id);
    }
    load(g, t)
}

/// WOD-EFFECT-3 (`easy-mode`): the declared dungeon's difficulty −1 for the turn.
#[test]
fn wod_effect_3_easy_mode_lowers_a_declared_dungeons_difficulty() {
    let g = game();
    let mut s = goblin_raid(&g, &["easy-mode"], &[]);
    let mut rng = SeededRng::new(1);
    act(&g, &mut s, 0, Action::Play(def(&g, "easy-mode")), &mut rng);
    act(&g, &mut s, 0, Action::Dungeon(dungeon(&g, "goblin-warrens")), &mut rng);
    let o = look(&g, &s);
    assert_eq!(o.raid[0].difficulty, 3);
    assert_eq!(o.dungeon_row[0].difficulty_now, 3);
}

/// WOD-RAID-8, WOD-RAID-10 (`lag-spike`): after a skull, the reroll's +2 is the face settled:
/// 3 + 2 reaches difficulty 4, and the raid shows the face rolled last.
#[test]
fn wod_raid_8_lag_spike_rerolls_the_waiting_roll() {
    let g = game();
    let mut s = goblin_raid(&g, &["lag-spike"], &[]);
    let mut rng = Scripted::with([ScriptedValue::Die(6), ScriptedValue::Die(5)], SeededRng::new(1));
    act(&g, &mut s, 0, Action::Dungeon(dungeon(&g, "goblin-warrens")), &mut rng);
    assert_eq!(look(&g, &s).raid[0].rolled.as_deref(), Some("skull"));
    act(&g, &mut s, 0, Action::Play(def(&g, "lag-spike")), &mut rng);
    let o = look(&g, &s);
    assert!(o.raid[0].won);
    assert_eq!(o.raid[0].rolled.as_deref(), Some("+2"));
    assert_eq!(s.table().steps.top(), Some(&Step::Phase(Phase::Claim)));
}

/// WOD-RESP-6 (`report-to-gm`): answering Pet Aggro, it cancels it: the party keeps its 3.
#[test]
fn wod_resp_6_report_to_gm_cancels_an_effect_card_on_the_stack() {
    let g = game();
    let gw = dungeon(&g, "goblin-warrens");
    for (answer, xp) in [(true, 3), (false, 2)] {
        let mut s = goblin_raid(&g, &["pet-aggro"], &["report-to-gm"]);
        let mut rng = SeededRng::new(1);
        act(&g, &mut s, 0, Action::Play(def(&g, "pet-aggro")), &mut rng);
        act(&g, &mut s, 0, Action::Dungeon(gw), &mut rng);
        if answer {
            act(&g, &mut s, 1, Action::Play(def(&g, "report-to-gm")), &mut rng);
            act(&g, &mut s, 1, Action::Stacked(0), &mut rng);
        } else {
            act(&g, &mut s, 1, Action::Pass, &mut rng);
        }
        assert!(s.table().pending.is_empty());
        assert_eq!(look(&g, &s).raid[0].xp, xp, "answered: {answer}");
    }
}

/// WOD-EFFECT-1 (`better-offer`): another player's guildmember moves into your guild; not
/// playable while your guild is at its limit.
#[test]
fn wod_effect_1_better_offer_poaches_a_guildmember() {
    let g = game();
    let mut t = blank(&g);
    member(&g, &mut t, 0, "whale-wallace", None);
    member(&g, &mut t, 1, "dad-of-three", None);
    hand(&g, &mut t, 0, "better-offer");
    let mut s = load(&g, t.clone());
    let mut rng = SeededRng::new(1);
    act(&g, &mut s, 0, Action::Play(def(&g, "better-offer")), &mut rng);
    act(&g, &mut s, 0, Action::Gamer(gamer(&g, "dad-of-three")), &mut rng);
    assert_eq!(guild_names(&s, &g, 0), vec!["Whale Wallace", "Dad of Three"]);
    assert!(guild_names(&s, &g, 1).is_empty());
    assert!(s.table().seats[0].guild[1].joined);
    member(&g, &mut t, 0, "mobile-mia", None);
    member(&g, &mut t, 0, "weekend-wendy", None);
    let full = load(&g, t);
    assert!(!g.legal_actions(&full, p(0)).contains(&Action::Play(def(&g, "better-offer"))));
}

/// WOD-RECRUIT-1 (`invite-declined`): the recruit is cancelled, the gamer stays in the Forum row.
#[test]
fn wod_recruit_1_invite_declined_cancels_the_recruit() {
    let g = game();
    let mut t = blank(&g);
    forum(&g, &mut t, &["whale-wallace", "dad-of-three"]);
    hand(&g, &mut t, 1, "invite-declined");
    t.steps = Stack::with(Step::Phase(Phase::Recruit));
    let mut s = load(&g, t);
    let mut rng = SeededRng::new(1);
    let whale = gamer(&g, "whale-wallace");
    act(&g, &mut s, 0, Action::Gamer(whale), &mut rng);
    act(&g, &mut s, 1, Action::Play(def(&g, "invite-declined")), &mut rng);
    assert!(guild_names(&s, &g, 0).is_empty());
    assert_eq!(s.table().forum_row.as_slice(), [whale, gamer(&g, "dad-of-three")]);
    assert_eq!(s.table().steps.top(), Some(&Step::Phase(Phase::Stash)));
}

/// WOD-RAID-2 (`afk`): the guildmember leaves its party and is barred from parties this turn.
#[test]
fn wod_raid_2_afk_takes_a_guildmember_out_of_its_party() {
    let g = game();
    let mut t = blank(&g);
    raid(&g, &mut t, &["goblin-warrens"]);
    member(&g, &mut t, 0, "whale-wallace", Some(0));
    member(&g, &mut t, 0, "dad-of-three", Some(0));
    hand(&g, &mut t, 0, "afk");
    let mut s = load(&g, t);
    let mut rng = SeededRng::new(1);
    act(&g, &mut s, 0, Action::Play(def(&g, "afk")), &mut rng);
    act(&g, &mut s, 0, Action::Gamer(gamer(&g, "dad-of-three")), &mut rng);
    let o = look(&g, &s);
    assert_eq!(o.raid[0].party, vec!["Whale Wallace"]);
    assert_eq!(o.raid[0].xp, 3);
    let dad = &s.table().seats[0].guild[1];
    assert!(dad.afk);
    assert_eq!(dad.party, None);
}

/// WOD-PATCH-1 (`hardcore-nerf`, `new-player-experience`, `casual-friendly`): lasting changes in
/// force from the Patch Notes row.
#[test]
fn wod_patch_1_lasting_patch_notes_change_experience_and_difficulty() {
    let g = game();
    let mut t = blank(&g);
    member(&g, &mut t, 0, "no-life-nate", None);
    member(&g, &mut t, 0, "leroy", None);
    member(&g, &mut t, 0, "whale-wallace", None);
    row(&g, &mut t, &["goblin-warrens", "troll-bridge"]);
    let plain = look(&g, &load(&g, t.clone()));
    for id in ["hardcore-nerf", "new-player-experience", "casual-friendly"] {
        let k = take(&g, &mut t, id);
        t.patch.push(k);
    }
    let o = look(&g, &load(&g, t));
    for (name, before, after) in [("No-Life Nate", 5, 4), ("Leroy", 1, 2), ("Whale Wallace", 3, 3)] {
        assert_eq!(xp_now(&plain, 0, name), before, "{name}");
        assert_eq!(xp_now(&o, 0, name), after, "{name}");
    }
    assert_eq!(plain.dungeon_row.iter().map(|d| d.difficulty_now).collect::<Vec<_>>(), [4, 7]);
    assert_eq!(o.dungeon_row.iter().map(|d| d.difficulty_now).collect::<Vec<_>>(), [3, 7]);
}

/// WOD-PATCH-1 (`loot-table-buff`): every Boss dungeon's loot +1, so a Troll Bridge claim draws 3.
#[test]
fn wod_patch_1_loot_table_buff_adds_1_loot_to_boss_claims() {
    let g = game();
    assert_eq!(claim_draws(&g, "troll-bridge", &["flamebait"], Some("loot-table-buff")), 3);
    assert_eq!(claim_draws(&g, "goblin-warrens", &["flamebait"], Some("loot-table-buff")), 1);
}

/// Grinds at a full Dungeon row (3) with `patch` in force; the next turn's Populate draws one
/// more. Returns the Dungeon row then.
fn row_after_next_populate(g: &WorldOfDungeons, patch: Option<&str>) -> usize {
    let mut t = blank(g);
    row(g, &mut t, &["boar-pasture", "wolf-den", "angry-beehive"]);
    t.steps = Stack::with(Step::Phase(Phase::Dungeon));
    if let Some(id) = patch {
        let k = take(g, &mut t, id);
        t.patch.push(k);
    }
    let mut s = load(g, t);
    act(g, &mut s, 0, Action::Grind, &mut Scripted::with([ScriptedValue::Pick(0)], SeededRng::new(9)));
    assert_eq!(s.table().turn, 6);
    s.table().dungeon_row.len()
}

/// WOD-POP-2, WOD-PATCH-1 (`expansion-launch`): the Dungeon row holds 4.
#[test]
fn wod_pop_2_expansion_launch_makes_the_dungeon_row_hold_4() {
    let g = game();
    assert_eq!(row_after_next_populate(&g, None), 3);
    assert_eq!(row_after_next_populate(&g, Some("expansion-launch")), 4);
}

/// WOD-PATCH-1, WOD-PATCH-2 (`forum-purge`): drawn by a grind, it goes into force at once: the
/// Forum row goes to the Forum discard pile, and it is not replaced by another draw.
#[test]
fn wod_patch_1_forum_purge_discards_the_forum_row() {
    let g = game();
    let mut t = blank(&g);
    forum(&g, &mut t, &["whale-wallace", "dad-of-three"]);
    t.steps = Stack::with(Step::Phase(Phase::Dungeon));
    let purge = (0..g.content().loot.len() as u8).find(|&k| g.content().def_of(k) == def(&g, "forum-purge")).unwrap();
    let rank = (t.loot_deck.0 & ((1u128 << purge) - 1)).count_ones();
    let mut s = load(&g, t);
    act(&g, &mut s, 0, Action::Grind, &mut Scripted::with([ScriptedValue::Pick(rank)], SeededRng::new(2)));
    assert!(discarded(&s, &g, "whale-wallace"));
    assert!(discarded(&s, &g, "dad-of-three"));
    assert_eq!(s.table().patch.as_slice(), [purge]);
    assert_eq!(s.table().seats[0].hand.0, 0);
}

/// WOD-RAID-7, WOD-DATA-2: party experience "of" a type works only on a party that includes that
/// type, as its text says ("Your parties with a Leader +2 experience"; regression: `of` was read
/// and then ignored, so every party got the bonus).
#[test]
fn wod_raid_7_party_experience_of_a_type_needs_that_type_in_the_party() {
    let loot = "[[loot]]\nid = \"war-drums\"\nname = \"War Drums\"\nkind = \"stash\"\ncopies = 5\n\
                stash = [{ is = \"party-xp\", n = 2, of = \"leader\" }]\n";
    let g = game_on(&[("loot.toml", loot.into())]);
    assert_eq!(g.loot_text(def(&g, "war-drums")), "Your parties with a Leader +2 experience.");
    for (party, xp) in [(&["whale-wallace"][..], 3), (&["whale-wallace", "raid-mom"][..], 4 + 3 + 2)] {
        let mut t = blank(&g);
        raid(&g, &mut t, &["goblin-warrens"]);
        for id in party {
            member(&g, &mut t, 0, id, Some(0));
        }
        let k = take(&g, &mut t, "war-drums");
        t.seats[0].stash.0 |= 1 << k;
        assert_eq!(look(&g, &load(&g, t)).raid[0].xp, xp, "{party:?}");
    }
}
