//! The cards (WD-COMP-1, WD-CARD, WD-GOAL, "Content to design"): the built-in content, the parser's
//! errors and the generated rules text.

use worlds_world_dumbination::board::Flag;
use worlds_world_dumbination::{Card, CardStep as Step, Cards, Cond, Deck, Kind, MAX_NUMBER, Nation, Who, card_text};

/// The built-in card file, as the crate compiles it in.
const BUILT_IN_CARDS: &str = include_str!("../content/cards.toml");

fn cards() -> std::sync::Arc<Cards> {
    match Cards::built_in() {
        Ok(c) => c,
        Err(e) => panic!("the built-in cards do not parse: {e}"),
    }
}

fn card(id: &str) -> Card {
    cards().by_id(id).unwrap_or_else(|| panic!("no card `{id}`")).clone()
}

fn count(cards: &Cards, deck: Deck, kind: Kind) -> usize {
    cards.deck(deck).filter(|c| c.kind == kind).count()
}

fn any_step(c: &Card, f: impl Fn(&Step) -> bool) -> bool {
    c.all_steps().into_iter().any(f)
}

/// Acts on Units or Bases on the board ("Content to design", Level 1).
fn acts_on_board(s: &Step) -> bool {
    matches!(
        s,
        Step::ReduceBase { .. }
            | Step::RemoveUnits { .. }
            | Step::NuclearStrike
            | Step::FreeBase
            | Step::FreeUnit
            | Step::UnitStrength { .. }
            | Step::Movement { .. }
    )
}

/// Military ("Content to design", Level 2): bombs, attacks on Units, Bases or projects, reducing or
/// removing Bases or Units, changing unit strength or movement.
fn military(s: &Step) -> bool {
    matches!(
        s,
        Step::ReduceBase { .. }
            | Step::RemoveUnits { .. }
            | Step::NuclearStrike
            | Step::AttackProject
            | Step::SabotageProject
            | Step::UnitStrength { .. }
            | Step::Movement { .. }
    )
}

#[test]
fn wd_comp_1_the_built_in_cards_parse_with_exact_counts() {
    let c = cards();
    assert_eq!(c.all().len(), 125);
    let split = |d| [count(&c, d, Kind::Green), count(&c, d, Kind::Brown), count(&c, d, Kind::Blue)];
    assert_eq!(c.deck(Deck::Level1).count(), 50);
    assert_eq!(split(Deck::Level1), [16, 20, 14]);
    assert_eq!(c.deck(Deck::Level2).count(), 65);
    assert_eq!(split(Deck::Level2), [12, 32, 21]);
    assert_eq!(c.deck(Deck::FirstGoal).count(), 10);
    assert_eq!(count(&c, Deck::FirstGoal, Kind::FirstGoal), 10);
    // Parsing the same text again gives the same cards.
    assert_eq!(Cards::parse(BUILT_IN_CARDS).as_ref(), Ok(&*c));
}

#[test]
fn wd_card_3_numbers_are_unique_at_most_150_and_leave_15_for_dumbness() {
    let c = cards();
    let numbers: Vec<u8> = c.all().iter().map(|x| x.number).collect();
    assert!(numbers.windows(2).all(|w| w[0] < w[1]), "sorted and unique");
    assert!(numbers.iter().all(|&n| n <= MAX_NUMBER));
    for x in c.all() {
        assert_eq!(c.get(x.number).map(|y| &y.id), Some(&x.id));
    }
    let free = c.free_numbers();
    assert_eq!(free.len(), 151 - 125);
    // The header lists the numbers kept for Part 2's 15 Dumbness cards (WD-COMP-1).
    let line = BUILT_IN_CARDS
        .lines()
        .find_map(|l| l.strip_prefix("# Free numbers for Part 2's Dumbness cards: "))
        .unwrap_or_else(|| panic!("the header lists the free numbers"));
    let reserved: Vec<u8> =
        line.trim_end_matches('.').split(", ").map(|n| n.parse().unwrap_or_else(|_| panic!("number `{n}`"))).collect();
    assert_eq!(reserved.len(), 15);
    assert!(reserved.windows(2).all(|w| w[0] < w[1]));
    assert!(reserved.iter().all(|n| free.contains(n)), "{reserved:?} must all be free");
    // Each card's line is its `[[card]]`.
    for x in c.all() {
        assert_eq!(BUILT_IN_CARDS.lines().nth(x.line - 1), Some("[[card]]"), "{}", x.name);
    }
}

