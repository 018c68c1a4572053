//! Pieces and supply: the pile and running dry (WOOB-SUP-1, WOOB-SUP-2), coloured support only in
//! homes (WOOB-SUP-3), colours never touching Anarchs (WOOB-SUP-4), and neighbouring including the
//! area itself (WOOB-MAP-3).

use crate::common::*;
use worlds_engine::{Game, SeededRng};
use worlds_woobieworld::Support;

/// WOOB-SUP-1, WOOB-SUP-2: the pile holds 25 of each colour and 15 Anarchs; a dry colour cannot
/// be taken.
#[test]
fn woob_sup_1_and_2_the_pile_and_running_dry() {
    let g = game(2);
    let s = Position::new(&g, &["oceana", "doom-grove"], 0, "support")
        .support(&g, "oceana", "25R 1Y")
        .support(&g, "doom-grove", "1Y 4A")
        .hand(&g, 0, &["Quicksand"])
        .load(&g);
    assert_eq!(s.pile(Support::Red), 0);
    assert_eq!(s.pile(Support::Yellow), 23);
    assert_eq!(s.pile(Support::Anarch), 11);
    let actions = legal(&g, &s, 0);
    assert!(!actions.contains(&"gain red".to_owned()));
    assert!(actions.contains(&"gain yellow".to_owned()));
    assert_eq!(refused(&g, &s, 0, "gain red"), "the pile has no red support left [WOOB-SUP-2]");
    let too_many = Position::new(&g, &["oceana", "doom-grove"], 0, "support")
        .support(&g, "oceana", "20R")
        .support(&g, "doom-grove", "6R")
        .to_json(&g);
    let err = g.load_state_value(too_many).unwrap_err();
    assert_eq!(err.to_string(), "state field `support`: 26 red pieces on the board; the game has 25");
}

/// WOOB-SUP-3: coloured support exists only in homes; Anarchs anywhere.
#[test]
fn woob_sup_3_coloured_support_only_in_homes() {
    let g = game(2);
    let wrong = Position::new(&g, &["oceana", "doom-grove"], 0, "support")
        .support(&g, "oceana", "1R")
        .support(&g, "doom-grove", "1Y")
        .support(&g, "woobania", "1G")
        .to_json(&g);
    assert_eq!(
        g.load_state_value(wrong).unwrap_err().to_string(),
        "state field `support[5]`: Woobania holds coloured support but is nobody's home (WOOB-SUP-3)"
    );
    let fine = Position::new(&g, &["oceana", "doom-grove"], 0, "support")
        .support(&g, "oceana", "1R")
        .support(&g, "doom-grove", "1Y")
        .support(&g, "sea-of-dreams", "2A")
        .hand(&g, 0, &["Quicksand"]);
    fine.load(&g);
}

/// WOOB-SUP-4: colour effects never touch Anarchs; plain "support" may, the named chooser picking.
/// WOOB-MAP-3: neighbouring includes the chosen area itself.
#[test]
fn woob_sup_4_colours_never_touch_anarchs_and_map_3_neighbouring_includes_itself() {
    let g = game(2);
    // The Great Audit: the chosen home loses 1 of each colour: Anarchs stay.
    let mut s = Position::new(&g, &["oceana", "doom-grove"], 0, "play")
        .support(&g, "oceana", "1R")
        .support(&g, "doom-grove", "1R 1Y 3A")
        .hand(&g, 0, &["The Great Audit"])
        .load(&g);
    play(&g, &mut s, 0, "play the-great-audit", &mut SeededRng::new(0));
    assert_eq!(home(&g, &s, 1), "0R 0Y 0G 0B 3A @Doom Grove");
    // Clean Slate, first option: your home loses half of all support, its owner choosing which.
    let mut s = Position::new(&g, &["oceana", "doom-grove"], 0, "play")
        .support(&g, "oceana", "2R 1Y 2A")
        .support(&g, "doom-grove", "1Y")
        .hand(&g, 0, &["Clean Slate"])
        .load(&g);
    play(&g, &mut s, 0, "play clean-slate", &mut SeededRng::new(0));
    play(&g, &mut s, 0, "option 1", &mut SeededRng::new(0));
    // Half of 5, rounded down: 2 pieces, chosen one at a time among red, yellow and Anarch.
    assert_eq!(legal(&g, &s, 0), ["pick red", "pick yellow", "pick anarch"]);
    play(&g, &mut s, 0, "pick anarch", &mut SeededRng::new(0));
    play(&g, &mut s, 0, "pick anarch", &mut SeededRng::new(0));
    assert_eq!(home(&g, &s, 0), "3R 2Y 1G 1B 0A @Oceana", "then +1 of each colour");
    // Neighbouring includes the chosen area itself: Quicksand on Doom Grove removes its own industry.
    let mut q = Position::new(&g, &["oceana", "doom-grove"], 0, "play")
        .support(&g, "oceana", "1R")
        .support(&g, "doom-grove", "2R")
        .industries(&g, "doom-grove", "1R")
        .hand(&g, 0, &["Quicksand"])
        .load(&g);
    play(&g, &mut q, 0, "play quicksand", &mut SeededRng::new(0));
    play(&g, &mut q, 0, "area doom-grove", &mut SeededRng::new(0));
    assert_eq!(home(&g, &q, 1), "1R 0Y 0G 0B 0A @Doom Grove");
}
