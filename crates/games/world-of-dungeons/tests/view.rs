//! What players see (WOD-VIEW-1 to WOD-VIEW-3, WOD-INFO-1, WOD-INFO-2): the full board and the
//! compact drawing at real positions of seeded games, the words of the step and of played cards,
//! the colours of the printed numbers, the named views, and that no drawing shows a card the viewer
//! may not know.
#![allow(clippy::unwrap_used)]

use worlds_engine::paint::visible_width;
use worlds_engine::present::Card;
use worlds_engine::{Chance, Game, Player, Present, SeededRng, Style, Turn, Viewer};
use worlds_world_of_dungeons::{Action, Item, Phase, State, Step, WorldOfDungeons};

use crate::common::{game, p};

const PLAIN: Style = Style { colour: false };
const COLOUR: Style = Style { colour: true };

/// A bot that raids when it can, recruits and stashes when it may, and plays Effect cards in
/// windows two times in three: seeded games that reach raids and full stacks early.
pub(super) fn bot_action(g: &WorldOfDungeons, s: &State, p: Player, rng: &mut SeededRng) -> Action {
    let legal = g.legal_actions(s, p);
    let window = matches!(s.table().steps.top(), Some(Step::Window(_)));
    let plays: Vec<Action> = legal.iter().copied().filter(|a| matches!(a, Action::Play(_))).collect();
    if window {
        return if !plays.is_empty() && rng.pick(3) > 0 {
            plays[rng.pick(plays.len() as u32) as usize]
        } else {
            Action::Pass
        };
    }
    let raids: Vec<Action> = legal.iter().copied().filter(|a| matches!(a, Action::Dungeon(_))).collect();
    if legal.contains(&Action::Grind) && !raids.is_empty() {
        return raids[0];
    }
    if legal.contains(&Action::Done) {
        return Action::Done;
    }
    let calm: Vec<Action> =
        legal.iter().copied().filter(|a| !matches!(a, Action::Play(_) | Action::Skip | Action::Out)).collect();
    let from = if calm.is_empty() { &legal } else { &calm };
    from[rng.pick(from.len() as u32) as usize]
}

/// The first position of the seeded game that satisfies `until`.
fn reach(g: &WorldOfDungeons, seed: u64, until: impl Fn(&State) -> bool) -> State {
    let mut rng = SeededRng::new(seed);
    let (mut s, _) = g.new_game(&mut rng);
    for _ in 0..5000 {
        if until(&s) {
            return s;
        }
        let Turn::Decide(p) = g.turn(&s) else { break };
        let a = bot_action(g, &s, p, &mut rng);
        g.apply(&mut s, p, a, &mut rng).unwrap();
    }
    panic!("seed {seed}: the position was not reached");
}

fn top(s: &State) -> Option<Step> {
    s.table().steps.top().copied()
}

/// Four players: a window after a roll with at least two Effect cards on it; the player with
/// priority holds a card, and so does another.
pub(super) fn raid_window() -> (WorldOfDungeons, State) {
    let g = game(4);
    let s = reach(&g, 0, |s| {
        let t = s.table();
        let holding = t.seats.values().filter(|x| x.hand.bits() != 0).count();
        matches!(top(s), Some(Step::Window(_)))
            && matches!(t.pending.first(), Some(Item::Roll { .. }))
            && t.pending.len() >= 3
            && g.turn(s).players().iter().any(|p| t.seats[p].hand.bits() != 0)
            && holding >= 2
    });
    (g, s)
}

/// Three players, the start of a turn (the Kick step) with a Patch Notes card in force and a
/// guildmember in each guild.
fn turn_start() -> (WorldOfDungeons, State) {
    let g = game(3);
    let s = reach(&g, 3, |s| {
        let t = s.table();
        top(s) == Some(Step::Phase(Phase::Kick)) && !t.patch.is_empty() && t.seats.values().all(|x| !x.guild.is_empty())
    });
    (g, s)
}

/// Five players, turn 16, phase 3: dungeons claimed, Stash cards played.
fn five_players() -> (WorldOfDungeons, State) {
    let g = game(5);
    let s = reach(&g, 5, |s| s.turn_number() == 18 && top(s) == Some(Step::Phase(Phase::Dungeon)));
    (g, s)
}