#[test]
fn wd_card_10_take_a_vacation_is_number_0() {
    let v = card("take-a-vacation");
    assert_eq!((v.number, v.deck, v.kind, v.cost, v.vp), (0, Deck::Level1, Kind::Green, 0, 0));
    assert_eq!(v.effect, [Step::Vacation]);
    assert!(v.need.is_empty() && v.lose_gain.is_empty());
    assert_eq!(cards().get(0).map(|c| c.name.as_str()), Some("Take a Vacation"));
}

#[test]
fn wd_card_11_propaganda_80_and_olympics_69() {
    let p = card("propaganda");
    assert_eq!((p.name.as_str(), p.number, p.deck, p.kind, p.cost), ("Propaganda", 80, Deck::Level2, Kind::Green, 3));
    assert_eq!(p.lose_gain, [Step::Popularity { who: Who::Me, n: 1 }]);
    assert!(p.effect.is_empty() && p.need.is_empty());
    let o = card("olympics");
    assert_eq!((o.name.as_str(), o.number, o.deck, o.kind, o.cost), ("Olympics", 69, Deck::Level2, Kind::Green, 4));
    assert_eq!(
        o.lose_gain,
        [Step::Choose(vec![vec![Step::Ego { who: Who::Me, n: 2 }], vec![Step::Popularity { who: Who::Me, n: 2 }]])]
    );
    assert!(o.effect.is_empty() && o.need.is_empty());
}

#[test]
fn wd_nuke_six_nuclear_bombs_with_their_own_numbers() {
    let c = cards();
    let bombs: Vec<&Card> = c.all().iter().filter(|x| x.is_nuclear_bomb()).collect();
    assert_eq!(bombs.len(), 6);
    let mut ids: Vec<&str> = bombs.iter().map(|b| b.id.as_str()).collect();
    ids.sort_unstable();
    assert_eq!(
        ids,
        ["nuclear-bomb-1", "nuclear-bomb-2", "nuclear-bomb-3", "nuclear-bomb-4", "nuclear-bomb-5", "nuclear-bomb-6"]
    );
    for b in &bombs {
        assert_eq!(b.name, "Nuclear Bomb");
        assert_eq!((b.deck, b.kind, b.target, b.rounds, b.cost, b.vp), (Deck::Level2, Kind::Brown, true, 2, 8, 0));
        assert_eq!(b.need, [Cond::EgoAtLeast(8)]);
        assert_eq!(b.lose_gain, [Step::Popularity { who: Who::Me, n: -2 }]);
        assert_eq!(b.effect, [Step::NuclearStrike]);
    }
    // Spread over the numbers, never two in a row; no other card strikes or stays 2 rounds.
    assert!(bombs.windows(2).all(|w| w[1].number - w[0].number > 1));
    assert!(c.all().iter().all(|x| (x.rounds == 2) == x.is_nuclear_bomb()));
    assert!(c.all().iter().filter(|x| !x.is_nuclear_bomb()).all(|x| !any_step(x, |s| *s == Step::NuclearStrike)));
    assert_eq!(c.by_id("nuclear bomb").map(|b| b.number), bombs.first().map(|b| b.number));
}

