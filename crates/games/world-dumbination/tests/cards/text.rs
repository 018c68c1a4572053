//! The rules text generated from each card (`card_text`), exact: for built-in cards of every
//! family, and for shapes of steps and fields that no built-in card has.

use worlds_world_dumbination::{Card, CardStep as Step, Pending, Pick, RuleKind, Stat, Who, card_text};

use super::card;

/// `base` with these fields changed, for text of shapes the deck does not hold.
fn with(base: &str, f: impl FnOnce(&mut Card)) -> String {
    let mut c = card(base);
    f(&mut c);
    card_text(&c)
}

#[test]
fn card_text_of_built_in_cards_of_every_family() {
    let cases = [
        // Level 1.
        (
            "take-a-vacation",
            "Green, cost 0. Discard your hand; this round do nothing except fund a Blue card or First Goal you \
             placed, and skip phases 5 and 6; each opponent who attacks you this round loses 1 Popularity.",
        ),
        (
            "the-last-alien",
            "Blue, cost 4, 1 VP. You gain 2 Popularity. You get +1 income while you own it. Linked to Alien Ship.",
        ),
        ("cyber-heist", "Brown, cost 2. You take 3 resources from the target (as many as they have)."),
        (
            "lost-in-the-mail",
            "Brown, cost 6, needs Ego 7+. The target's cards that have not acted yet this round are discarded \
             without effect or fine (a First Goal flip is not touched).",
        ),
        // Level 2.
        (
            "nuclear-bomb-1",
            "Brown, cost 8, needs Ego 8+. The target loses everything on one space they own (nuclear strike); the \
             space becomes radioactive. You lose 2 Popularity. Stays 2 rounds.",
        ),
        ("olympics", "Green, cost 4. Choose one: you gain 2 Ego, or you gain 2 Popularity."),
        ("emergency-draft", "Green, cost 5. Put a Unit on one of your Bases for free, twice. You lose 1 Popularity."),
        (
            "sniper-team",
            "Brown, cost 4. Remove 1 Unit of the target within 2 spaces of one of your Units, chosen by you.",
        ),
        ("cut-their-fuel-lines", "Brown, cost 4. The target's Units get -2 movement this round."),
        ("tank-factory", "Blue, cost 9, 1 VP. Your Units get +1 strength while you own it."),
        (
            "submarine",
            "Blue, cost 6, 1 VP. While you own it, each round 1 of your Units may move across sea spaces and may end \
             its move at sea.",
        ),
        (
            "aircraft-carrier",
            "Blue, cost 9, 2 VP. While you own it, each round 2 of your Units may move across sea spaces but must \
             end their moves on land.",
        ),
        (
            "stealth-technology",
            "Blue, cost 7, 1 VP. While you own it, each round 1 of your Units may move in secret in phase 5: \
             opponents see it leave but not where it goes, and until it is shown at the end of phase 5 it cannot \
             attack, enter a marked space or be attacked.",
        ),
        (
            "palace-on-wheels",
            "Blue, cost 7, 1 VP. While you own it, once a round at the start of phase 6 you may move one of your \
             Bases up to 3 spaces to a land space you own with a standing Unit of yours and no Base; its Units stay \
             where they are.",
        ),
        (
            "naval-blockade",
            "Brown, cost 5. Remove 2 Units of the target at sea, chosen by you. The target gets -2 income this \
             round.",
        ),
        // First Goals.
        (
            "be-most-peaceful",
            "First Goal (North Korea), cost 4, 3 VP, needs no attack by you so far and Popularity 8+. You gain 1 \
             Popularity. Corruption 10: pay it instead to ignore the need.",
        ),
        (
            "build-a-wall",
            "First Goal (USA), cost 10, 3 VP, needs a marker or Base of yours on every wall space. You gain 1 Ego. \
             No corruption: the need must be met.",
        ),
        (
            "nuclear-power",
            "First Goal (North Korea), cost 6, 3 VP, needs an owned genius card. You gain 1 Ego. Corruption 10: pay \
             it instead to ignore the need. Linked to genius.",
        ),
        (
            "back-in-the-ussr",
            "First Goal (Russia), cost 6, 3 VP, needs 3+ USSR-flag spaces owned. You gain 1 Popularity. Corruption \
             12: pay it instead to ignore the need.",
        ),
        // Dumbness cards.
        (
            "alien-groupies",
            "Dumbness. Acts on every player with Popularity 4 or less, one at a time in player order. They gain 1 \
             Popularity.",
        ),
        (
            "alien-sighting",
            "Dumbness (Level 1 back). Acts on every player, one at a time in player order. They choose one: they \
             gain 1 Popularity, or they gain 2 resources. Linked to Alien Ship.",
        ),
        (
            "hidden-genius",
            "Dumbness, 1 VP. Auction, minimum bid 4: the highest bidder pays and owns this card. You get +1 income \
             while you own it. You gain 1 Ego. Keywords: genius.",
        ),
        (
            "nobel-peace-prize",
            "Dumbness, 3 VP. Stays on the board until won: in each phase 3, the player with the most markers on the \
             peace track takes it for free (nobody on a tie or with none). You gain 2 Popularity.",
        ),
        (
            "foreign-aid-package",
            "Dumbness. Stays on the board until won: in each phase 3, the player with the lowest income takes it for \
             free (nobody on a tie). You get +2 income while you own it. You gain 3 resources.",
        ),
        (
            "sympathy-vote",
            "Dumbness. Acts on the player with the lowest VP (a tie: the earliest in player order). They gain 2 \
             Popularity. They gain 3 resources.",
        ),
        (
            "stock-market-crash",
            "Dumbness (crazy). Acts on every player with 8+ resources, one at a time in player order. They lose half \
             their resources (rounded down). They lose 1 Popularity.",
        ),
        (
            "weather-machine",
            "Dumbness (Level 2 back, crazy). All Units get +2 movement this round and the next. Linked to Definitely \
             a Weather Balloon.",
        ),
        (
            "alien-ship",
            "Dumbness (Level 2 back, crazy). Every genius card leaves the game, wherever it is; owners keep the VP, \
             Ego and Popularity they gave. The Last Alien leaves the game, wherever it is; its owner keeps the VP, \
             Ego and Popularity it gave. Linked to Alien Sighting, The Last Alien.",
        ),
        ("mandatory-group-hug", "Dumbness. No unit may attack this round and the next."),
        ("arms-fair-scandal", "Dumbness. Brown cards cost 2 more to place and to fund this round and the next."),
        ("oil-price-crash", "Dumbness. Resource spaces add nothing to anyone's income this round."),
        // A won Dumbness card lasts while owned, like a project.
        (
            "tame-sea-monster",
            "Dumbness, 1 VP. Auction, minimum bid 5: the highest bidder pays and owns this card. While you own it, \
             each round 1 of your Units may move across sea spaces and may end its move at sea.",
        ),
    ];
    for (id, text) in cases {
        assert_eq!(card_text(&card(id)), text, "{id}");
    }
}