/// The compact drawing's most lines (12 with up to four players, one more for a fifth), which
/// leaves the decision's menu and the prompt room in an 80×24 terminal.
fn compact_budget(players: usize) -> usize {
    12 + players.saturating_sub(4)
}

fn lines_fit(text: &str, what: &str) {
    for line in text.lines() {
        assert!(visible_width(line) <= 80, "{what}: a line wider than 80 columns:\n{line}\n\n{text}");
    }
}

/// WOD-VIEW-3: during a raid, a window after the roll: the stack from the waiting roll up to the
/// newest card, each with its player and targets; who holds priority; the Effect cards of the turn
/// in words; the party's experience against the difficulty with the die.
#[test]
fn wod_view_3_a_raid_window_shows_the_stack_bottom_first_and_the_die() {
    let (g, s) = raid_window();
    let p2 = Viewer::Player(p(1));
    assert_eq!(g.turn(&s), Turn::Decide(p(1)));
    let o = g.observe(&s, p2);
    assert_eq!(o.step, "Response window after the roll for Spooky Windmill");
    assert_eq!(o.decision, "P2 holds priority: play an Effect card or pass");
    assert_eq!(
        o.played,
        [
            "AFK (P3) → Spreadsheet Sally: resolved",
            "Lag Spike (P4): waiting on the stack",
            "Energy Drink (P1) → Spooky Windmill: waiting on the stack"
        ]
    );
    assert_eq!(o.raid[0].status, "rolled -1: 3 - 1 = 2 against difficulty 4, fails if settled now");
    let full = g.render(&o, PLAIN);
    lines_fit(&full, "board");
    insta::assert_snapshot!("raid_window_full", full);
    let compact = g.render_compact(&o, PLAIN);
    lines_fit(&compact, "compact");
    assert!(compact.lines().count() <= compact_budget(4), "{compact}");
    insta::assert_snapshot!("raid_window_compact", compact);
}

/// WOD-VIEW-2, WOD-INFO-2: a spectator sees every guild, hand sizes and the stack, and no hand.
#[test]
fn wod_view_2_a_spectator_sees_the_table_and_no_hand() {
    let (g, s) = raid_window();
    let o = g.observe(&s, Viewer::Spectator);
    assert_eq!(o.hand, None);
    let full = g.render(&o, PLAIN);
    assert!(!full.contains("YOUR HAND") && !full.contains("(you)"), "{full}");
    insta::assert_snapshot!("spectator_full", full);
    let compact = g.render_compact(&o, PLAIN);
    assert!(!compact.contains("Hand:"), "{compact}");
    insta::assert_snapshot!("spectator_compact", compact);
}

/// WOD-VIEW-1, WOD-VIEW-2: the start of a turn: decks with their known bottom cards, the Patch
/// Notes in force with their text, both rows (a modified difficulty as printed→now), each guild.
#[test]
fn wod_view_1_the_start_of_a_turn() {
    let (g, s) = turn_start();
    let o = g.observe(&s, Viewer::Player(p(1)));
    assert_eq!(o.step, "Phase 2 — Kick");
    assert_eq!(o.decision, "P2 may kick a guildmember");
    let full = g.render(&o, PLAIN);
    lines_fit(&full, "board");
    // The Patch Notes card in force with its text, and what it does to a guildmember: printed 4,
    // 3 now.
    assert!(full.lines().any(|l| l == "  Patch Notes: Hardcore Nerf: Every Hardcore −1 experience."), "{full}");
    assert!(
        full.lines().any(|l| l == "  Tryhard Tyler (Hardcore · XP 4→3): Burn-out 3. +1 experience in Boss dungeons."),
        "{full}"
    );
    assert!(full.lines().any(|l| l == "      (raids 1 of 3 to burn-out)"), "{full}");
    insta::assert_snapshot!("turn_start_full", full);
    let compact = g.render_compact(&o, PLAIN);
    assert!(compact.lines().count() <= compact_budget(3), "{compact}");
    insta::assert_snapshot!("turn_start_compact", compact);
}