#[test]
fn wd_card_13_the_last_alien_and_the_genius_cards() {
    let a = card("The Last Alien");
    assert_eq!((a.deck, a.kind, a.cost, a.vp), (Deck::Level1, Kind::Blue, 4, 1));
    assert_eq!(a.link, ["Alien Ship"]);
    assert_eq!(a.effect, [Step::Popularity { who: Who::Me, n: 2 }, Step::Income { who: Who::Me, n: 1 }]);
    let c = cards();
    let geniuses: Vec<&Card> = c.all().iter().filter(|x| x.has_keyword("genius")).collect();
    assert_eq!(geniuses.len(), 3);
    for g in &geniuses {
        assert_eq!((g.deck, g.kind, g.vp), (Deck::Level1, Kind::Blue, 1), "{}", g.name);
        assert!((3..=5).contains(&g.cost), "{}", g.name);
        assert_eq!(g.link, ["Alien Ship"]);
        assert!(g.answers_to("genius") && g.answers_to(&g.name));
    }
    let mut advantages: Vec<&[Step]> = geniuses.iter().map(|g| g.effect.as_slice()).collect();
    advantages.sort_by_key(|e| format!("{e:?}"));
    assert_eq!(
        advantages,
        [
            &[Step::HandLimit { n: 1 }][..],
            &[Step::Income { who: Who::Me, n: 2 }][..],
            &[Step::Movement { who: Who::Me, n: 1 }][..],
        ]
    );
}

#[test]
fn fake_news_costs_the_target_1_popularity() {
    let f = card("Fake News");
    assert_eq!((f.deck, f.kind, f.target), (Deck::Level1, Kind::Brown, true));
    assert_eq!(f.effect, [Step::Popularity { who: Who::Target, n: -1 }]);
}

/// Checks one First Goal's fields: every goal is worth 3 VP (WD-GOAL-3).
fn goal(name: &str, nation: Nation, need: &[Cond], cost: u8, corruption: Option<u8>, bonus: &[Step], effect: &[Step]) {
    let g = card(name);
    assert_eq!((g.deck, g.kind, g.nation, g.vp, g.target), (Deck::FirstGoal, Kind::FirstGoal, Some(nation), 3, false));
    assert_eq!((g.need.as_slice(), g.cost, g.corruption), (need, cost, corruption), "{name}");
    assert_eq!((g.lose_gain.as_slice(), g.effect.as_slice()), (bonus, effect), "{name}");
}

#[test]
fn wd_goal_first_goals_follow_the_spec_table() {
    use Cond::*;
    let c = cards();
    let ego = [Step::Ego { who: Who::Me, n: 1 }];
    let pop = [Step::Popularity { who: Who::Me, n: 1 }];
    let (usa, russia, korea, venezuela, turkey) =
        (Nation::Usa, Nation::Russia, Nation::NorthKorea, Nation::Venezuela, Nation::Turkey);
    goal("Build a Wall", usa, &[Wall], 10, None, &ego, &[]);
    goal("America First", usa, &[IncomeAtLeast(8), PopularityAtLeast(5)], 6, Some(10), &pop, &[]);
    goal("Back in the U.S.S.R.", russia, &[FlagsAtLeast { flag: Flag::Ussr, n: 3 }], 6, Some(12), &pop, &[]);
    goal("Red Army Parade", russia, &[UnitsAtLeast(4), BaseAtLeast(6)], 6, Some(10), &ego, &[]);
    goal("Nuclear Power", korea, &[Owns("genius".into())], 6, Some(10), &ego, &[]);
    goal("Be Most Peaceful", korea, &[NoAttack, PopularityAtLeast(8)], 4, Some(10), &pop, &[]);
    goal("Stay in Power", venezuela, &[EgoAtLeast(6), PopularityAtLeast(6)], 4, Some(10), &[], &[]);
    goal("Oil Boom", venezuela, &[ResourceSpacesAtLeast(3)], 6, Some(12), &[], &[Step::Income { who: Who::Me, n: 1 }]);
    goal("Successful Dictator", turkey, &[FlagsAtLeast { flag: Flag::Eu, n: 3 }], 6, Some(12), &ego, &[]);
    goal("New Sultanate", turkey, &[SpacesAtLeast(8), EgoAtLeast(7)], 6, Some(10), &[], &[]);
    for nation in Nation::ALL {
        let [a, b] = c.first_goals(nation);
        let names: Vec<&str> = [a, b].iter().filter_map(|&n| c.get(n)).map(|g| g.name.as_str()).collect();
        let expected: Vec<&str> =
            c.all().iter().filter(|g| g.nation == Some(nation)).map(|g| g.name.as_str()).collect();
        assert_eq!(names.len(), 2);
        let mut sorted = expected.clone();
        sorted.sort_by_key(|n| BUILT_IN_CARDS.find(&format!("name = \"{n}\"")));
        assert_eq!(names, sorted, "{nation}: file order");
    }
    assert_eq!(
        c.first_goals(Nation::Usa).map(|n| c.get(n).map(|g| g.id.clone())),
        [Some("build-a-wall".to_owned()), Some("america-first".to_owned())]
    );
}

