//! The errors of bad Dumbness cards (WD-DUMB, WD-SETUP-10, WD-CARD-12): their own fields (a back,
//! a minimum bid, a pending condition, whom they pick), the steps and rules they may hold, and the
//! deck's size and marked cards, each with file, line and reason.

use worlds_world_dumbination::{Cards, Deck};

use super::{At, BUILT_IN_CARDS, FAKE, GROUPIES, HUG, KITTENS, SHIP, error, error_at, mutate, refused};

/// The real text without the `[[card]]` holding `id`.
fn without(text: &str, id: &str) -> String {
    let at = text.find(&format!("id = \"{id}\"")).unwrap_or_else(|| panic!("no `{id}`"));
    let start = text[..at].rfind("[[card]]").unwrap_or(0);
    let end = text[at..].find("[[card]]").map_or(text.len(), |e| at + e);
    format!("{}{}", &text[..start], &text[end..])
}

#[test]
fn wd_dumb_dumbness_fields_only_on_dumbness_cards() {
    for (key, value) in [
        ("back", "\"level1\""),
        ("crazy", "true"),
        ("min_bid", "3"),
        ("pending", "{ highest = \"vp\" }"),
        ("players", "\"each\""),
    ] {
        let (to, reason) = (
            format!("target = true\n{key} = {value}"),
            format!("card 1 (Fake News): only Dumbness cards have `{key}` (WD-DUMB)"),
        );
        refused(FAKE, "target = true", &to, At::Next, &reason);
    }
    let in_level1 = "card 1 (Fake News): a Dumbness card cannot be in the level1 deck";
    refused(FAKE, "type = \"brown\"", "type = \"dumbness\"", At::Changed, in_level1);
    let green = "card 5 (Alien Groupies): a Green card cannot be in the dumbness deck";
    refused(GROUPIES, "type = \"dumbness\"", "type = \"green\"", At::Changed, green);
    // WD-SETUP-10: a back names a Level deck.
    let back = "card 17 (Alien Sighting): the back names a Level deck, level1 or level2, not first_goal";
    refused("id = \"alien-sighting\"", "back = \"level1\"", "back = \"first_goal\"", At::Changed, back);
}

#[test]
fn wd_dumb_a_dumbness_card_has_no_cost_need_or_lose_gain_and_vp_only_when_won() {
    for (key, reason) in [
        ("cost = 1", "a Dumbness card has no cost: its winner pays a bid (`min_bid`)"),
        ("need = [{ ego_at_least = 5 }]", "a Dumbness card has no need: nobody places it (WD-DUMB-6)"),
        ("lose_gain = [{ do = \"ego\", n = 1 }]", "a Dumbness card has no lose/gain: put its steps in `effect`"),
        ("vp = 1", "only a won Dumbness card (`min_bid` or `pending`) gives VP, to its winner (WD-DUMB-2)"),
    ] {
        let to = format!("{key}\nplayers =");
        refused(GROUPIES, "players =", &to, At::Changed, &format!("card 5 (Alien Groupies): {reason}"));
    }
    // A Level card still needs its cost.
    refused(FAKE, "cost = 1\n", "", At::Card(FAKE), "card 1 (Fake News): the card needs a `cost` (0 to 12)");
}

#[test]
fn wd_dumb_3_the_minimum_bid_is_1_to_12_and_not_with_pending() {
    for bid in ["0", "13"] {
        let reason = format!("card 28 (Cute Kittens): the minimum bid is 1 to 12, not {bid}");
        refused(KITTENS, "min_bid = 2", &format!("min_bid = {bid}"), At::Changed, &reason);
    }
    let both = "card 28 (Cute Kittens): a Dumbness card is auctioned (`min_bid`) or pending, not both";
    refused(KITTENS, "min_bid = 2", "min_bid = 2\npending = { highest = \"vp\" }", At::Next, both);
    let players = "card 28 (Cute Kittens): a won Dumbness card acts on its winner: `players` is for cards that act \
                   from the board";
    refused(KITTENS, "min_bid = 2", "min_bid = 2\nplayers = \"each\"", At::Next, players);
}