/// WOD-VIEW-2: five players, claimed dungeons and Stash cards; the compact drawing takes one line
/// more than with four.
#[test]
fn wod_view_2_five_players() {
    let (g, s) = five_players();
    let o = g.observe(&s, Viewer::Player(p(4)));
    let full = g.render(&o, PLAIN);
    lines_fit(&full, "board");
    insta::assert_snapshot!("five_players_full", full);
    let compact = g.render_compact(&o, PLAIN);
    assert!(compact.lines().count() <= compact_budget(5), "{compact}");
    insta::assert_snapshot!("five_players_compact", compact);
    // WOD-INFO-1: both discard piles in full are on the board: there is no view apart for them.
    for (pile, cards) in [("FORUM DISCARD", o.forum_discard.len()), ("LOOT DISCARD", o.loot_discard.len())] {
        let head = format!("{pile}  {cards} card{}", if cards == 1 { "" } else { "s" });
        assert!(cards > 0 && full.lines().any(|l| l == head), "{head}:\n{full}");
    }
    assert_eq!(g.render_view(&o, "discards", PLAIN), None);
}

/// WOD-INFO-1: the `cards` view lists every dungeon and gamer of the content and the Loot cards
/// in view; no view has another name.
#[test]
fn wod_info_1_the_cards_view_lists_the_content_in_view() {
    let (g, s) = five_players();
    let o = g.observe(&s, Viewer::Player(p(4)));
    let cards = g.render_view(&o, "cards", PLAIN).unwrap();
    lines_fit(&cards, "cards");
    // The text as one line (the view wraps it).
    let flat = cards.split_whitespace().collect::<Vec<_>>().join(" ");
    for d in &g.content().dungeons {
        assert!(cards.contains(&d.name), "{} missing:\n{cards}", d.name);
    }
    for x in &g.content().gamers {
        assert!(cards.contains(&x.name), "{} missing:\n{cards}", x.name);
    }
    // The Stash cards on the table and the Patch Notes in force are in view, with their text.
    let mut shown = 0;
    for k in o.seats.iter().flat_map(|x| &x.stash).chain(&o.patch_notes) {
        assert!(flat.contains(&format!("{} · {}: {}", k.name, k.kind, k.text)), "{}:\n{cards}", k.name);
        shown += 1;
    }
    assert!(shown >= 5, "{shown} cards");
    assert_eq!(g.render_view(&o, "map", PLAIN), None);
}

/// The colours of the printed cards in the compact drawing's rows: difficulty red, loot yellow, VP
/// green, requirement blue; none without colour. The full board draws the rows as the table's
/// cards, their names bold.
#[test]
fn wod_view_1_colours_as_printed() {
    let (g, s) = raid_window();
    let o = g.observe(&s, Viewer::Spectator);
    let line = "  \x1b[1mSpooky Windmill (Farm · difficulty 4 · loot 1 · 2 VP · needs a Casual)\x1b[0m";
    let full = g.render(&o, COLOUR);
    assert!(full.lines().any(|l| l == line), "{full}");
    // The compact drawing has the Dungeon row in full where the decision is about it.
    let (g, s) = five_players();
    let o = g.observe(&s, Viewer::Spectator);
    let compact = g.render_compact(&o, COLOUR);
    let line = "          Minotaur Labyrinth      Boss  diff \x1b[91m8\x1b[0m   loot \x1b[93m2\x1b[0m  VP \x1b[92m4\x1b[0m  needs \x1b[94mH\x1b[0m";
    assert!(compact.lines().any(|l| l == line), "{compact}");
    assert!(!g.render(&o, PLAIN).contains('\x1b'));
    assert!(!g.render_compact(&o, PLAIN).contains('\x1b'));
}