#[test]
fn wd_card_1_level_1_is_mostly_political() {
    let c = cards();
    let board: Vec<&str> =
        c.deck(Deck::Level1).filter(|x| any_step(x, acts_on_board)).map(|x| x.name.as_str()).collect();
    assert!(board.len() <= 5, "{board:?}");
    for x in c.deck(Deck::Level1) {
        assert!(x.cost <= 6, "{}", x.name);
        assert!(!x.is_nuclear_bomb());
        assert!(
            !any_step(x, |s| matches!(s, Step::RemoveUnits { count: 2.., .. } | Step::ReduceBase { steps: 2.. })),
            "{} removes too much",
            x.name
        );
    }
}

#[test]
fn wd_card_1_level_2_is_mostly_military() {
    let c = cards();
    let l2: Vec<&Card> = c.deck(Deck::Level2).collect();
    assert!(l2.iter().all(|x| (2..=12).contains(&x.cost)));
    let n = |f: &dyn Fn(&Card) -> bool| l2.iter().filter(|x| f(x)).count();
    assert!(n(&|x| any_step(x, military)) >= 33, "{}", n(&|x| any_step(x, military)));
    let brown = |x: &Card| x.kind == Kind::Brown;
    assert!(n(&|x| brown(x) && any_step(x, |s| matches!(s, Step::ReduceBase { .. } | Step::RemoveUnits { .. }))) >= 14);
    assert!(n(&|x| any_step(x, |s| *s == Step::AttackProject)) >= 4);
    assert!(n(&|x| any_step(x, |s| *s == Step::SabotageProject)) >= 3);
    assert!(n(&|x| x.kind == Kind::Blue && any_step(x, |s| matches!(s, Step::Income { n: 1.., .. }))) >= 2);
    assert!(n(&|x| any_step(x, |s| matches!(s, Step::UnitStrength { .. } | Step::Movement { .. }))) >= 3);
    assert!(n(&|x| any_step(x, |s| *s == Step::FreeBase)) >= 1);
    assert!(n(&|x| any_step(x, |s| *s == Step::FreeUnit)) >= 1);
}

#[test]
fn cheap_brown_cards_hurt_ego_or_popularity() {
    // Brown cards that only lower the target's Ego or Popularity cost 1 to 4.
    for x in cards().all().iter().filter(|x| x.kind == Kind::Brown) {
        let political = x.effect.iter().all(|s| matches!(s, Step::Ego { .. } | Step::Popularity { .. }));
        if political {
            assert!((1..=4).contains(&x.cost), "{}", x.name);
        }
    }
}

#[test]
fn every_card_has_text_flavour_and_a_findable_id() {
    let c = cards();
    for x in c.all() {
        let text = card_text(x);
        assert!(text.starts_with(x.kind.name()) && text.ends_with('.'), "{text}");
        assert!(x.flavour.as_ref().is_some_and(|f| !f.is_empty()), "{}", x.name);
        assert_eq!(c.by_id(&x.id.to_uppercase()).map(|y| y.number), Some(x.number));
        if !x.is_nuclear_bomb() {
            assert_eq!(c.by_id(&x.name.to_lowercase()).map(|y| y.number), Some(x.number));
        }
    }
    assert!(c.by_id("no-such-card").is_none());
}

// ---------------------------------------------------------------------------------------------
// Bad input: the real text with one line changed, and the exact error.

