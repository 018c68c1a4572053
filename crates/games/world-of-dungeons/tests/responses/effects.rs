//! WOD-RESP-8 to WOD-RESP-11, WOD-EFFECT-1 to WOD-EFFECT-5, and refusals.

use super::*;

// ---------------------------------------------------------------- WOD-RESP-8 to WOD-RESP-11

/// WOD-RESP-8: outside windows only the active player plays Effect cards, at each phase-2 step, the
/// grind-or-raid choice and the choice of the next dungeon; the same decision is asked again after
/// the card's window. Never while declaring, forming parties or claiming.
#[test]
fn wod_resp_8_effect_cards_at_the_active_players_decision_points() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    set_forum_row(&g, &mut t, &["shy-shelby"]);
    add_guild(&g, &mut t, 0, &["dad-of-three"]);
    add_guild(&g, &mut t, 1, &["raid-mom"]);
    add_hand(&g, &mut t, 0, &["easy-mode", "afk", "afk", "comfy-slippers"]);
    let mut s = load(&g, &t);
    let mut rng = dice(&g, &["0"]);
    assert_eq!(legal(&g, &s, 0), ["dad-of-three", "skip", "play afk"]);
    assert_eq!(legal(&g, &s, 1), Vec::<String>::new());
    let e = refused(&g, &s, 1, "pass");
    assert_eq!((e.kind, e.rule), (RuleErrorKind::NotYourTurn, "WOD-KICK-1"));
    say(&g, &mut s, 0, "play afk", &mut rng);
    say(&g, &mut s, 0, "raid-mom", &mut rng);
    // P2's empty hand passes; P1 holds cards and is asked.
    assert_eq!(holder(&s), Some(0));
    assert_eq!(say(&g, &mut s, 0, "pass", &mut rng), ["P1 passes", "Raid Mom goes AFK for the turn", "AFK resolves"]);
    assert_eq!(top(&s), Step::Phase(Phase::Kick), "the same decision again");
    assert_eq!(legal(&g, &s, 0), ["dad-of-three", "skip", "play afk"]);
    say(&g, &mut s, 0, "skip", &mut rng);
    assert_eq!(legal(&g, &s, 0), ["shy-shelby", "skip", "play afk"]);
    say(&g, &mut s, 0, "skip", &mut rng);
    assert_eq!(legal(&g, &s, 0), ["card comfy-slippers", "skip", "play afk"]);
    say(&g, &mut s, 0, "skip", &mut rng);
    assert_eq!(legal(&g, &s, 0), ["grind", "goblin-warrens", "play afk"]);
    // Declaring and forming parties are no decision points, though Easy Mode's timing applies.
    say(&g, &mut s, 0, "goblin-warrens", &mut rng);
    assert_eq!(legal(&g, &s, 0), ["done"]);
    let e = refused(&g, &s, 0, "play easy-mode");
    assert_eq!(
        (e.rule, e.message.as_str()),
        ("WOD-RESP-8", "Effect cards are played at decision points and in windows, not now")
    );
    say(&g, &mut s, 0, "done", &mut rng);
    assert_eq!(refused(&g, &s, 0, "play easy-mode").rule, "WOD-RESP-8");
    say(&g, &mut s, 0, "goblin-warrens", &mut rng);
    pass_window(&g, &mut s, &mut rng);
    // Before the roll.
    assert_eq!(legal(&g, &s, 0), ["goblin-warrens", "play easy-mode", "play afk"]);
    say(&g, &mut s, 0, "play easy-mode", &mut rng);
    say(&g, &mut s, 0, "goblin-warrens", &mut rng);
    pass_window(&g, &mut s, &mut rng);
    assert_eq!(top(&s), Step::Phase(Phase::NextRaid), "the same decision again");
    say(&g, &mut s, 0, "goblin-warrens", &mut rng);
    pass_window(&g, &mut s, &mut rng);
    // Claiming is no decision point.
    assert_eq!(legal(&g, &s, 0), ["claim"]);
    assert_eq!(refused(&g, &s, 0, "play afk").rule, "WOD-RESP-8");
}