#[test]
fn wd_dumb_5_bad_pending_conditions_are_refused() {
    const NOBEL_PENDING: &str = "pending = { highest = \"peace_markers\", tie = \"nobody\" }";
    let shapes = "{ lowest = \"vp\" }, { highest = \"ego\" }, { at_most = \"popularity\", n = 4 } or { at_least = \
                  \"income\", n = 8 }";
    let cases = [
        ("\"each\"", format!("a pending card goes to one player who qualifies: `pending` is {shapes}")),
        ("3", format!("`pending` is {shapes}")),
        (
            "{ highest = \"peace\" }",
            "unknown stat `peace`; the stats are vp, ego, popularity, income, resources, peace_markers, spaces, units, \
             base"
                .to_owned(),
        ),
        ("{ at_least = \"peace_markers\" }", "`at_least` needs `n`".to_owned()),
        ("{ highest = \"peace_markers\", n = 1 }", "`highest` takes no `n`".to_owned()),
        ("{ at_least = \"vp\", n = 0 }", "`at_least` with n = 0 picks every player".to_owned()),
        ("{ at_least = \"vp\", n = 300 }", "`n` is 0 to 255, not 300".to_owned()),
        ("{ at_most = \"ego\", n = 11 }", "ego runs 0 to 10, not 11".to_owned()),
        (
            "{ highest = \"peace_markers\", tie = \"coin\" }",
            "`tie` is \"nobody\" or \"first\" (the earliest in player order)".to_owned(),
        ),
        (
            "{ highest = \"ego\", lowest = \"vp\" }",
            "`pending` holds one of lowest, highest, at_most and at_least, not 2".to_owned(),
        ),
        ("{ tie = \"nobody\" }", "`pending` holds one of lowest, highest, at_most and at_least, not 0".to_owned()),
        (
            "{ most = \"vp\" }",
            "unknown key `most` in `pending`; the keys are lowest, highest, at_most, at_least, n, tie".to_owned(),
        ),
    ];
    for (value, reason) in cases {
        let (to, reason) = (format!("pending = {value}"), format!("card 51 (Nobel Peace Prize): {reason}"));
        refused("id = \"nobel-peace-prize\"", NOBEL_PENDING, &to, At::Changed, &reason);
    }
}

#[test]
fn wd_dumb_7_bad_players_are_refused() {
    const PLAYERS: &str = "players = { at_most = \"popularity\", n = 4 }";
    let cases = [
        (
            "\"all\"",
            "`players` is \"each\", { lowest = \"vp\" }, { highest = \"ego\" }, { at_most = \"popularity\", n = 4 } \
             or { at_least = \"income\", n = 8 }",
        ),
        (
            "{ at_most = \"popularity\", n = 4, tie = \"nobody\" }",
            "`tie` is only for pending cards: on other cards a tie picks the earliest in player order (WD-DUMB-7)",
        ),
        (
            "{ lowest = \"luck\" }",
            "unknown stat `luck`; the stats are vp, ego, popularity, income, resources, peace_markers, spaces, units, \
             base",
        ),
        (
            "{ at_most = \"popularity\", m = 4 }",
            "unknown key `m` in `players`; the keys are lowest, highest, at_most, at_least, n",
        ),
    ];
    for (value, reason) in cases {
        let (to, reason) = (format!("players = {value}"), format!("card 5 (Alien Groupies): {reason}"));
        refused(GROUPIES, PLAYERS, &to, At::Changed, &reason);
    }
    // A rule acts on the whole game, so its card picks nobody.
    let whole = "card 63 (Mandatory Group Hug): `rule` and `leave_game` act on the whole game: a card with them acts \
                 on every player (leave out `players`)";
    refused(HUG, "effect =", "players = { lowest = \"vp\" }\neffect =", At::Changed, whole);
}

#[test]
fn wd_dumb_dumbness_steps_are_checked_against_the_shape() {
    const GROUPIES_STEP: &str = "do = \"popularity\", n = 1";
    const KITTENS_STEP: &str = "do = \"popularity\", n = 2";
    let board = "card 5 (Alien Groupies): `hand_limit` is not a step of a Dumbness card that acts from the board: \
                 those are ego, popularity, resources, lose_half_resources, income, unit_strength, movement, choose, \
                 free_base, free_unit, rule, leave_game";
    refused(GROUPIES, GROUPIES_STEP, "do = \"hand_limit\", n = 1", At::Changed, board);
    let won = "card 28 (Cute Kittens): `rule` is not a step of a won Dumbness card (`min_bid` or `pending`): those are \
               ego, popularity, resources, income, unit_strength, movement, hand_limit, choose, free_base, free_unit, \
               sea_movement, hidden_move, move_base";
    refused(KITTENS, KITTENS_STEP, "do = \"rule\", kind = \"no_attacks\", rounds = 1", At::Changed, won);
    let who = "card 5 (Alien Groupies): a Dumbness card's steps act on each player it picks, or on its winner: `who` \
               can only be \"self\"";
    refused(GROUPIES, GROUPIES_STEP, "do = \"popularity\", n = 1, who = \"each_player\"", At::Changed, who);
    let (sighting, from, to) = (
        "id = \"alien-sighting\"",
        "[[{ do = \"popularity\", n = 1 }]",
        "[[{ do = \"rule\", kind = \"no_attacks\", rounds = 1 }]",
    );
    refused(sighting, from, to, At::Changed, "card 17 (Alien Sighting): a `choose` cannot hold `rule`");
    let (e, line) = error_at(KITTENS, KITTENS_STEP, "do = \"attack_project\"");
    assert!(
        e.starts_with(&format!("cards.toml:{line}: card 28 (Cute Kittens): `attack_project` is not a step")),
        "{e}"
    );
}