/// The real text with `from` replaced by `to` in the first place after `after`, and that line.
fn mutate(after: &str, from: &str, to: &str) -> (String, usize) {
    let start = BUILT_IN_CARDS.find(after).unwrap_or_else(|| panic!("`{after}` is in the file"));
    let at = start + BUILT_IN_CARDS[start..].find(from).unwrap_or_else(|| panic!("`{from}` after `{after}`"));
    let text = format!("{}{to}{}", &BUILT_IN_CARDS[..at], &BUILT_IN_CARDS[at + from.len()..]);
    (text, worlds_engine::line_of(BUILT_IN_CARDS, at))
}

/// The line of the first `s` after `after`.
fn line_after(after: &str, s: &str) -> usize {
    mutate(after, s, s).1
}

/// The line of the `[[card]]` before `after`.
fn card_line(after: &str) -> usize {
    let at = BUILT_IN_CARDS.find(after).unwrap_or_else(|| panic!("`{after}` is in the file"));
    let header = BUILT_IN_CARDS[..at].rfind("[[card]]").unwrap_or(0);
    worlds_engine::line_of(BUILT_IN_CARDS, header)
}

/// The number of the built-in card with this id.
fn no(id: &str) -> u8 {
    card(id).number
}

fn error(text: &str) -> String {
    match Cards::parse(text) {
        Ok(_) => panic!("the mutated text parsed"),
        Err(e) => e.to_string(),
    }
}

const FAKE: &str = "id = \"fake-news\"";

#[test]
fn an_unknown_step_is_refused() {
    let (text, line) = mutate(FAKE, "do = \"popularity\"", "do = \"popularty\"");
    assert_eq!(
        error(&text),
        format!(
            "cards.toml:{line}: card 1 (Fake News): unknown step `popularty`; the steps are ego, popularity, \
             choose, resources, lose_half_resources, take_resources, income, unit_strength, movement, reduce_base, \
             remove_units, nuclear_strike, attack_project, sabotage_project, vacation, hand_limit, free_base, \
             free_unit"
        )
    );
}

#[test]
fn an_unknown_key_is_refused() {
    let (text, line) = mutate(FAKE, "cost = 1", "price = 1");
    assert_eq!(
        error(&text),
        format!(
            "cards.toml:{line}: card 1 (Fake News): unknown field `price`, expected one of `number`, `id`, `name`, \
             `deck`, `type`, `cost`, `vp`, `need`, `lose_gain`, `target`, `link`, `rounds`, `corruption`, \
             `keywords`, `nation`, `flavour`, `effect`"
        )
    );
    let (text, line) = mutate(FAKE, "n = -1", "m = -1");
    assert_eq!(
        error(&text),
        format!(
            "cards.toml:{line}: card 1 (Fake News): unknown field `m`, expected one of `do`, `who`, `n`, `options`, \
             `steps`, `count`, `filter`"
        )
    );
}

#[test]
fn an_unknown_value_is_refused() {
    let (text, line) = mutate(FAKE, "deck = \"level1\"", "deck = \"level3\"");
    assert_eq!(
        error(&text),
        format!(
            "cards.toml:{line}: card 1 (Fake News): unknown variant `level3`, expected one of `level1`, `level2`, \
             `first_goal`"
        )
    );
    let (text, line) = mutate(FAKE, "n = -1", "n = -1, who = \"everyone\"");
    assert_eq!(
        error(&text),
        format!(
            "cards.toml:{line}: card 1 (Fake News): unknown who `everyone`; it is self, target, each_player or \
             each_opponent"
        )
    );
}

#[test]
fn wd_card_3_a_duplicate_number_is_refused() {
    let (text, line) = mutate("", "number = 1\nid = \"fake-news\"", "number = 0\nid = \"fake-news\"");
    assert_eq!(line + 1, line_after("", FAKE));
    assert_eq!(
        error(&text),
        format!("cards.toml:{line}: card 0 (Fake News): number 0 is used twice (also by Take a Vacation)")
    );
    let (text, line) = mutate("", "number = 1\nid = \"fake-news\"", "number = 151\nid = \"fake-news\"");
    assert_eq!(error(&text), format!("cards.toml:{line}: card 151 (Fake News): number 151 is above 150"));
}

