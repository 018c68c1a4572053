//! The errors of a bad card file, each with file, line and reason: the real text with one line
//! changed. Here the form of any card (unknown steps, keys and values, numbers, costs), what each
//! card type may hold (WD-CARD-3, WD-CARD-6, WD-GOAL-2), step parameters, links (WD-CARD-12,
//! WD-CARD-13) and the deck sizes (WD-COMP-1); the Dumbness cards' own errors are in
//! `dumbness_errors`.

use super::{At, FAKE, SHIP, error, line_after, mutate, refused};

#[test]
fn unknown_steps_keys_and_values_and_a_cost_above_12_are_refused() {
    for (from, to, reason) in [
        (
            "do = \"popularity\"",
            "do = \"popularty\"",
            "unknown step `popularty`; the steps are ego, popularity, choose, resources, lose_half_resources, \
             take_resources, income, unit_strength, movement, reduce_base, remove_units, nuclear_strike, \
             attack_project, sabotage_project, vacation, hand_limit, free_base, free_unit, sea_movement, hidden_move, \
             move_base, cancel_cards, rule, leave_game",
        ),
        (
            "cost = 1",
            "price = 1",
            "unknown field `price`, expected one of `number`, `id`, `name`, `deck`, `type`, `cost`, `vp`, `need`, \
             `lose_gain`, `target`, `link`, `rounds`, `corruption`, `keywords`, `nation`, `flavour`, `effect`, \
             `back`, `crazy`, `min_bid`, `pending`, `players`",
        ),
        (
            "n = -1",
            "m = -1",
            "unknown field `m`, expected one of `do`, `who`, `n`, `options`, `steps`, `count`, `filter`, `units`, \
             `may_end_at_sea`, `range`, `kind`, `rounds`, `keyword`",
        ),
        (
            "deck = \"level1\"",
            "deck = \"level3\"",
            "unknown variant `level3`, expected one of `level1`, `level2`, `first_goal`, `dumbness`",
        ),
        (
            "n = -1",
            "n = -1, who = \"everyone\"",
            "unknown who `everyone`; it is self, target, each_player or each_opponent",
        ),
        ("cost = 1", "cost = 13", "cost 13 is above 12"),
    ] {
        refused(FAKE, from, to, At::Changed, &format!("card 1 (Fake News): {reason}"));
    }
}

#[test]
fn wd_card_3_numbers_and_brown_targets_and_wd_card_6_brown_vp_are_refused() {
    // WD-CARD-3: numbers are unique and at most 150 (the number is on the line before the id).
    const NUMBER: &str = "number = 1\nid = \"fake-news\"";
    assert_eq!(line_after("", NUMBER) + 1, line_after("", FAKE));
    for (to, reason) in [
        ("number = 0\nid = \"fake-news\"", "card 0 (Fake News): number 0 is used twice (also by Take a Vacation)"),
        ("number = 151\nid = \"fake-news\"", "card 151 (Fake News): number 151 is above 150"),
    ] {
        refused("", NUMBER, to, At::Changed, reason);
    }
    let brown_vp = "card 12 (Gold-Plated Toilet): a Brown card gives no VP (WD-CARD-6)";
    refused("id = \"gold-plated-toilet\"", "type = \"blue\"", "type = \"brown\"", At::Line("vp = 1"), brown_vp);
    let target = "card 1 (Fake News): a Brown card needs `target = true` (WD-CARD-3)";
    refused(FAKE, "target = true", "target = false", At::Changed, target);
    refused(FAKE, "target = true", "# no target", At::Card(FAKE), target);
}

#[test]
fn wd_goal_2_a_first_goal_needs_its_corruption_cost() {
    const AMERICA: &str = "id = \"america-first\"";
    let need = "card 31 (America First): a First Goal needs a `corruption` cost above its cost (WD-GOAL-2)";
    refused(AMERICA, "corruption = 10", "# corruption = 10", At::Card(AMERICA), need);
    let above = "card 31 (America First): corruption 6 must be above the cost 6 (WD-GOAL-2)";
    refused(AMERICA, "corruption = 10", "corruption = 6", At::Changed, above);
    let wall = "card 55 (Build a Wall): Build a Wall has no corruption cost (WD-GOAL-2)";
    refused("id = \"build-a-wall\"", "nation = \"usa\"", "corruption = 12", At::Changed, wall);
}

