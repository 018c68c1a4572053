//! Environments that act at the start of a turn (WOOB-RULING-8): for their caretaker only, or for
//! whoever's turn it is. Each test ends P1's turn (P1 has no blue at home: Calm Waters is
//! discarded), and P2's (yellow or red taken, no industry, Harbour Police discarded for the same
//! reason), and reads what happens as the next turn starts.

use super::*;

/// P1 ends their turn.
const P1_ENDS: [(usize, &str); 1] = [(0, "discard calm-waters")];

/// P2 ends their turn, taking this support.
fn p2_ends(gain: &str) -> [(usize, &str); 3] {
    [(1, gain), (1, "skip industry"), (1, "discard harbour-police")]
}

/// Makes the moves (each by its seat); what they made happen after the next turn began ("turn N:
/// Pn").
fn next_turn(g: &Woobieworld, s: &mut State, moves: &[(usize, &str)]) -> Vec<String> {
    let mut events = Vec::new();
    for (seat, text) in moves {
        events.extend(play(g, s, *seat, text, &mut rng()));
    }
    let e = told(g, &events);
    let start = e.iter().position(|t| t.starts_with("turn ")).unwrap();
    e[start + 1..].to_vec()
}

/// WOOB-DRAW-1 (drawn: in play at once, the drawer its caretaker, then a second draw),
/// WOOB-RULING-8 (caretaker upkeep at the start of the caretaker's turn only, before the support
/// phase).
#[test]
fn card_365_bumper_crop() {
    let g = game(2);
    assert_eq!(text(&g, 365), "Caretaker: at the start of your turn, your home gains 1G.");
    let pos = position(&g, &["oceana", "woobania"], 0, "play", &[], &[365])
        .support(&g, "oceana", "1R")
        .support(&g, "woobania", "1Y")
        .hand(&g, 0, &["Calm Waters"])
        .hand(&g, 1, &["Harbour Police"]);
    let mut s = pos.load(&g);
    let hand_before = s.hand_size(p(0));
    // P1 has no blue: Calm Waters is discarded; the scripted draw is Bumper Crop.
    let events = play(&g, &mut s, 0, "discard calm-waters", &mut picks(&[deck_index(&g, &pos, 365)]));
    let text_of = told(&g, &events);
    assert!(text_of.contains(&"Bumper Crop comes into play; P1 is its caretaker".to_owned()), "{text_of:?}");
    assert_eq!(environments(&g, &s), ["Bumper Crop (P1)"]);
    assert_eq!(s.hand_size(p(0)), hand_before, "P1 drew again after the environment");
    assert!(!text_of.iter().any(|t| t.starts_with("Bumper Crop takes effect")), "not P2's crop");
    assert_eq!(home(&g, &s, 1), "0R 1Y 0G 0B 0A @Woobania");
    assert_eq!((s.active(), s.phase()), (p(1), Phase::Support));
    // P2's turn; then P1's turn starts with the crop.
    let e = next_turn(&g, &mut s, &p2_ends("gain red"));
    assert_eq!(e, ["Bumper Crop takes effect for P1", "P1's home gains 1G"]);
    assert_eq!(home(&g, &s, 0), "1R 0Y 1G 0B 0A @Oceana");
    assert_eq!(home(&g, &s, 1), "1R 1Y 0G 0B 0A @Woobania");
    assert_eq!((s.active(), s.phase()), (p(0), Phase::Support));
}

/// WOOB-RULING-8 (caretaker upkeep: the caretaker decides at the start of their own turn, before
/// the support phase), WOOB-MAP-3 ("neighbouring your home" includes water and the home itself).
#[test]
fn card_450_the_grumpy_ghost() {
    let g = game(2);
    assert_eq!(
        text(&g, 450),
        "Caretaker: at the start of your turn, choose an area neighbouring your home, then place 1 Anarch there."
    );
    let mut s = at(&g, &["doom-grove", "cheeseport"], 0, &[(450, 1)])
        .support(&g, "doom-grove", "1R")
        .support(&g, "cheeseport", "1Y")
        .hand(&g, 0, &["Calm Waters"])
        .load(&g);
    assert_eq!(next_turn(&g, &mut s, &P1_ENDS), ["The Grumpy Ghost takes effect for P2"]);
    assert_eq!(g.turn(&s), Turn::Decide(p(1)));
    assert_eq!(
        legal(&g, &s, 1),
        areas(&["cheeseport", "margaritaville", "doom-grove", "coldish-ocean", "sea-of-despair"])
    );
    let e = act(&g, &mut s, &[(1, "area doom-grove")]);
    assert_eq!(e, ["P2 chooses Doom Grove", "1A placed in Doom Grove"]);
    assert_eq!(home(&g, &s, 0), "1R 0Y 0G 0B 1A @Doom Grove");
    assert_eq!((s.active(), s.phase()), (p(1), Phase::Support));
    assert!(s.resolving().is_none());
}