#[test]
fn card_text_of_rule_changes_and_lasting_powers_no_card_has() {
    let rule = |kind, rounds| with("oil-price-crash", |c| c.effect = vec![Step::Rule { kind, rounds }]);
    let cases = [
        (
            rule(RuleKind::BrownCost(-1), 3),
            "Dumbness. Brown cards cost 1 less to place and to fund (never below 0) this round and the next 2.",
        ),
        (rule(RuleKind::Movement(-1), 1), "Dumbness. All Units get -1 movement this round."),
        (rule(RuleKind::NoAttacks, 4), "Dumbness. No unit may attack this round and the next 3."),
        // A won Dumbness card lasts while owned, like a project.
        (
            with("cute-kittens", |c| c.effect = vec![Step::HandLimit { n: 1 }, Step::MoveBase { range: 1 }]),
            "Dumbness, 1 VP. Auction, minimum bid 2: the highest bidder pays and owns this card. Your hand limit is \
             +1 while you own it. While you own it, once a round at the start of phase 6 you may move one of your \
             Bases up to 1 space to a land space you own with a standing Unit of yours and no Base; its Units stay \
             where they are.",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(text, expected);
    }
}

#[test]
fn card_text_of_whom_a_dumbness_card_picks() {
    let picks = |players| with("alien-groupies", |c| c.players = players);
    let cases = [
        (Pick::Lowest(Stat::Resources), "the player with the fewest resources (a tie: the earliest in player order)"),
        (Pick::Highest(Stat::Ego), "the player with the highest Ego (a tie: the earliest in player order)"),
        (Pick::Highest(Stat::Base), "the player with the strongest Base (a tie: the earliest in player order)"),
        (
            Pick::Lowest(Stat::Base),
            "the player whose strongest Base is the weakest, or who has none (a tie: the earliest in player order)",
        ),
        (
            Pick::AtMost(Stat::Units, 2),
            "every player with 2 or fewer Units on the board, one at a time in player order",
        ),
        (Pick::AtLeast(Stat::Spaces, 10), "every player with 10+ spaces owned, one at a time in player order"),
        (Pick::AtMost(Stat::Base, 4), "every player with no Base stronger than 4, one at a time in player order"),
        (Pick::AtLeast(Stat::Income, 8), "every player with income 8+, one at a time in player order"),
    ];
    for (pick, words) in cases {
        assert_eq!(picks(pick), format!("Dumbness. Acts on {words}. They gain 1 Popularity."), "{pick:?}");
    }
    // The steps speak of the picked players as "they"; their changes last this round.
    assert_eq!(
        with("alien-groupies", |c| c.effect = vec![
            Step::Income { who: Who::Me, n: 2 },
            Step::UnitStrength { who: Who::Me, n: -1 },
            Step::Movement { who: Who::Me, n: 1 },
            Step::FreeBase,
            Step::FreeUnit,
        ]),
        "Dumbness. Acts on every player with Popularity 4 or less, one at a time in player order. They get +2 income \
         this round. Their Units get -1 strength this round. Their Units get +1 movement this round. They build a \
         4-Base for free where a standing Unit of theirs is on a space they own. They put a Unit on one of their \
         Bases for free."
    );
}

#[test]
fn card_text_of_pending_conditions() {
    let pending = |pick, tie_nobody| with("nobel-peace-prize", |c| c.pending = Some(Pending { pick, tie_nobody }));
    let cases = [
        (
            Pick::Highest(Stat::Ego),
            false,
            "the player with the highest Ego takes it for free (a tie: the earliest in player order; nobody at 0)",
        ),
        (Pick::Highest(Stat::Vp), true, "the player with the highest VP takes it for free (nobody on a tie or at 0)"),
        (
            Pick::Lowest(Stat::Units),
            false,
            "the player with the fewest Units on the board takes it for free (a tie: the earliest in player order)",
        ),
        (
            Pick::AtLeast(Stat::Popularity, 9),
            false,
            "a player with Popularity 9+ takes it for free (several: the earliest in player order)",
        ),
        (
            Pick::AtLeast(Stat::Spaces, 12),
            true,
            "a player with 12+ spaces owned takes it for free, if there is exactly one (nobody while several qualify)",
        ),
    ];
    for (pick, tie, words) in cases {
        assert_eq!(
            pending(pick, tie),
            format!("Dumbness, 3 VP. Stays on the board until won: in each phase 3, {words}. You gain 2 Popularity."),
            "{pick:?}, nobody on a tie: {tie}"
        );
    }
}