/// WOD-RESP-9: the engine passes on its own only for an empty hand; a hand of cards that cannot be
/// played now is asked all the same.
#[test]
fn wod_resp_9_only_an_empty_hand_passes_on_its_own() {
    let g = game(3);
    let mut t = table(&g);
    set_forum_row(&g, &mut t, &["shy-shelby"]);
    add_hand(&g, &mut t, 2, &["comfy-slippers"]);
    at_phase(&mut t, Phase::Recruit);
    let start = load(&g, &t);
    let mut s = start.clone();
    let mut rng = SeededRng::new(0);
    assert_eq!(say(&g, &mut s, 0, "shy-shelby", &mut rng), ["P1 recruits Shy Shelby"]);
    assert_eq!(holder(&s), Some(2), "P2's empty hand passed");
    assert_eq!(passed(&s), [1]);
    assert_eq!(legal(&g, &s, 2), ["pass", "pass-turn", "pass-until-my-turn"]);
    assert_eq!(say(&g, &mut s, 2, "pass", &mut rng), ["P3 passes", "Shy Shelby joins P1's guild"]);
    // Every hand empty: the window closes at once.
    let mut t = g.to_setup(&start);
    let hand = t.seats[p(2)].hand;
    t.seats[p(2)].hand = CardSet::EMPTY;
    t.loot_deck |= hand;
    let mut s = load(&g, &t);
    assert_eq!(say(&g, &mut s, 0, "shy-shelby", &mut rng), ["P1 recruits Shy Shelby", "Shy Shelby joins P1's guild"]);
}

/// WOD-RESP-10: a standing pass, for the rest of the turn or until one's next turn, is public and
/// passes every later window until it clears: at the end of the turn, or when that player's turn
/// starts.
#[test]
fn wod_resp_10_standing_passes_and_when_they_clear() {
    let g = game(3);
    let mut t = table(&g);
    set_forum_row(&g, &mut t, &["shy-shelby"]);
    add_hand(&g, &mut t, 0, &["afk", "guild-banner"]);
    add_hand(&g, &mut t, 1, &["comfy-slippers"]);
    add_hand(&g, &mut t, 2, &["costume-wardrobe"]);
    at_phase(&mut t, Phase::Recruit);
    let mut s = load(&g, &t);
    let mut rng = SeededRng::new(0);
    let standing = |s: &State| -> Vec<Standing> { s.table().seats.values().map(|x| x.standing).collect() };
    say(&g, &mut s, 0, "shy-shelby", &mut rng);
    // Public: the event goes to everyone, and every view shows it.
    let events = g.apply(&mut s, p(1), Action::PassTurn, &mut rng).unwrap();
    assert_eq!(told(&g, &events), ["P2 passes for the rest of the turn"]);
    assert!(events[0].visibility.is_public());
    assert_eq!(say(&g, &mut s, 2, "pass-until-my-turn", &mut rng), ["P3 passes until their next turn"]);
    say(&g, &mut s, 0, "pass", &mut rng);
    assert_eq!(standing(&s), [Standing::None, Standing::Turn, Standing::UntilMyTurn]);
    let o = g.observe(&s, Viewer::Player(p(0)));
    assert!(o.seats[1].standing_pass.is_some() && o.seats[2].standing_pass.is_some());
    assert_eq!(o.seats[0].standing_pass, None);
    // A later window of the turn: both pass without being asked.
    say(&g, &mut s, 0, "skip", &mut rng);
    say(&g, &mut s, 0, "play afk", &mut rng);
    say(&g, &mut s, 0, "shy-shelby", &mut rng);
    assert_eq!(holder(&s), Some(0));
    assert_eq!(passed(&s), [1, 2]);
    say(&g, &mut s, 0, "pass", &mut rng);
    // The turn ends: P2's pass clears, P3's stays through P2's turn.
    say(&g, &mut s, 0, "grind", &mut rng);
    assert_eq!(s.table().active, p(1));
    assert_eq!(standing(&s), [Standing::None, Standing::None, Standing::UntilMyTurn]);
    say(&g, &mut s, 1, "skip", &mut rng);
    let recruit = legal(&g, &s, 1)[0].clone();
    say(&g, &mut s, 1, &recruit, &mut rng);
    assert_eq!(holder(&s), Some(0), "P3 passed on their own");
    assert_eq!(passed(&s), [2]);
    pass_window(&g, &mut s, &mut rng);
    say(&g, &mut s, 1, "skip", &mut rng);
    say(&g, &mut s, 1, "grind", &mut rng);
    // P3's turn starts: their pass clears.
    assert_eq!(s.table().active, p(2));
    assert_eq!(standing(&s), [Standing::None, Standing::None, Standing::None]);
}