/// WOOB-RULING-8 (upkeep for all: at the start of every turn, for the player whose turn it is,
/// caretaker or not), WOOB-RULING-2 (no industry near: the gain does nothing).
#[test]
fn card_540_boom_times() {
    let g = game(2);
    assert_eq!(
        text(&g, 540),
        "Every player: at the start of your turn, choose an industry neighbouring your home and your home gains 1 \
         support of that industry's colour."
    );
    let mut s = at(&g, &["cheeseport", "woobania"], 0, &[(540, 0)])
        .support(&g, "cheeseport", "1R")
        .support(&g, "woobania", "1Y")
        .industries(&g, "oceana", "1B")
        .industries(&g, "woobania", "1R")
        .industries(&g, "snugglebury", "1G")
        .hand(&g, 0, &["Calm Waters"])
        .hand(&g, 1, &["Harbour Police"])
        .load(&g);
    assert_eq!(next_turn(&g, &mut s, &P1_ENDS), ["Boom Times takes effect for P2"]);
    assert_eq!(g.turn(&s), Turn::Decide(p(1)));
    assert_eq!(legal(&g, &s, 1), ["choose blue industry oceana", "choose red industry woobania"]);
    let e = act(&g, &mut s, &[(1, "choose red industry woobania")]);
    assert_eq!(e, ["P2 chooses the red industry in Woobania", "P2's home gains 1R"]);
    assert_eq!(home(&g, &s, 1), "1R 1Y 0G 0B 0A @Woobania");
    assert_eq!((s.active(), s.phase()), (p(1), Phase::Support));
    // P1's turn: no industry neighbours Cheeseport, so nothing is gained.
    assert_eq!(
        next_turn(&g, &mut s, &p2_ends("gain yellow")),
        ["Boom Times takes effect for P1", "there is nothing to choose, so that part has no effect"]
    );
    assert_eq!(home(&g, &s, 0), "1R 0Y 0G 0B 0A @Cheeseport");
    assert_eq!((s.active(), s.phase()), (p(0), Phase::Support));
}

/// WOOB-RULING-8 (upkeep for all, at the start of each turn: a home near an industry gains an
/// Anarch; one far from any does not).
#[test]
fn card_625_smog_season() {
    let g = game(2);
    assert_eq!(
        text(&g, 625),
        "Every player: at the start of your turn, if your home neighbours an industry, it gains 1A."
    );
    let mut s = at(&g, &["cheeseport", "woobania"], 0, &[(625, 0)])
        .support(&g, "cheeseport", "1R")
        .support(&g, "woobania", "1Y")
        .industries(&g, "oceana", "1B")
        .hand(&g, 0, &["Calm Waters"])
        .hand(&g, 1, &["Harbour Police"])
        .load(&g);
    assert_eq!(next_turn(&g, &mut s, &P1_ENDS), ["Smog Season takes effect for P2", "P2's home gains 1A"]);
    assert_eq!(home(&g, &s, 1), "0R 1Y 0G 0B 1A @Woobania");
    assert_eq!((s.active(), s.phase()), (p(1), Phase::Support));
    assert_eq!(next_turn(&g, &mut s, &p2_ends("gain yellow")), ["Smog Season takes effect for P1"]);
    assert_eq!(home(&g, &s, 0), "1R 0Y 0G 0B 0A @Cheeseport", "no industry near Cheeseport");
    assert_eq!((s.active(), s.phase()), (p(0), Phase::Support));
}
