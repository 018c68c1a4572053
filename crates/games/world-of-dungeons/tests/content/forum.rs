//! WOD-DIE-1, WOD-DECK-1, every file and the Forum deck: the quantities and constraints of the default content.

use super::*;

// ---------------------------------------------------------------- WOD-DIE-1

#[test]
fn wod_die_1_default_die() {
    let c = content();
    let n = Face::Number;
    assert_eq!(c.die, [Face::Skull, n(-3), n(-1), n(0), n(1), n(2)]);
}

#[test]
fn wod_die_1_success_table() {
    let c = content();
    // Sixths of success by margin (party experience minus difficulty): the spec's table.
    let expected = |margin: i32| match margin {
        m if m >= 3 => 5,
        1 | 2 => 4,
        0 => 3,
        -1 => 2,
        -2 => 1,
        _ => 0,
    };
    for margin in -8..=8 {
        // WOD-RAID-9 and WOD-RAID-10: a skull fails; any other face succeeds if margin + face ≥ 0.
        let wins = c
            .die
            .iter()
            .filter(|f| match f {
                Face::Skull => false,
                Face::Number(k) => margin + i32::from(*k) >= 0,
            })
            .count();
        assert_eq!(wins, expected(margin), "margin {margin}: {wins}/6 faces succeed");
    }
    // The table's named cells, as the spec states them.
    let sixths =
        |margin: i32| c.die.iter().filter(|f| matches!(f, Face::Number(k) if margin + i32::from(*k) >= 0)).count();
    assert_eq!([sixths(3), sixths(2), sixths(1), sixths(0), sixths(-1), sixths(-2), sixths(-3)], [5, 4, 4, 3, 2, 1, 0]);
}

// ---------------------------------------------------------------- WOD-DECK-1

/// WOD-DECK-1 deck sizes as retuned by us (WOD-DECK-2): Forum 48 and Loot 96 (60 Effect, 30 Stash,
/// 6 Patch Notes) instead of the spec's 40 and 80; the Dungeon deck keeps the spec's 40 (25 Farm,
/// 15 Boss).
#[test]
fn wod_deck_1_deck_sizes_retuned_forum_48_loot_96() {
    let c = content();
    assert_eq!(c.gamers.len(), 48, "Forum deck (our retune; spec 40)");
    assert_eq!(c.dungeons.len(), 40, "Dungeon deck");
    assert_eq!(c.dungeons.iter().filter(|d| d.kind == Kind::Farm).count(), 25, "Farm dungeons");
    assert_eq!(c.dungeons.iter().filter(|d| d.kind == Kind::Boss).count(), 15, "Boss dungeons");
    assert_eq!(c.loot.len(), 96, "Loot deck (our retune; spec 80)");
    assert_eq!(copies(&c, LootKind::Stash), 30, "Stash cards (our retune; spec 24)");
    assert_eq!(copies(&c, LootKind::Effect), 60, "Effect cards (our retune; spec 50)");
    assert_eq!(copies(&c, LootKind::PatchNotes), 6, "Patch Notes cards");
    assert_eq!(c.patch_cards.count_ones(), 6);
    for (card, &d) in c.loot.iter().enumerate() {
        let is_patch = c.patch_cards & (1 << card) != 0;
        assert_eq!(is_patch, c.defs[usize::from(d)].kind == LootKind::PatchNotes, "Loot card {card}");
    }
}

// ---------------------------------------------------------------- WOD-DATA-1: every file

#[test]
fn wod_data_1_files_are_original_content_without_rules_text() {
    for (file, text) in [
        (DIE_FILE, BUILT_IN_DIE),
        (FORUM_FILE, BUILT_IN_FORUM),
        (DUNGEONS_FILE, BUILT_IN_DUNGEONS),
        (LOOT_FILE, BUILT_IN_LOOT),
    ] {
        assert!(text.starts_with("# World of Dungeons"), "{file} starts with its header comment");
        let header: String = text.lines().take_while(|l| l.starts_with('#')).collect::<Vec<_>>().join("\n");
        assert!(
            header.contains("ORIGINAL CONTENT of the Worlds project"),
            "{file}: header says it is original content"
        );
        for forbidden in ["text =", "rules =", "rule ="] {
            assert!(!text.contains(forbidden), "{file}: no rules text (`{forbidden}`)");
        }
    }
    let c = content();
    let quotes = c
        .gamers
        .iter()
        .map(|g| (&g.id, &g.quote))
        .chain(c.dungeons.iter().map(|d| (&d.id, &d.quote)))
        .chain(c.defs.iter().map(|d| (&d.id, &d.quote)));
    for (id, quote) in quotes {
        let quote = quote.as_deref().unwrap_or_else(|| panic!("{id} has a quote"));
        assert!(!quote.trim().is_empty() && !quote.contains('\n'), "{id}: a quote is one line");
        assert!(quote.chars().count() <= 100, "{id}: the quote fits on a card");
    }
}

