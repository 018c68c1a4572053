//! Every card's text: snapshots, card by card against its intent, and checks derived from the data (WOD-DATA-2).

use super::*;

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