#[test]
fn wd_dumb_rule_changes_are_checked() {
    const ARMS: &str = "id = \"arms-fair-scandal\"";
    for (after, from, to, card, reason) in [
        (
            HUG,
            "kind = \"no_attacks\"",
            "kind = \"no_fun\"",
            "63 (Mandatory Group Hug)",
            "unknown rule kind `no_fun`; the kinds are no_attacks, brown_cost, no_resource_income, movement",
        ),
        (HUG, "rounds = 2", "n = 1, rounds = 2", "63 (Mandatory Group Hug)", "a `no_attacks` rule takes no `n`"),
        (HUG, "rounds = 2", "rounds = 5", "63 (Mandatory Group Hug)", "a rule lasts 1 to 4 rounds, not 5"),
        (HUG, ", rounds = 2", "", "63 (Mandatory Group Hug)", "`rule` needs `rounds`"),
        (ARMS, "n = 2, ", "", "119 (Arms Fair Scandal)", "a `brown_cost` rule needs `n`"),
        (ARMS, "n = 2, ", "n = 0, ", "119 (Arms Fair Scandal)", "`n` is -10 to 10 and not 0, not 0"),
    ] {
        refused(after, from, to, At::Changed, &format!("card {card}: {reason}"));
    }
}

#[test]
fn wd_setup_10_a_content_deck_needs_12_dumbness_cards() {
    // Three fewer still fills both decks with 2 players; four fewer does not.
    let mut text = BUILT_IN_CARDS.to_owned();
    for id in ["alien-groupies", "cute-kittens", "mandatory-group-hug"] {
        text = without(&text, id);
    }
    let c = Cards::parse(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(c.deck(Deck::Dumbness).count(), 12);
    let text = without(&text, "sympathy-vote");
    assert_eq!(
        error(&text),
        "cards.toml: the dumbness deck has 11 cards; it needs at least 12, as 6 join each Level deck with 2 players \
         (WD-SETUP-10)"
    );
}

#[test]
fn wd_setup_10_at_most_3_marked_cards_for_each_level_deck() {
    let (text, _) = mutate(GROUPIES, "players =", "back = \"level1\"\nplayers =");
    let text = text.replacen("min_bid = 2\n", "min_bid = 2\nback = \"level1\"\n", 1);
    // In file order the marked Level 1 cards are Alien Groupies, Alien Sighting, Cute Kittens, and
    // fourth Definitely a Weather Balloon.
    let line = worlds_engine::line_of(&text, text.find("back = \"level1\"\nmin_bid = 3").unwrap_or(0));
    assert_eq!(
        error(&text),
        format!(
            "cards.toml:{line}: card 131 (Definitely a Weather Balloon): a 4th Dumbness card with a level1 back; at \
             most 3 each, as only 3 join each Level deck with 5 players (WD-SETUP-10)"
        )
    );
}

#[test]
fn wd_card_12_a_dumbness_card_linked_to_another_must_be_marked() {
    let kittens = "card 28 (Cute Kittens): linked to the Dumbness card Alien Ship, so it needs a `back`: only marked \
                   cards may be linked, as a linked group joins whole (WD-SETUP-10, WD-CARD-12)";
    let genius = "card 40 (Hidden Genius): linked to the Dumbness card Alien Ship, so it needs a `back`: only marked \
                  cards may be linked, as a linked group joins whole (WD-SETUP-10, WD-CARD-12)";
    for (after, from, to, of, reason) in [
        // Its own link, and a link to it: links work both ways.
        (KITTENS, "min_bid = 2", "min_bid = 2\nlink = [\"Alien Ship\"]", KITTENS, kittens),
        (SHIP, "\"The Last Alien\"]", "\"The Last Alien\", \"Cute Kittens\"]", KITTENS, kittens),
        // A keyword links every card that has it: Alien Ship linking `genius` would pull in Hidden Genius.
        (SHIP, "\"The Last Alien\"]", "\"The Last Alien\", \"genius\"]", "id = \"hidden-genius\"", genius),
    ] {
        refused(after, from, to, At::Card(of), reason);
    }
}