#[test]
fn wod_data_1_ids_and_names_are_unique() {
    let c = content();
    fn unique<'a>(what: &str, items: impl Iterator<Item = &'a str>) {
        let mut seen = std::collections::BTreeSet::new();
        for item in items {
            assert!(seen.insert(item.to_lowercase()), "{what} `{item}` is used twice");
        }
    }
    unique("gamer id", c.gamers.iter().map(|g| g.id.as_str()));
    unique("gamer name", c.gamers.iter().map(|g| g.name.as_str()));
    unique("dungeon id", c.dungeons.iter().map(|d| d.id.as_str()));
    unique("dungeon name", c.dungeons.iter().map(|d| d.name.as_str()));
    unique("loot id", c.defs.iter().map(|d| d.id.as_str()));
    unique("loot name", c.defs.iter().map(|d| d.name.as_str()));
    // Across the three decks too, so a name in a log or a `--content` error means one card.
    unique(
        "card id",
        c.gamers
            .iter()
            .map(|g| g.id.as_str())
            .chain(c.dungeons.iter().map(|d| d.id.as_str()))
            .chain(c.defs.iter().map(|d| d.id.as_str())),
    );
    // Identical copies share one entry: no two designs are the same card under two names.
    for (i, a) in c.defs.iter().enumerate() {
        for b in &c.defs[i + 1..] {
            let same = a.kind == b.kind && a.timing == b.timing && a.picks == b.picks && a.steps == b.steps;
            assert!(!(same && a.passive == b.passive), "{} and {} are the same card: use `copies`", a.id, b.id);
        }
    }
}

// ---------------------------------------------------------------- WOD-DATA-1: the Forum deck

/// WOD-DECK-1 / WOD-DATA-1: the Forum deck's types in our retuned numbers (48 gamers; the spec's 40
/// are 9, 7, 7, 8, 5, 4), each type within the spec's experience range.
#[test]
fn wod_data_1_forum_types_and_experience() {
    let c = content();
    for (ty, n, lo, hi) in [
        (Casual, 11, 1, 4),
        (Hardcore, 8, 3, 5),
        (Leader, 8, 2, 3),
        (Roleplayer, 10, 2, 3),
        (Noob, 6, 0, 1),
        (Troll, 5, 2, 4),
    ] {
        let gamers = of_type(&c, ty);
        assert_eq!(gamers.len(), n, "{ty} count");
        for g in &gamers {
            assert!((lo..=hi).contains(&g.xp), "{}: {ty} experience {} is not {lo}–{hi}", g.id, g.xp);
        }
    }
    assert!(of_type(&c, Casual).iter().any(|g| g.xp == 4), "at least one Casual of experience 4");
    for g in &c.gamers {
        assert!(!g.skill.is_empty(), "{} has a skill", g.id);
    }
}

#[test]
fn wod_data_1_casual_skills() {
    let c = content();
    let casuals = of_type(&c, Casual);
    let farm_bonus =
        count(&casuals, |p| matches!(p, Passive::Xp { n: 1.., to: Gamers::This, kind: Some(Kind::Farm), .. }));
    assert!(farm_bonus >= 3, "Casuals with a Farm bonus: {farm_bonus}");
    let no_boss = count(&casuals, |p| *p == Passive::CannotRaid { kind: Kind::Boss });
    assert!(no_boss >= 2, "Casuals that cannot raid Boss dungeons: {no_boss}");
    let cash_shop = count(&casuals, |p| *p == Passive::CashShop);
    assert!(cash_shop >= 2, "Casuals with Cash shop: {cash_shop}");
}