#[test]
fn steps_are_checked_against_the_card_type() {
    // A target-acting step on a Green card.
    let (baby, to) = ("id = \"kiss-a-baby\"", "do = \"popularity\", n = 1, who = \"target\"");
    let green = "card 2 (Kiss a Baby): a Green card acts on its player only (WD-CARD-6)";
    refused(baby, "do = \"popularity\", n = 1", to, At::Changed, green);
    // Steps that act on a target, or that a `choose` cannot hold, on a Blue card.
    for (from, to, reason) in [
        (
            "do = \"income\", n = 1",
            "do = \"reduce_base\", steps = 1",
            "`reduce_base` acts on the target: only Brown cards have one (WD-CARD-6)",
        ),
        (
            "do = \"income\", n = 1",
            "do = \"cancel_cards\"",
            "`cancel_cards` acts on the target: only Brown cards have one (WD-CARD-6)",
        ),
        (
            "{ do = \"income\", n = 1 }",
            "{ do = \"choose\", options = [[{ do = \"hidden_move\" }], [{ do = \"income\", n = 1 }]] }",
            "a `choose` cannot hold `hidden_move`",
        ),
    ] {
        let reason = format!("card 9 (Offshore Bank Account): {reason}");
        refused("id = \"offshore-bank-account\"", from, to, At::Changed, &reason);
    }
    // `who` where it is not allowed, and a lose/gain step that is not one.
    let who = "card 1 (Fake News): `attack_project` takes no `who`";
    refused(FAKE, "do = \"popularity\", n = -1", "do = \"attack_project\", who = \"target\"", At::Changed, who);
    let (sell, from, to) =
        ("id = \"sell-state-assets\"", "lose_gain = [{ do = \"popularity\"", "lose_gain = [{ do = \"resources\"");
    let lose_gain = "card 3 (Sell State Assets): `resources` is not a lose/gain step: those are ego, popularity, \
                     unit_strength and choose (WD-CARD-5)";
    refused(sell, from, to, At::Changed, lose_gain);
    // rounds = 2 on a card that is not a bomb (a line added after `target`).
    let rounds = "card 1 (Fake News): rounds = 2: only a Nuclear Bomb stays, for 2 rounds (WD-NUKE-4)";
    refused(FAKE, "target = true", "target = true\nrounds = 2", At::Next, rounds);
    // Part 2 steps on a Brown card.
    for (step, reason) in [
        ("do = \"rule\", kind = \"no_attacks\", rounds = 1", "`rule` is a Dumbness card's step (WD-DUMB)"),
        ("do = \"leave_game\", keyword = \"genius\"", "`leave_game` is a Dumbness card's step (WD-DUMB)"),
        (
            "do = \"sea_movement\", units = 1, may_end_at_sea = true",
            "`sea_movement` lasts while a project is owned: Blue cards only",
        ),
        ("do = \"hidden_move\"", "`hidden_move` lasts while a project is owned: Blue cards only"),
        ("do = \"move_base\", range = 2", "`move_base` lasts while a project is owned: Blue cards only"),
    ] {
        refused(FAKE, "do = \"popularity\", n = -1", step, At::Changed, &format!("card 1 (Fake News): {reason}"));
    }
}

#[test]
fn part_2_step_parameters_are_checked() {
    for (from, to, reason) in [
        ("units = 1", "units = 0", "`sea_movement` lets 1 to 6 units a round go to sea"),
        (", may_end_at_sea = true", "", "`sea_movement` needs `may_end_at_sea`"),
        ("units = 1, ", "", "`sea_movement` needs `units`"),
        ("may_end_at_sea = true", "may_end_at_sea = true, range = 2", "`sea_movement` takes no `range`"),
    ] {
        refused("id = \"submarine\"", from, to, At::Changed, &format!("card 73 (Submarine): {reason}"));
    }
    let palace = "card 99 (Palace on Wheels): `move_base` moves a Base 1 to 10 spaces";
    refused("id = \"palace-on-wheels\"", "range = 3", "range = 11", At::Changed, palace);
    let filter =
        "card 106 (Naval Blockade): the filter is \"any\", \"not_on_base\", \"at_sea\" or { near = d } (d 1 to 22)";
    refused("id = \"naval-blockade\"", "filter = \"at_sea\"", "filter = \"in_the_sea\"", At::Changed, filter);
    let leave = "card 149 (Alien Ship): `leave_game` names a card or keyword";
    refused(SHIP, "keyword = \"genius\"", "keyword = \" \"", At::Changed, leave);
}

#[test]
fn wd_card_12_links_and_leave_game_name_existing_cards() {
    let link = "card 1 (Fake News): the link `Fake Olds` names no card or keyword (WD-CARD-12)";
    refused(FAKE, "target = true", "target = true\nlink = [\"Fake Olds\"]", At::Next, link);
    let leave = "card 149 (Alien Ship): `leave_game` names `genuis`, which is no card or keyword (WD-CARD-13)";
    refused(SHIP, "keyword = \"genius\"", "keyword = \"genuis\"", At::Changed, leave);
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
