//! The Dumbness deck: four marked cards in two linked pairs (WD-SETUP-10), the deck's shapes (crazy,
//! auctioned, pending, catch-up, rule changes) and the fields of the cards the spec names
//! (WD-CARD-13, WD-DUMB-5).

use worlds_world_dumbination::{Card, CardStep as Step, Cards, Deck, Kind, Pending, Pick, RuleKind, Stat, Who};

use super::{card, cards};

/// The Dumbness cards linked to `c` by a link of either, as WD-SETUP-10 follows them.
fn dumb_links(c: &Cards, x: &Card) -> Vec<String> {
    let names = |a: &Card, b: &Card| a.link.iter().any(|l| b.answers_to(l));
    c.deck(Deck::Dumbness)
        .filter(|o| o.number != x.number && (names(x, o) || names(o, x)))
        .map(|o| o.name.clone())
        .collect()
}

#[test]
fn wd_setup_10_four_marked_dumbness_cards_in_two_linked_pairs() {
    let c = cards();
    let marked: Vec<(&str, Option<Deck>)> =
        c.deck(Deck::Dumbness).filter(|x| x.back.is_some()).map(|x| (x.name.as_str(), x.back)).collect();
    assert_eq!(
        marked,
        [
            ("Alien Sighting", Some(Deck::Level1)),
            ("Definitely a Weather Balloon", Some(Deck::Level1)),
            ("Weather Machine", Some(Deck::Level2)),
            ("Alien Ship", Some(Deck::Level2)),
        ]
    );
    // Each marked card is linked to exactly its partner; no unmarked card to any Dumbness card.
    for (a, b) in [("Alien Sighting", "Alien Ship"), ("Definitely a Weather Balloon", "Weather Machine")] {
        assert_eq!(dumb_links(&c, &card(a)), [b]);
        assert_eq!(dumb_links(&c, &card(b)), [a]);
    }
    let unmarked: Vec<&Card> = c.deck(Deck::Dumbness).filter(|x| x.back.is_none()).collect();
    assert_eq!(unmarked.len(), 11);
    for x in unmarked {
        assert!(dumb_links(&c, x).is_empty(), "{} is linked", x.name);
    }
}

#[test]
fn wd_dumb_the_dumbness_deck_has_its_shapes() {
    let c = cards();
    let dumb: Vec<&Card> = c.deck(Deck::Dumbness).collect();
    let names = |f: &dyn Fn(&Card) -> bool| dumb.iter().filter(|x| f(x)).map(|x| x.name.as_str()).collect::<Vec<_>>();
    assert_eq!(names(&|x| x.crazy), ["Stock Market Crash", "Weather Machine", "Alien Ship"]);
    assert_eq!(
        names(&|x| x.min_bid.is_some()),
        ["Cute Kittens", "Hidden Genius", "Tame Sea Monster", "Definitely a Weather Balloon"]
    );
    assert_eq!(names(&|x| x.pending.is_some()), ["Nobel Peace Prize", "Foreign Aid Package"]);
    // Catch-up cards: they act on, or go to, players who are behind.
    let behind = |p: Pick| matches!(p, Pick::Lowest(_) | Pick::AtMost(..));
    assert_eq!(
        names(&|x| behind(x.players) || x.pending.is_some_and(|p| behind(p.pick))),
        ["Alien Groupies", "Sympathy Vote", "Foreign Aid Package"]
    );
    // Every rule change is used; one lasts two rounds or more.
    let rules: Vec<(RuleKind, u8)> = dumb
        .iter()
        .flat_map(|x| x.effect.iter())
        .filter_map(|s| match s {
            Step::Rule { kind, rounds } => Some((*kind, *rounds)),
            _ => None,
        })
        .collect();
    assert_eq!(
        rules,
        [
            (RuleKind::NoAttacks, 2),
            (RuleKind::BrownCost(2), 2),
            (RuleKind::NoResourceIncome, 1),
            (RuleKind::Movement(2), 2),
        ]
    );
    for x in &dumb {
        assert_eq!((x.kind, x.cost, x.target, x.rounds), (Kind::Dumbness, 0, false, 1), "{}", x.name);
        assert!(x.need.is_empty() && x.lose_gain.is_empty(), "{}", x.name);
        assert_eq!(x.is_won(), x.is_lasting(), "{}", x.name);
        if !x.is_won() {
            assert_eq!(x.vp, 0, "{}", x.name);
        }
        assert!(x.all_steps().iter().all(|s| s.who().is_none_or(|w| w == Who::Me)), "{}", x.name);
    }
}