#[test]
fn wod_data_1_hardcore_skills() {
    let c = content();
    let hardcores = of_type(&c, Hardcore);
    let mut burnout = [0usize; 2];
    for g in &hardcores {
        let n: Vec<u8> =
            g.skill.iter().filter_map(|p| if let Passive::Burnout { n } = p { Some(*n) } else { None }).collect();
        assert!(matches!(n[..], [2] | [3]), "{}: every Hardcore has Burn-out 2 or 3, found {n:?}", g.id);
        burnout[usize::from(n[0] - 2)] += 1;
    }
    assert!(burnout[0] >= 3 && burnout[1] >= 3, "at least 3 each of Burn-out 2 and 3: {burnout:?}");
    let boss_bonus =
        count(&hardcores, |p| matches!(p, Passive::Xp { n: 1.., to: Gamers::This, kind: Some(Kind::Boss), .. }));
    assert!(boss_bonus >= 3, "Hardcores with a Boss bonus: {boss_bonus}");
    let snobs = count(&hardcores, |p| matches!(p, Passive::WontPlay { with: With::Type(Casual | Noob) }));
    assert!(snobs >= 2, "Hardcores that will not play with Casuals or Noobs: {snobs}");
}

#[test]
fn wod_data_1_leader_skills() {
    let c = content();
    let leaders = of_type(&c, Leader);
    let everywhere = count(&leaders, |p| *p == xp(1, Gamers::PartyOthers));
    let boss_only = count(&leaders, |p| *p == xp_in(1, Gamers::PartyOthers, Kind::Boss));
    assert!(
        everywhere + boss_only >= 4,
        "Leaders giving each other member of their party +1: {}",
        everywhere + boss_only
    );
    assert!(boss_only >= 2, "of them only in Boss dungeons: {boss_only}");
    assert!(everywhere >= 2, "of them everywhere: {everywhere}");
    let draws = count(&leaders, |p| *p == Passive::OnClaim { draw: 1 });
    assert!(draws >= 1, "Leaders drawing a Loot card on a claim: {draws}");
    let no_trolls = count(&leaders, |p| *p == wont_play(With::Type(Troll)));
    assert!(no_trolls >= 1, "Leaders that will not play with Trolls: {no_trolls}");
}

#[test]
fn wod_data_1_roleplayer_skills() {
    let c = content();
    let rps = of_type(&c, Roleplayer);
    let per_other = count(&rps, |p| {
        *p == Passive::Xp {
            n: 1,
            to: Gamers::This,
            per_other: Some(Roleplayer),
            of: None,
            kind: None,
            min_party: None,
            party_has: None,
        }
    });
    assert!(per_other >= 2, "Roleplayers +1 per other Roleplayer: {per_other}");
    let farm = count(&rps, |p| *p == xp_in(2, Gamers::This, Kind::Farm));
    assert!(farm >= 2, "Roleplayers +2 in Farm dungeons: {farm}");
    let no_trolls = count(&rps, |p| *p == wont_play(With::Type(Troll)));
    assert!(no_trolls >= 2, "Roleplayers that will not play with Trolls: {no_trolls}");
    let leader = count(&rps, |p| *p == Passive::CountsAs { ty: Leader });
    assert!(leader >= 1, "Roleplayers that count as a Leader: {leader}");
}

#[test]
fn wod_data_1_noob_skills() {
    let c = content();
    let noobs = of_type(&c, Noob);
    let weakness = |p: &Passive| {
        *p == xp(-1, Gamers::PartyOthers) || *p == party_xp_in(-2, Kind::Boss) || *p == Passive::SkullDiscards { n: 1 }
    };
    for g in &noobs {
        assert!(g.skill.iter().any(weakness), "{}: every Noob has a weakness", g.id);
    }
    let learns = count(&noobs, |p| *p == Passive::Learns { max: 3 });
    assert!(learns >= 2, "Noobs with Learns (max 3): {learns}");
    let learners = ids(&noobs, |p| *p == Passive::Learns { max: 3 });
    for id in learners {
        assert!(gamer(&c, &id).skill.iter().any(weakness), "{id}: Learns comes with a weakness");
    }
}

