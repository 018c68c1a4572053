//! The Level decks: Level 1 mostly political, Level 2 mostly military ("Content to design",
//! WD-CARD-1), cheap Brown cards, the Nuclear Bombs (WD-NUKE), the lasting powers of Level 2 Blue
//! cards, and the fields of the Level cards the spec names (WD-CARD-10, WD-CARD-11, WD-CARD-13).

use worlds_world_dumbination::{Card, CardStep as Step, Cond, Deck, Filter, Kind, Who};

use super::{any_step, card, cards};

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
/// removing Bases or Units, changing unit strength or movement (sea movement, hidden movement and
/// moving a Base included).
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
            | Step::SeaMovement { .. }
            | Step::HiddenMove
            | Step::MoveBase { .. }
    )
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
    let geniuses: Vec<&Card> = c.deck(Deck::Level1).filter(|x| x.has_keyword("genius")).collect();
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
fn level_2_has_submarine_aircraft_carrier_a_hidden_move_and_a_moving_base() {
    let c = cards();
    let s = card("Submarine");
    assert_eq!((s.deck, s.kind), (Deck::Level2, Kind::Blue));
    assert_eq!(s.effect, [Step::SeaMovement { units: 1, may_end_at_sea: true }]);
    let a = card("Aircraft Carrier");
    assert_eq!((a.deck, a.kind), (Deck::Level2, Kind::Blue));
    assert_eq!(a.effect, [Step::SeaMovement { units: 2, may_end_at_sea: false }]);
    let blue = |f: &dyn Fn(&Step) -> bool| {
        c.deck(Deck::Level2)
            .filter(|x| x.kind == Kind::Blue && any_step(x, f))
            .map(|x| x.name.as_str())
            .collect::<Vec<_>>()
    };
    assert_eq!(blue(&|s| *s == Step::HiddenMove), ["Stealth Technology"]);
    assert_eq!(blue(&|s| matches!(s, Step::MoveBase { .. })), ["Palace on Wheels"]);
    // Only Blue cards (and won Dumbness cards) carry the lasting movement powers.
    let power = |s: &Step| matches!(s, Step::SeaMovement { .. } | Step::HiddenMove | Step::MoveBase { .. });
    assert!(c.all().iter().filter(|x| any_step(x, power)).all(|x| x.kind == Kind::Blue || x.is_won()));
    // Cancelling cards is Brown; one Level 2 Brown card removes Units at sea.
    let cancel: Vec<(&str, Deck)> = c
        .all()
        .iter()
        .filter(|x| any_step(x, |s| *s == Step::CancelCards))
        .map(|x| (x.name.as_str(), x.deck))
        .collect();
    assert_eq!(cancel, [("Lost in the Mail", Deck::Level1), ("Government Shutdown", Deck::Level2)]);
    assert!(c.all().iter().filter(|x| any_step(x, |s| *s == Step::CancelCards)).all(|x| x.kind == Kind::Brown));
    let sea: Vec<&str> = c
        .all()
        .iter()
        .filter(|x| any_step(x, |s| matches!(s, Step::RemoveUnits { filter: Filter::AtSea, .. })))
        .map(|x| x.name.as_str())
        .collect();
    assert_eq!(sea, ["Naval Blockade"]);
    assert_eq!((card("Naval Blockade").deck, card("Naval Blockade").kind), (Deck::Level2, Kind::Brown));
}