/// The phase and step in words, against the table's own steps over a seeded game.
#[test]
fn wod_view_3_the_step_in_words() {
    let g = game(3);
    let c = g.content();
    let mut rng = SeededRng::new(7);
    let (mut s, _) = g.new_game(&mut rng);
    let mut windows = 0;
    while let Turn::Decide(p) = g.turn(&s) {
        let t = s.table();
        let words = g.observe(&s, Viewer::Spectator).step;
        let raided = |at: u8| c.dungeon(t.raid[usize::from(at)].dungeon).name.clone();
        let expected = match (t.steps.top(), t.pending.first()) {
            (Some(Step::Phase(Phase::Kick)), _) => "Phase 2 — Kick".to_owned(),
            (Some(Step::Phase(Phase::Recruit)), _) => "Phase 2 — Recruit".to_owned(),
            (Some(Step::Phase(Phase::Stash)), _) => "Phase 2 — Play Stash".to_owned(),
            (Some(Step::Phase(Phase::Dungeon)), _) => "Phase 3 — Grind or raid".to_owned(),
            (Some(Step::Phase(Phase::NextRaid)), _) => "Phase 3 — Raid".to_owned(),
            (Some(Step::Phase(Phase::Claim)), _) => "Phase 3 — Claim".to_owned(),
            (Some(Step::HandLimit(_)), _) => "End of turn — hand limit".to_owned(),
            (Some(Step::Window(_)), Some(Item::Roll { at, .. })) => {
                windows += 1;
                format!("Response window after the roll for {}", raided(*at))
            }
            (Some(Step::Window(_)), Some(Item::Recruit { gamer, troll: false, .. })) => {
                windows += 1;
                format!("Response window after {}'s recruit of {}", t.active, c.gamer(*gamer).name)
            }
            (Some(Step::Window(_)), Some(Item::Declare)) => {
                format!("Response window after {}'s raid declaration", t.active)
            }
            (Some(Step::Window(_)), Some(Item::Claim { .. })) => {
                format!("Response window after {}'s claim", t.active)
            }
            _ => words.clone(),
        };
        assert_eq!(words, expected, "turn {}", s.turn_number());
        let a = bot_action(&g, &s, p, &mut rng);
        g.apply(&mut s, p, a, &mut rng).unwrap();
    }
    assert!(windows > 10, "{windows} windows");
    assert_eq!(g.observe(&s, Viewer::Spectator).step, "Game over");
}

/// Every drawing of every viewer over seeded games at 2 to 5 players: no line wider than 80
/// columns, the compact drawing within its budget.
#[test]
fn wod_view_1_every_drawing_fits_80_columns() {
    for players in 2..=5 {
        let g = game(players);
        let mut rng = SeededRng::new(players as u64);
        let (mut s, _) = g.new_game(&mut rng);
        let mut step = 0;
        while let Turn::Decide(p) = g.turn(&s) {
            if step % 5 == 0 {
                let viewers = Player::all(players).map(Viewer::Player).chain([Viewer::Spectator]);
                for viewer in viewers {
                    let o = g.observe(&s, viewer);
                    lines_fit(&g.render(&o, PLAIN), "board");
                    let compact = g.render_compact(&o, PLAIN);
                    lines_fit(&compact, "compact");
                    assert!(
                        compact.lines().count() <= compact_budget(players),
                        "{players} players, {} lines:\n{compact}",
                        compact.lines().count()
                    );
                    assert!(compact.starts_with("WORLD OF DUNGEONS"), "{compact}");
                    lines_fit(&g.render_view(&o, "cards", PLAIN).unwrap(), "cards");
                }
            }
            step += 1;
            let a = bot_action(&g, &s, p, &mut rng);
            g.apply(&mut s, p, a, &mut rng).unwrap();
        }
        assert!(step > 200, "{players} players: {step} decisions");
    }
}

/// WOD-INFO-2: over whole seeded games, for every seat and a spectator, no drawing names a card
/// in another player's hand (unless a copy of that design is in view), while its owner's board
/// does.
#[test]
fn wod_info_2_no_drawing_shows_another_players_hand() {
    let mut owned = 0;
    for players in [2, 4, 5] {
        let g = game(players);
        let mut rng = SeededRng::new(11);
        let (mut s, _) = g.new_game(&mut rng);
        let mut step = 0;
        while let Turn::Decide(p) = g.turn(&s) {
            if step % 7 == 0 {
                let boards: Vec<String> =
                    Player::all(players).map(|q| g.render(&g.observe(&s, Viewer::Player(q)), PLAIN)).collect();
                for viewer in Player::all(players).map(Viewer::Player).chain([Viewer::Spectator]) {
                    let o = g.observe(&s, viewer);
                    let seen =
                        [g.render(&o, PLAIN), g.render_compact(&o, PLAIN), g.render_view(&o, "cards", PLAIN).unwrap()];
                    for secret in g.secrets(&s, viewer).iter().filter(|x| !x.starts_with('"')) {
                        for d in &seen {
                            assert!(!d.contains(secret.as_str()), "{viewer} sees `{secret}`:\n{d}");
                        }
                        // A card's name (not `play x`): its owner's board shows it.
                        if !secret.starts_with("play ") && !secret.starts_with("card ") {
                            assert!(boards.iter().any(|b| b.contains(secret.as_str())), "`{secret}` in no hand");
                            owned += 1;
                        }
                    }
                }
            }
            step += 1;
            let a = bot_action(&g, &s, p, &mut rng);
            g.apply(&mut s, p, a, &mut rng).unwrap();
        }
    }
    assert!(owned > 100, "{owned} secret cards checked");
}