#[test]
fn wod_data_1_troll_skills() {
    let c = content();
    let trolls = of_type(&c, Troll);
    let disruption = |p: &Passive| {
        *p == xp(-1, Gamers::PartyOthers)
            || *p == Passive::ClaimLoot { n: -1 }
            || *p == Passive::Ragequit
            || *p == wont_play(With::Any)
    };
    for g in &trolls {
        assert!(g.skill.iter().any(disruption), "{}: every Troll has a disruption", g.id);
    }
    // Experience high enough to tempt: every Troll at least 3, and above the rest of the deck on average.
    for g in &trolls {
        assert!(g.xp >= 3, "{}: a Troll of experience {} tempts nobody", g.id, g.xp);
    }
    let mean = |gs: &[&Gamer]| gs.iter().map(|g| f64::from(g.xp)).sum::<f64>() / gs.len() as f64;
    let others: Vec<&Gamer> = c.gamers.iter().filter(|g| g.ty != Troll).collect();
    assert!(mean(&trolls) > mean(&others) + 1.0, "Trolls {} vs others {}", mean(&trolls), mean(&others));
}

#[test]
fn wod_data_1_forum_relations_and_kinds() {
    let c = content();
    let all: Vec<&Gamer> = c.gamers.iter().collect();
    let refusing = count(&all, |p| matches!(p, Passive::WontPlay { .. }));
    assert!(refusing >= 8, "gamers with a \"will not play with\" relation: {refusing}");
    // Each relation is resolved (named gamers exist) and one named pair refuse each other.
    for g in &c.gamers {
        let relations = g.skill.iter().filter(|p| matches!(p, Passive::WontPlay { .. })).count();
        assert_eq!(g.refuses.len(), relations, "{}: every relation resolved", g.id);
    }
    let mut pairs = Vec::new();
    for (i, g) in c.gamers.iter().enumerate() {
        for r in &g.refuses {
            if let Refuses::Gamer(j) = *r {
                let other = c.gamer(j);
                if usize::from(j) > i && other.refuses.contains(&Refuses::Gamer(i as u8)) {
                    pairs.push((g.id.clone(), other.id.clone()));
                }
            }
        }
    }
    assert_eq!(pairs, [("lady-moonwhisper".to_owned(), "gankz".to_owned())], "the named pair");
    let by_kind = count(&all, depends_on_kind);
    assert!(by_kind >= 8, "skills that depend on Farm versus Boss: {by_kind}");
}

#[test]
fn wod_data_1_pinned_gamers() {
    let c = content();
    let pinned: [(&str, GamerType, u8, Vec<Passive>); 8] = [
        ("leroy", Noob, 1, vec![party_xp_in(-2, Kind::Boss)]),
        (
            "weekend-wendy",
            Casual,
            2,
            vec![xp_in(1, Gamers::This, Kind::Farm), Passive::CannotRaid { kind: Kind::Boss }],
        ),
        ("no-life-nate", Hardcore, 5, vec![Passive::Burnout { n: 2 }]),
        ("raid-mom", Leader, 3, vec![xp(1, Gamers::PartyOthers)]),
        (
            "olde-bard",
            Roleplayer,
            2,
            vec![
                Passive::Xp {
                    n: 1,
                    to: Gamers::This,
                    per_other: Some(Roleplayer),
                    of: None,
                    kind: None,
                    min_party: None,
                    party_has: None,
                },
                wont_play(With::Type(Troll)),
            ],
        ),
        ("flamebait", Troll, 4, vec![xp(-1, Gamers::PartyOthers)]),
        ("lady-moonwhisper", Roleplayer, 3, vec![wont_play(With::Gamer("gankz".into()))]),
        ("gankz", Troll, 3, vec![Passive::ClaimLoot { n: -1 }, wont_play(With::Gamer("lady-moonwhisper".into()))]),
    ];
    for (id, ty, xp, skill) in pinned {
        let g = gamer(&c, id);
        assert_eq!((g.ty, g.xp, &g.skill), (ty, xp, &skill), "pinned gamer {id}");
    }
    let moon = c.find_gamer("lady-moonwhisper").unwrap();
    let gankz = c.find_gamer("gankz").unwrap();
    assert_eq!(c.gamer(moon).refuses, [Refuses::Gamer(gankz)]);
    assert_eq!(c.gamer(gankz).refuses, [Refuses::Gamer(moon)]);
    assert_eq!(gamer(&c, "olde-bard").refuses, [Refuses::Type(Troll)]);
}