/// WOD-RESP-11: a decision whose every legal action is a kind of pass is forced: the plain pass can
/// be taken without thinking, yet it is still that player's decision; a playable card unforces it.
#[test]
fn wod_resp_11_a_decision_of_passes_only_is_forced() {
    let g = game(3);
    let mut s = stacked_window(&g);
    let mut rng = SeededRng::new(0);
    // P2 could play Pet Aggro: not forced.
    assert_eq!(g.forced_action(&s, p(1)), None);
    say(&g, &mut s, 1, "pass", &mut rng);
    // P3 holds only a Stash card: forced, but asked.
    assert_eq!(g.turn(&s), Turn::Decide(p(2)));
    assert_eq!(g.forced_action(&s, p(2)), Some(Action::Pass));
    assert!(g.legal_actions(&s, p(2)).iter().all(|&a| g.is_pass(a)));
    assert!([Action::Pass, Action::PassTurn, Action::PassUntilMyTurn].iter().all(|&a| g.is_pass(a)));
    assert!([Action::Skip, Action::Grind, Action::Done, Action::Out, Action::Claim].iter().all(|&a| !g.is_pass(a)));
    assert_eq!(say(&g, &mut s, 2, "pass", &mut rng), ["P3 passes"], "the forced pass is logged like any other");
    // One legal action is forced too.
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    add_guild(&g, &mut t, 0, &["dad-of-three"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let mut rng = dice(&g, &["0"]);
    declare(&g, &mut s, &["goblin-warrens"], &["goblin-warrens"], &mut rng);
    say(&g, &mut s, 0, "goblin-warrens", &mut rng);
    assert_eq!(g.forced_action(&s, p(0)), Some(Action::Claim));
}

// ---------------------------------------------------------------- WOD-EFFECT-1 to WOD-EFFECT-5

/// WOD-EFFECT-1: an Effect card may be played only when its timing applies and every pick has a
/// legal choice; playing is one decision for the card and one per pick.
#[test]
fn wod_effect_1_playable_when_timing_applies_and_every_pick_has_a_choice() {
    let g = game(2);
    let mut t = table(&g);
    set_forum_row(&g, &mut t, &["shy-shelby", "leroy"]);
    add_guild(&g, &mut t, 0, &["dad-of-three"]);
    add_hand(&g, &mut t, 0, &["report-to-gm", "free-trial-invite", "item-decay"]);
    at_phase(&mut t, Phase::Recruit);
    let base = t.clone();
    let mut s = load(&g, &t);
    let mut rng = SeededRng::new(0);
    assert_eq!(legal(&g, &s, 0), ["shy-shelby", "leroy", "skip", "play free-trial-invite"]);
    let e = refused(&g, &s, 0, "play report-to-gm");
    assert_eq!(
        (e.rule, e.message.as_str()),
        ("WOD-EFFECT-2", "Report to GM may be played only while another Effect card waits")
    );
    let e = refused(&g, &s, 0, "play item-decay");
    assert_eq!((e.rule, e.message.as_str()), ("WOD-EFFECT-1", "Item Decay has no legal target now"));
    // Free Trial Invite: the card, then a Noob of the Forum row, then a guild with room.
    assert_eq!(say(&g, &mut s, 0, "play free-trial-invite", &mut rng), ["P1 plays Free Trial Invite"]);
    assert_eq!(g.decision(&s).text, "P1 chooses target 1 of Free Trial Invite");
    assert_eq!(legal(&g, &s, 0), ["leroy"]);
    assert_eq!(say(&g, &mut s, 0, "leroy", &mut rng), ["Free Trial Invite targets Leroy"]);
    assert_eq!(g.decision(&s).text, "P1 chooses target 2 of Free Trial Invite");
    assert_eq!(legal(&g, &s, 0), ["P1", "P2"]);
    say(&g, &mut s, 0, "P1", &mut rng);
    // P2's empty hand passes; P1 still holds cards and is asked.
    assert_eq!(
        pass_window(&g, &mut s, &mut rng),
        ["P1 passes", "Leroy joins P1's guild", "Free Trial Invite resolves"]
    );
    assert_eq!(members(&g, &s, 0), ["dad-of-three", "leroy"]);
    // Item Decay needs another player with a Stash card; Free Trial Invite a Noob in the row.
    let mut t = base;
    add_stash(&g, &mut t, 1, &["comfy-slippers"]);
    let leroy = t.forum_row.pop().unwrap();
    t.forum_deck.unseen.insert(leroy);
    let s = load(&g, &t);
    assert_eq!(legal(&g, &s, 0), ["shy-shelby", "skip", "play item-decay"]);
}

/// WOD-EFFECT-2: each timing, in the windows of one turn, for a hand holding one card of each:
/// `any` always; `recruit` while a recruit waits; `raid` until the raid's last roll is settled;
/// `roll` while a roll waits; `effect` while another card waits; `claim` while a claim waits.
#[test]
fn wod_effect_2_each_timing_applies_in_its_windows() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    set_forum_row(&g, &mut t, &["shy-shelby"]);
    add_guild(&g, &mut t, 0, &["dad-of-three"]);
    add_hand(&g, &mut t, 0, &["energy-drink"]);
    add_hand(&g, &mut t, 1, &["easy-mode", "lag-spike", "invite-declined", "report-to-gm", "afk", "ninja-loot"]);
    at_phase(&mut t, Phase::Recruit);
    let mut s = load(&g, &t);
    let mut rng = dice(&g, &["0"]);
    let passes = ["pass", "pass-turn", "pass-until-my-turn"];
    let with = |cards: &[&str]| -> Vec<String> {
        passes.iter().map(|x| x.to_string()).chain(cards.iter().map(|c| format!("play {c}"))).collect()
    };
    say(&g, &mut s, 0, "shy-shelby", &mut rng);
    assert_eq!(legal(&g, &s, 1), with(&["invite-declined", "afk"]));
    pass_window(&g, &mut s, &mut rng);
    say(&g, &mut s, 0, "skip", &mut rng);
    declare(&g, &mut s, &["goblin-warrens"], &["goblin-warrens", "out"], &mut rng);
    assert_eq!(legal(&g, &s, 1), with(&["easy-mode", "afk"]));
    pass_window(&g, &mut s, &mut rng);
    say(&g, &mut s, 0, "goblin-warrens", &mut rng);
    // The roll waits: P1 answers first with Energy Drink, then P2 may counter it.
    say(&g, &mut s, 0, "play energy-drink", &mut rng);
    say(&g, &mut s, 0, "goblin-warrens", &mut rng);
    assert_eq!(legal(&g, &s, 1), with(&["easy-mode", "lag-spike", "report-to-gm", "afk"]));
    say(&g, &mut s, 1, "pass", &mut rng);
    assert_eq!(legal(&g, &s, 0), ["claim"]);
    say(&g, &mut s, 0, "claim", &mut rng);
    assert_eq!(legal(&g, &s, 1), with(&["afk", "ninja-loot"]));
    // Ninja Loot: the claim draws one fewer (none) and P2 draws one.
    let mut draws = lowest_draws(1);
    assert_eq!(say(&g, &mut s, 1, "play ninja-loot", &mut draws), ["P2 plays Ninja Loot"]);
    assert_eq!(holder(&s), Some(1), "P1's empty hand passed");
    let events = say(&g, &mut s, 1, "pass", &mut draws);
    assert_eq!(events[..4], ["P2 passes", "P2 draws Energy Drink", "P2 draws 1 Loot card", "Ninja Loot resolves"]);
    assert_eq!(events[4], "P1 claims Goblin Warrens");
    assert!(!events.iter().any(|e| e.starts_with("P1 draws")), "{events:?}");
    assert_eq!(s.table().seats[p(0)].hand.bits(), 0);
}

/// WOD-EFFECT-3: an Effect's change lasts until end of turn (Power Leveling +2); a card whose target
/// is no longer legal when it resolves does nothing (a second A Better Offer on a gamer the first
/// already brought over), and the gamer moved stays moved.
#[test]
fn wod_effect_3_changes_last_the_turn_and_a_card_without_target_does_nothing() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    add_guild(&g, &mut t, 0, &["dad-of-three"]);
    add_hand(&g, &mut t, 0, &["power-leveling"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let mut rng = dice(&g, &["0"]);
    declare(&g, &mut s, &["goblin-warrens"], &["goblin-warrens"], &mut rng);
    say(&g, &mut s, 0, "play power-leveling", &mut rng);
    assert_eq!(
        say(&g, &mut s, 0, "dad-of-three", &mut rng),
        ["Power Leveling targets Dad of Three", "Power Leveling resolves"]
    );
    assert_eq!(xp_now(&g, &s, 0, "dad-of-three"), 6);
    assert_eq!(
        say(&g, &mut s, 0, "goblin-warrens", &mut rng)[2],
        "Goblin Warrens: party 6 + 0 = 6 against difficulty 4: success"
    );
    say(&g, &mut s, 0, "claim", &mut rng);
    assert_eq!(s.table().turn, 2);
    assert_eq!(xp_now(&g, &s, 0, "dad-of-three"), 4, "the change lapsed at end of turn");

    let mut t = table(&g);
    add_guild(&g, &mut t, 0, &["raid-mom"]);
    add_guild(&g, &mut t, 1, &["dad-of-three"]);
    add_hand(&g, &mut t, 0, &["better-offer", "better-offer"]);
    let mut s = load(&g, &t);
    let mut rng = SeededRng::new(0);
    say(&g, &mut s, 0, "play better-offer", &mut rng);
    say(&g, &mut s, 0, "dad-of-three", &mut rng);
    assert_eq!(holder(&s), Some(0));
    say(&g, &mut s, 0, "play better-offer", &mut rng);
    assert_eq!(
        say(&g, &mut s, 0, "dad-of-three", &mut rng),
        [
            "A Better Offer targets Dad of Three",
            "Dad of Three moves from P2's guild to P1's",
            "A Better Offer resolves",
            "A Better Offer does nothing: its target is gone"
        ]
    );
    assert_eq!(fates(&s), [Fate::Fizzled, Fate::Resolved]);
    assert_eq!(members(&g, &s, 0), ["raid-mom", "dad-of-three"]);
    assert_eq!(top(&s), Step::Phase(Phase::Kick));
    // The move lasts beyond the turn.
    say(&g, &mut s, 0, "skip", &mut rng);
    say(&g, &mut s, 0, "skip", &mut rng);
    say(&g, &mut s, 0, "skip", &mut rng);
    say(&g, &mut s, 0, "grind", &mut rng);
    assert_eq!(s.table().turn, 2);
    assert_eq!(members(&g, &s, 0), ["raid-mom", "dad-of-three"]);
    assert!(members(&g, &s, 1).is_empty());
}

/// WOD-EFFECT-4: every Effect card played in a turn, resolved, fizzled or cancelled, stays face up
/// until end of turn, then goes to the Loot discard pile.
#[test]
fn wod_effect_4_played_cards_stay_face_up_until_end_of_turn() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    add_guild(&g, &mut t, 0, &["dad-of-three"]);
    let easy = take_loot(&g, &mut t, "easy-mode");
    let report = take_loot(&g, &mut t, "report-to-gm");
    t.seats[p(0)].hand.insert(easy);
    t.seats[p(1)].hand.insert(report);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let mut rng = dice(&g, &["0"]);
    declare(&g, &mut s, &["goblin-warrens"], &["goblin-warrens"], &mut rng);
    say(&g, &mut s, 1, "pass", &mut rng);
    say(&g, &mut s, 0, "play easy-mode", &mut rng);
    say(&g, &mut s, 0, "goblin-warrens", &mut rng);
    say(&g, &mut s, 1, "play report-to-gm", &mut rng);
    assert_eq!(
        say(&g, &mut s, 1, "effect 1", &mut rng),
        ["Report to GM targets Easy Mode", "Easy Mode is cancelled", "Report to GM resolves"]
    );
    let played: Vec<(u8, Fate)> = s.table().played.iter().map(|x| (x.card, x.fate)).collect();
    assert_eq!(played, [(easy, Fate::Cancelled), (report, Fate::Resolved)]);
    assert_eq!(s.table().loot_discard.bits(), 0);
    // Face up: every player sees both, with what became of them (the view's wording is its own).
    let seen = g.observe(&s, Viewer::Spectator).played;
    assert_eq!(seen.len(), 2);
    assert!(seen[0].starts_with("Easy Mode (P1)") && seen[0].ends_with(": cancelled"), "{seen:?}");
    assert!(seen[1].starts_with("Report to GM (P2)") && seen[1].ends_with(": resolved"), "{seen:?}");
    say(&g, &mut s, 0, "goblin-warrens", &mut rng);
    say(&g, &mut s, 0, "claim", &mut rng);
    assert_eq!(s.table().turn, 2);
    assert!(s.table().played.is_empty());
    assert_eq!(s.table().loot_discard.bits(), (1 << easy) | (1 << report));
}

/// WOD-EFFECT-5: a card whose lasting change falls on one guildmember is attached to it; when that
/// gamer leaves its guild the card goes to the Loot discard pile at once and stops working.
#[test]
fn wod_effect_5_an_attached_card_leaves_with_its_gamer() {
    let g = game(2);
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    add_guild(&g, &mut t, 0, &["dad-of-three", "raid-mom"]);
    let leveling = take_loot(&g, &mut t, "power-leveling");
    t.seats[p(0)].hand.insert(leveling);
    add_hand(&g, &mut t, 0, &["energy-drink"]);
    add_hand(&g, &mut t, 1, &["better-offer"]);
    at_phase(&mut t, Phase::Dungeon);
    let mut s = load(&g, &t);
    let mut rng = SeededRng::new(0);
    declare(&g, &mut s, &["goblin-warrens"], &["goblin-warrens", "goblin-warrens"], &mut rng);
    say(&g, &mut s, 1, "pass", &mut rng);
    say(&g, &mut s, 0, "play power-leveling", &mut rng);
    say(&g, &mut s, 0, "dad-of-three", &mut rng);
    say(&g, &mut s, 1, "pass", &mut rng);
    say(&g, &mut s, 0, "pass", &mut rng);
    assert_eq!(xp_now(&g, &s, 0, "dad-of-three"), 4 + 2 + 1);
    let o = g.observe(&s, Viewer::Spectator);
    assert_eq!(o.seats[0].guild[0].attached, ["Power Leveling"]);
    // Before the roll P1 plays Energy Drink; P2 answers by poaching Dad of Three.
    say(&g, &mut s, 0, "play energy-drink", &mut rng);
    say(&g, &mut s, 0, "goblin-warrens", &mut rng);
    say(&g, &mut s, 1, "play better-offer", &mut rng);
    let events = say(&g, &mut s, 1, "dad-of-three", &mut rng);
    assert_eq!(
        events,
        [
            "A Better Offer targets Dad of Three",
            "Power Leveling goes to the Loot discard pile with its gamer",
            "Dad of Three moves from P1's guild to P2's",
            "A Better Offer resolves",
            "Energy Drink resolves"
        ]
    );
    assert_eq!(s.table().loot_discard.bits(), 1 << leveling, "at once, not at end of turn");
    assert_eq!(s.table().played[0].fate, Fate::Detached);
    assert_eq!(xp_now(&g, &s, 1, "dad-of-three"), 4, "it no longer works");
    assert_eq!(top(&s), Step::Phase(Phase::NextRaid));

    // AFK is attached too: once its gamer changes guilds it no longer bars it from parties.
    let mut t = table(&g);
    set_dungeon_row(&g, &mut t, &["goblin-warrens"]);
    add_guild(&g, &mut t, 0, &["raid-mom"]);
    add_guild(&g, &mut t, 1, &["dad-of-three"]);
    let afk = take_loot(&g, &mut t, "afk");
    t.seats[p(0)].hand.insert(afk);
    add_hand(&g, &mut t, 0, &["better-offer"]);
    let mut s = load(&g, &t);
    say(&g, &mut s, 0, "play afk", &mut rng);
    say(&g, &mut s, 0, "dad-of-three", &mut rng);
    say(&g, &mut s, 0, "pass", &mut rng);
    assert!(s.table().seats[p(1)].guild[0].afk);
    say(&g, &mut s, 0, "play better-offer", &mut rng);
    assert_eq!(
        say(&g, &mut s, 0, "dad-of-three", &mut rng),
        [
            "A Better Offer targets Dad of Three",
            "AFK goes to the Loot discard pile with its gamer",
            "Dad of Three moves from P2's guild to P1's",
            "A Better Offer resolves"
        ]
    );
    assert_eq!(s.table().loot_discard.bits(), 1 << afk);
    assert!(!s.table().seats[p(0)].guild[1].afk);
    for _ in 0..3 {
        say(&g, &mut s, 0, "skip", &mut rng);
    }
    declare(&g, &mut s, &["goblin-warrens"], &["out"], &mut rng);
    assert_eq!(legal(&g, &s, 0), ["goblin-warrens"], "Dad of Three may raid for P1");
}

// ---------------------------------------------------------------- refusals

/// WOD-COMP-4, WOD-RESP-4: in a window, a card not in hand and an action by a player who does not
/// hold priority are refused with their rule and reason, and nothing changes.
#[test]
fn wod_resp_4_refusals_in_a_window_change_nothing() {
    let g = game(3);
    let s = stacked_window(&g);
    let e = refused(&g, &s, 1, "play lag-spike");
    assert_eq!(
        (e.kind, e.rule, e.message.as_str()),
        (RuleErrorKind::Illegal, "WOD-COMP-4", "Lag Spike is not in your hand")
    );
    let e = refused(&g, &s, 2, "pass");
    assert_eq!(
        (e.kind, e.rule, e.message.as_str()),
        (
            RuleErrorKind::NotYourTurn,
            "WOD-RESP-4",
            "it is not your decision now: P2 holds priority: play an Effect card or pass"
        )
    );
    let e = refused(&g, &s, 1, "grind");
    assert_eq!(
        (e.kind, e.rule, e.message.as_str()),
        (RuleErrorKind::Illegal, "WOD-RESP-4", "in a window: play an Effect card or pass")
    );
    assert_eq!(holder(&s), Some(1));
}
