//! Every ability of the vocabulary, in every place it can be printed (WOD-DATA-2).

use super::*;

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
