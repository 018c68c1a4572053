//! Which cards may be played: a COLOUR ACTION needs that colour in the player's home (WOOB-PLAY-1), an
//! environment may forbid cards (WOOB-PLAY-6), and with nothing playable a card is discarded
//! (WOOB-PLAY-5).

use super::*;

/// P1 in their play phase (homes by seat, with their support): the legal actions, exactly, and a
/// play refused.
struct Playable {
    name: &'static str,
    homes: [(&'static str, &'static str); 2],
    in_play: &'static [(u16, usize)],
    hand: &'static [&'static str],
    legal: &'static [&'static str],
    refused: Option<(&'static str, &'static str)>,
}

#[test]
fn which_cards_may_be_played() {
    let rows = [
        // WOOB-PLAY-1: no red at home, no red card.
        Playable {
            name: "card 20",
            homes: [("woobania", "1Y 1A"), ("oceana", "1R")],
            in_play: &[],
            hand: &["Rabble Rousing", "Quicksand"],
            legal: &["play quicksand"],
            refused: Some((
                "play rabble-rousing",
                "Rabble Rousing is a RED ACTION: you need red support in your home [WOOB-PLAY-1]",
            )),
        },
        // WOOB-PLAY-1: no blue at home, no blue card (only discarding is left).
        Playable {
            name: "card 30",
            homes: [("cheeseport", "3R 2Y 1G"), ("oceana", "1B")],
            in_play: &[],
            hand: &["Harbour Police"],
            legal: &["discard harbour-police"],
            refused: Some((
                "play harbour-police",
                "Harbour Police is a BLUE ACTION: you need blue support in your home [WOOB-PLAY-1]",
            )),
        },
        // WOOB-PLAY-1: no green at home, no green card.
        Playable {
            name: "card 50",
            homes: [("woobania", "1R 1Y 1B 3A"), ("oceana", "1G")],
            in_play: &[],
            hand: &["Compost Heap", "Calm Waters"],
            legal: &["play calm-waters"],
            refused: Some((
                "play compost-heap",
                "Compost Heap is a GREEN ACTION: you need green support in your home [WOOB-PLAY-1]",
            )),
        },
        // WOOB-PLAY-1: no yellow at home, no yellow card.
        Playable {
            name: "card 60",
            homes: [("bambooton", "1R 1G 1B"), ("lullaby-lowlands", "1Y")],
            in_play: &[],
            hand: &["Pirate Radio", "Quicksand"],
            legal: &["play quicksand"],
            refused: Some((
                "play pirate-radio",
                "Pirate Radio is a YELLOW ACTION: you need yellow support in your home [WOOB-PLAY-1]",
            )),
        },
        // WOOB-PLAY-6 (an environment bans a colour), WOOB-PLAY-5 (nothing playable: discard).
        Playable {
            name: "card 175",
            homes: [("woobania", "3R 1B"), ("oceana", "1Y")],
            in_play: &[(175, 1)],
            hand: &["Rabble Rousing", "Calm Waters", "Quicksand"],
            legal: &["play quicksand", "play calm-waters"],
            refused: Some(("play rabble-rousing", "an environment in play forbids RED ACTION cards [WOOB-PLAY-6]")),
        },
        Playable {
            name: "card 175, only a red card in hand",
            homes: [("woobania", "3R"), ("oceana", "1Y")],
            in_play: &[(175, 1)],
            hand: &["Rabble Rousing"],
            legal: &["discard rabble-rousing"],
            refused: None,
        },
        // Without Red Tape the same hand plays it.
        Playable {
            name: "card 175, not in play",
            homes: [("woobania", "3R"), ("oceana", "1Y")],
            in_play: &[],
            hand: &["Rabble Rousing"],
            legal: &["play rabble-rousing"],
            refused: None,
        },
    ];
    let g = game(2);
    assert_eq!(text(&g, 175), "RED ACTION cards cannot be played.");
    for row in rows {
        let name = row.name;
        let [(p1, p1_support), (p2, p2_support)] = row.homes;
        let s = at(&g, &[p1, p2], 0, row.in_play)
            .support(&g, p1, p1_support)
            .support(&g, p2, p2_support)
            .hand(&g, 0, row.hand)
            .load(&g);
        assert_eq!(legal(&g, &s, 0), row.legal, "{name}");
        if let Some((action, why)) = row.refused {
            assert_eq!(refused(&g, &s, 0, action), why, "{name}");
        }
    }
}
