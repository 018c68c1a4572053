//! The First Goals: two for each nation, in the file's order, as the spec's table lists them
//! (WD-GOAL, WD-GOAL-3).

use worlds_world_dumbination::board::Flag;
use worlds_world_dumbination::{CardStep as Step, Cond, Deck, Kind, Nation, Who};

use super::{BUILT_IN_CARDS, card, cards};

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