#[test]
fn wd_card_6_vp_on_a_brown_card_is_refused() {
    let (text, _) = mutate("id = \"gold-plated-toilet\"", "type = \"blue\"", "type = \"brown\"");
    let line = line_after("id = \"gold-plated-toilet\"", "vp = 1");
    assert_eq!(
        error(&text),
        format!(
            "cards.toml:{line}: card {} (Gold-Plated Toilet): a Brown card gives no VP (WD-CARD-6)",
            no("gold-plated-toilet")
        )
    );
}

#[test]
fn wd_card_3_a_brown_card_needs_a_target() {
    let (text, line) = mutate(FAKE, "target = true", "target = false");
    assert_eq!(
        error(&text),
        format!("cards.toml:{line}: card 1 (Fake News): a Brown card needs `target = true` (WD-CARD-3)")
    );
    let (text, _) = mutate(FAKE, "target = true", "# no target");
    assert_eq!(
        error(&text),
        format!("cards.toml:{}: card 1 (Fake News): a Brown card needs `target = true` (WD-CARD-3)", card_line(FAKE))
    );
}

#[test]
fn a_cost_above_12_is_refused() {
    let (text, line) = mutate(FAKE, "cost = 1", "cost = 13");
    assert_eq!(error(&text), format!("cards.toml:{line}: card 1 (Fake News): cost 13 is above 12"));
}

#[test]
fn wd_goal_2_a_first_goal_needs_its_corruption_cost() {
    const AMERICA: &str = "id = \"america-first\"";
    let (text, _) = mutate(AMERICA, "corruption = 10", "# corruption = 10");
    assert_eq!(
        error(&text),
        format!(
            "cards.toml:{}: card {} (America First): a First Goal needs a `corruption` cost above its cost (WD-GOAL-2)",
            card_line(AMERICA),
            no("america-first")
        )
    );
    let (text, line) = mutate(AMERICA, "corruption = 10", "corruption = 6");
    assert_eq!(
        error(&text),
        format!(
            "cards.toml:{line}: card {} (America First): corruption 6 must be above the cost 6 (WD-GOAL-2)",
            no("america-first")
        )
    );
    let (text, line) = mutate("id = \"build-a-wall\"", "nation = \"usa\"", "corruption = 12");
    assert_eq!(
        error(&text),
        format!(
            "cards.toml:{line}: card {} (Build a Wall): Build a Wall has no corruption cost (WD-GOAL-2)",
            no("build-a-wall")
        )
    );
}

#[test]
fn steps_are_checked_against_the_card_type() {
    // A target-acting step on a Green card.
    let (text, line) =
        mutate("id = \"kiss-a-baby\"", "do = \"popularity\", n = 1", "do = \"popularity\", n = 1, who = \"target\"");
    assert_eq!(
        error(&text),
        format!(
            "cards.toml:{line}: card {} (Kiss a Baby): a Green card acts on its player only (WD-CARD-6)",
            no("kiss-a-baby")
        )
    );
    let (text, line) =
        mutate("id = \"offshore-bank-account\"", "do = \"income\", n = 1", "do = \"reduce_base\", steps = 1");
    assert_eq!(
        error(&text),
        format!(
            "cards.toml:{line}: card {} (Offshore Bank Account): `reduce_base` acts on the target: only Brown cards \
             have one (WD-CARD-6)",
            no("offshore-bank-account")
        )
    );
    // `who` where it is not allowed, and a lose/gain step that is not one.
    let (text, line) = mutate(FAKE, "do = \"popularity\", n = -1", "do = \"attack_project\", who = \"target\"");
    assert_eq!(error(&text), format!("cards.toml:{line}: card 1 (Fake News): `attack_project` takes no `who`"));
    let (text, line) =
        mutate("id = \"sell-state-assets\"", "lose_gain = [{ do = \"popularity\"", "lose_gain = [{ do = \"resources\"");
    assert_eq!(
        error(&text),
        format!(
            "cards.toml:{line}: card {} (Sell State Assets): `resources` is not a lose/gain step: those are ego, \
             popularity, unit_strength and choose (WD-CARD-5)",
            no("sell-state-assets")
        )
    );
    // rounds = 2 on a card that is not a bomb (a line added after `target`).
    let (text, line) = mutate(FAKE, "target = true", "target = true\nrounds = 2");
    assert_eq!(
        error(&text),
        format!(
            "cards.toml:{}: card 1 (Fake News): rounds = 2: only a Nuclear Bomb stays, for 2 rounds (WD-NUKE-4)",
            line + 1
        )
    );
}