/// WOD-VIEW-2, WOD-INFO-2: the table (`Present::table`) of a raid window as P2 sees it: each seat's
/// VP, guildmembers and Loot cards in hand against their limits and what they are doing, P2's own
/// hand and no one else's, the piles; a spectator's table and P3's hold no hand but their own.
#[test]
fn wod_view_2_the_table_shows_counts_notes_piles_and_only_the_viewers_hand() {
    let (g, s) = raid_window();
    let table = |viewer| g.table(&g.observe(&s, viewer)).unwrap();
    let mine = table(Viewer::Player(p(1)));
    assert_eq!(
        mine.draw(Some(p(1)), 80, Style::default()),
        "            VP  Guild  Hand
  P1         0    0/3   0/3
▶ P2 (you)   0    0/3   1/3  priority
  P3         0    1/3   1/3
  P4         0    1/3   0/3  turn · raiding
In front of P3: Spreadsheet Sally (Leader · XP 2)
In front of P4: Lunch-Break Larry (Casual · XP 1→3)
Hand: Boss Strats (Stash)
Stack (newest on top) 3 · Effect cards this turn 1 · Dungeon row 3 · Forum row 2
Dungeon deck 37 · Forum deck 44 · Loot deck 90 · Patch Notes 0 · +2 more
"
    );
    assert_eq!(mine.phase, "Turn 3 of 200 · P4's turn · Response window after the roll for Spooky Windmill");
    // P4's guildmember, face up with its type and experience (printed→now), its skill and its marks.
    assert_eq!(
        mine.panels[3].cards,
        [Card {
            id: "gamer-lunch-break-larry".into(),
            name: "Lunch-Break Larry".into(),
            kind: Some("Casual · XP 1→3".into()),
            text: "+2 experience in Farm dungeons. (joined this turn; raided 1 time; raiding Spooky Windmill)".into(),
        }]
    );
    for panel in &mine.panels {
        assert_eq!(panel.hand.is_some(), panel.seat == p(1), "{:?}", panel.seat);
    }
    assert!(table(Viewer::Spectator).panels.iter().all(|panel| panel.hand.is_none()));
    let theirs = table(Viewer::Player(p(2)));
    assert!(theirs.panels.iter().all(|panel| panel.hand.is_some() == (panel.seat == p(2))));
    // An Effect card in hand: its timing beside its kind, and when it may be played after its text.
    assert_eq!(
        theirs.panels[2].hand,
        Some(vec![Card {
            id: "loot-energy-drink".into(),
            name: "Energy Drink".into(),
            kind: Some("Effect · Raid".into()),
            text: "Raid: the party raiding a declared dungeon +1 experience until end of turn. (Raid: during a \
                   raid, before its last roll is settled.)"
                .into(),
        }])
    );
    let spectator = table(Viewer::Spectator).draw(None, 80, Style::default());
    assert!(!spectator.contains("Hand:"), "{spectator}");
    // The cards known at the bottom of the decks (WOD-INFO-1) are on their piles, for every viewer.
    let bottoms = |t: &worlds_engine::present::Table| -> Vec<(String, Vec<String>)> {
        t.piles
            .iter()
            .filter(|p| !p.known_bottom.is_empty())
            .map(|p| (p.name.clone(), p.known_bottom.clone()))
            .collect()
    };
    let known = vec![
        ("Dungeon deck".to_owned(), vec!["The Lich's Spire".to_owned(), "Kobold Mines".to_owned()]),
        ("Forum deck".to_owned(), vec!["Idle Ivan".to_owned()]),
    ];
    assert_eq!(bottoms(&mine), known);
    assert_eq!(bottoms(&table(Viewer::Spectator)), known);
}