#[test]
fn wd_card_13_alien_ship_takes_the_last_alien_and_every_genius() {
    let a = card("Alien Ship");
    assert_eq!((a.deck, a.kind, a.back, a.crazy), (Deck::Dumbness, Kind::Dumbness, Some(Deck::Level2), true));
    assert!(!a.is_won() && a.players == Pick::Each);
    assert_eq!(
        a.effect,
        [Step::LeaveGame { keyword: "genius".into() }, Step::LeaveGame { keyword: "The Last Alien".into() }]
    );
    let c = cards();
    let leaving: Vec<&str> = c
        .all()
        .iter()
        .filter(|x| x.answers_to("genius") || x.answers_to("The Last Alien"))
        .map(|x| x.name.as_str())
        .collect();
    assert_eq!(
        leaving,
        ["Genius Speechwriter", "Hidden Genius", "The Last Alien", "Genius Rocket Engineer", "Genius Economist"]
    );
    let s = card("Alien Sighting");
    assert_eq!((s.back, s.crazy, s.players), (Some(Deck::Level1), false, Pick::Each));
    assert_eq!(s.link, ["Alien Ship"]);
}

#[test]
fn hidden_genius_and_cute_kittens_are_auctioned() {
    let g = card("Hidden Genius");
    assert_eq!((g.deck, g.vp, g.min_bid, g.pending, g.crazy, g.back), (Deck::Dumbness, 1, Some(4), None, false, None));
    assert!(g.has_keyword("genius") && g.link.is_empty());
    assert_eq!(g.effect, [Step::Income { who: Who::Me, n: 1 }, Step::Ego { who: Who::Me, n: 1 }]);
    let k = card("Cute Kittens");
    assert_eq!((k.vp, k.min_bid), (1, Some(2)));
    assert_eq!(k.effect, [Step::Popularity { who: Who::Me, n: 2 }]);
}

#[test]
fn wd_dumb_5_nobel_peace_prize_goes_to_the_most_peace_markers() {
    let n = card("Nobel Peace Prize");
    assert_eq!((n.vp, n.min_bid), (3, None));
    assert_eq!(n.pending, Some(Pending { pick: Pick::Highest(Stat::PeaceMarkers), tie_nobody: true }));
    assert_eq!(n.effect, [Step::Popularity { who: Who::Me, n: 2 }]);
    let f = card("Foreign Aid Package");
    assert_eq!(f.pending, Some(Pending { pick: Pick::Lowest(Stat::Income), tie_nobody: true }));
}

#[test]
fn alien_groupies_cheer_the_unpopular() {
    let g = card("Alien Groupies");
    assert_eq!((g.players, g.vp, g.is_won()), (Pick::AtMost(Stat::Popularity, 4), 0, false));
    assert_eq!(g.effect, [Step::Popularity { who: Who::Me, n: 1 }]);
    assert_eq!(card("Sympathy Vote").players, Pick::Lowest(Stat::Vp));
    let crash = card("Stock Market Crash");
    assert_eq!(crash.players, Pick::AtLeast(Stat::Resources, 8));
    assert_eq!(crash.effect, [Step::LoseHalfResources { who: Who::Me }, Step::Popularity { who: Who::Me, n: -1 }]);
}