#[test]
fn wd_comp_1_deck_sizes_and_first_goals_per_nation_are_checked() {
    // Fake News turned into a Green card that helps its player: the Level 1 split is wrong.
    let (text, _) = mutate(FAKE, "type = \"brown\"", "type = \"green\"");
    let text2 = text.replacen(
        "target = true\neffect = [{ do = \"popularity\", n = -1 }]",
        "effect = [{ do = \"popularity\", n = 1 }]",
        1,
    );
    assert_eq!(
        error(&text2),
        "cards.toml: the level1 deck has 50: 17 Green, 19 Brown, 14 Blue; it must have 50: 16 Green, 20 Brown, 14 \
         Blue (WD-COMP-1)"
    );
    let (text, _) = mutate("id = \"america-first\"", "nation = \"usa\"", "nation = \"russia\"");
    assert_eq!(error(&text), "cards.toml: USA has 1 First Goals; each nation has 2 (WD-COMP-1)");
}

#[test]
fn card_text_of_take_a_vacation_a_nuclear_bomb_and_olympics() {
    assert_eq!(
        card_text(&card("take-a-vacation")),
        "Green, cost 0. Discard your hand; this round do nothing except fund a Blue card or First Goal you placed, \
         and skip phases 5 and 6; each opponent who attacks you this round loses 1 Popularity."
    );
    assert_eq!(
        card_text(&card("nuclear-bomb-1")),
        "Brown, cost 8, needs Ego 8+. The target loses everything on one space they own (nuclear strike); the space \
         becomes radioactive. You lose 2 Popularity. Stays 2 rounds."
    );
    assert_eq!(card_text(&card("olympics")), "Green, cost 4. Choose one: you gain 2 Ego, or you gain 2 Popularity.");
}

#[test]
fn card_text_of_projects_and_goals() {
    assert_eq!(
        card_text(&card("the-last-alien")),
        "Blue, cost 4, 1 VP. You gain 2 Popularity. You get +1 income while you own it. Linked to Alien Ship."
    );
    assert_eq!(
        card_text(&card("be-most-peaceful")),
        "First Goal (North Korea), cost 4, 3 VP, needs no attack by you so far and Popularity 8+. You gain 1 \
         Popularity. Corruption 10: pay it instead to ignore the need."
    );
    assert_eq!(
        card_text(&card("build-a-wall")),
        "First Goal (USA), cost 10, 3 VP, needs a marker or Base of yours on every wall space. You gain 1 Ego. No \
         corruption: the need must be met."
    );
    assert_eq!(
        card_text(&card("nuclear-power")),
        "First Goal (North Korea), cost 6, 3 VP, needs an owned genius card. You gain 1 Ego. Corruption 10: pay it \
         instead to ignore the need. Linked to genius."
    );
    assert_eq!(
        card_text(&card("emergency-draft")),
        "Green, cost 5. Put a Unit on one of your Bases for free, twice. You lose 1 Popularity."
    );
    assert_eq!(
        card_text(&card("sniper-team")),
        "Brown, cost 4. Remove 1 Unit of the target within 2 spaces of one of your Units, chosen by you."
    );
    assert_eq!(
        card_text(&card("cut-their-fuel-lines")),
        "Brown, cost 4. The target's Units get -2 movement this round."
    );
    assert_eq!(card_text(&card("tank-factory")), "Blue, cost 9, 1 VP. Your Units get +1 strength while you own it.");
    assert_eq!(
        card_text(&card("cyber-heist")),
        "Brown, cost 2. You take 3 resources from the target (as many as they have)."
    );
    assert_eq!(
        card_text(&card("back-in-the-ussr")),
        "First Goal (Russia), cost 6, 3 VP, needs 3+ USSR-flag spaces owned. You gain 1 Popularity. Corruption 12: \
         pay it instead to ignore the need."
    );
}
