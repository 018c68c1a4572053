//! The table as one viewer sees it (WOD-VIEW-1 to WOD-VIEW-3), apart from the board: a panel a
//! seat, the cards in front of each (guild, Guild Stash, claimed dungeons), the viewer's hand, the
//! rows, decks, discard piles and Patch Notes, every card with its full text and the id the
//! browser's clicks name (`clicks.rs`). The terminal, the browser and Python draw it by the
//! engine's shared code.

use worlds_engine::Player;
use worlds_engine::present::{self, Count, Panel, Pile};
use worlds_engine::text::capitalise;

use crate::clicks::{HAND_PLACE, PlayedCard, copy_ids, dungeon_id, gamer_id, played_id, stash_place};
use crate::content::Content;
use crate::state::Fate;
use crate::status::{StackView, arrow, fate_words};
use crate::view::{CardView, DungeonView, GamerView, Observation, card_view, forum_view, gamer_type, value};

/// What a viewer sees apart from the board, in the rulebook's words (`Game::table`): the turn and
/// its phase; each seat's VP, guildmembers and Loot cards in hand against their limits, the
/// guildmembers, Guild Stash cards and claimed dungeons in front of them with their full text,
/// the hand only on the viewer's own panel, and notes (their turn, raiding, priority, passed, a
/// standing pass), worded to read after what `Table::changes` puts before them ("your turn",
/// "P2's priority", "P3: passing until their turn"); the rows (what a player raids and recruits
/// from, first), the decks, Patch Notes in force and discard piles.
pub fn table(c: &Content, obs: &Observation) -> present::Table {
    let seats = obs.seats.iter().enumerate().map(|(i, seat)| {
        let player = Player::from_index(i);
        let mut notes = Vec::new();
        if seat.active {
            notes.push("turn".to_owned());
            if !obs.raid.is_empty() && !obs.raid_failed && obs.over.is_none() {
                notes.push("raiding".to_owned());
            }
        }
        if obs.priority.as_deref() == Some(seat.player.as_str()) {
            notes.push("priority".to_owned());
        }
        if obs.passed.contains(&seat.player) {
            notes.push("passed".to_owned());
        }
        // A standing pass, short enough to sit in the scoreboard beside the other notes.
        if let Some(until) = seat.standing_pass {
            notes
                .push(if until.contains("next") { "passing until their turn" } else { "passing this turn" }.to_owned());
        }
        let mut cards: Vec<present::Card> = seat.guild.iter().map(gamer_card).collect();
        cards.extend(loot_cards(&stash_place(&seat.player), &seat.stash));
        cards.extend(seat.dungeons.iter().map(claimed_card));
        Panel {
            seat: player,
            faction: None,
            counts: vec![
                Count::new("VP", seat.vp),
                Count::of("Guild", seat.guild.len() as i64, seat.guild_limit),
                Count::of("Hand", seat.hand_size, seat.hand_limit),
            ],
            cards,
            hand: (obs.viewer.as_deref() == Some(seat.player.as_str()))
                .then(|| loot_cards(HAND_PLACE, obs.hand.as_deref().unwrap_or_default())),
            acting: obs.over.is_none() && obs.priority.as_deref().map_or(seat.active, |p| p == seat.player),
            notes,
        }
    });
    let gamer_named = |name: &String| c.gamers.iter().position(|g| g.name == *name).map(|g| forum_view(c, g as u8));
    let loot_named = |name: &String| {
        let def = c.defs.iter().position(|d| d.name == *name)?;
        c.loot.iter().position(|&d| usize::from(d) == def).map(|k| card_view(c, k as u8))
    };
    let over = obs.over.as_ref().map_or(String::new(), |how| format!(" · over: {how}"));
    let mut piles = stack_piles(c, obs);
    piles.extend([
        Pile::new("Dungeon row", obs.dungeon_row.len(), obs.dungeon_row.iter().map(|d| row_card(obs, d)).collect()),
        Pile::new("Forum row", obs.forum_row.len(), obs.forum_row.iter().map(gamer_card).collect()),
        Pile { known_bottom: obs.dungeon_bottom.clone(), ..Pile::new("Dungeon deck", obs.dungeon_deck, Vec::new()) },
        Pile { known_bottom: obs.forum_bottom.clone(), ..Pile::new("Forum deck", obs.forum_deck, Vec::new()) },
        Pile::new("Loot deck", obs.loot_deck as usize, Vec::new()),
        Pile::new("Patch Notes", obs.patch_notes.len(), loot_cards("patch", &obs.patch_notes)),
        Pile::new(
            "Forum discard",
            obs.forum_discard.len(),
            obs.forum_discard.iter().filter_map(gamer_named).map(|g| gamer_card(&g)).collect(),
        ),
        Pile::new(
            "Loot discard",
            obs.loot_discard.len(),
            loot_cards("discarded", &obs.loot_discard.iter().filter_map(loot_named).collect::<Vec<_>>()),
        ),
    ]);
    present::Table {
        phase: format!("Turn {} of {} · {}'s turn · {}{over}", obs.turn, obs.turn_cap, obs.active, obs.step),
        panels: seats.collect(),
        piles,
        ..present::Table::default()
    }
}

/// While there are any: the response stack, bottom first (the waiting action, the cards on it,
/// a card still choosing its targets on top), and the Effect cards of the turn already off it,
/// each with its player, targets and fate (WOD-RESP-1, WOD-EFFECT-4). A card is what a player
/// targets or answers, so these come first.
fn stack_piles(c: &Content, obs: &Observation) -> Vec<Pile> {
    let facts = &obs.facts;
    let played = |k: usize| facts.played.get(k).map(|p| played_card(c, k, p));
    let mut stack: Vec<present::Card> = obs
        .stack
        .iter()
        .enumerate()
        .filter_map(|(i, item)| match facts.stack.get(i).copied().flatten() {
            Some(k) => played(usize::from(k)),
            None => Some(waiting_card(i, item)),
        })
        .collect();
    let picking = facts.played.iter().enumerate().filter(|(_, p)| p.fate == Fate::Picking);
    stack.extend(picking.filter_map(|(k, _)| played(k)));
    let on_stack: Vec<usize> = facts.stack.iter().flatten().map(|&k| usize::from(k)).collect();
    let off: Vec<present::Card> = (0..facts.played.len())
        .filter(|k| !on_stack.contains(k) && facts.played[*k].fate != Fate::Picking)
        .filter_map(played)
        .collect();
    let mut piles = Vec::new();
    if !stack.is_empty() {
        let name = "Stack (newest on top)";
        piles.push(Pile { id: "stack".into(), ..Pile::new(name, stack.len(), stack) });
    }
    if !off.is_empty() {
        piles.push(Pile::new("Effect cards this turn", off.len(), off));
    }
    piles
}

/// An Effect card played this turn: its player and what became of it, its targets and text.
fn played_card(c: &Content, k: usize, p: &PlayedCard) -> present::Card {
    let card = card_view(c, p.card);
    let aim = arrow(&p.targets);
    let text = if aim.is_empty() { card.text.clone() } else { format!("{}. {}", aim.trim_start(), card.text) };
    present::Card {
        id: played_id(k),
        name: card.name,
        kind: Some(format!("Effect · {} · {}", p.player, fate_words(p.fate))),
        text,
    }
}

/// The action at the bottom of the stack, which opened the window (a recruit, the raid's
/// declaration, a roll, a claim): it resolves last.
fn waiting_card(i: usize, item: &StackView) -> present::Card {
    let (kind, text) = if item.cancelled {
        ("waiting action · cancelled", "It does nothing when it resolves.")
    } else {
        ("waiting action", "It resolves when every card above it has.")
    };
    present::Card { id: format!("stack-{i}"), name: capitalise(&item.what), kind: Some(kind.into()), text: text.into() }
}

/// A gamer as a face-up card: its type and experience, printed→now where they changed ("Casual ·
/// XP 1→3"), its skill and its marks this turn as text ("… (joined this turn; raids 1 of 3 to
/// burn-out; raiding Spooky Windmill)").
fn gamer_card(g: &GamerView) -> present::Card {
    let mut marks = Vec::new();
    if g.joined {
        marks.push("joined this turn".to_owned());
    }
    match g.burnout {
        Some(n) => marks.push(format!("raids {} of {n} to burn-out", g.raids)),
        None if g.raids == 1 => marks.push("raided 1 time".to_owned()),
        None if g.raids > 1 => marks.push(format!("raided {} times", g.raids)),
        None => {}
    }
    if let Some(party) = &g.party {
        marks.push(format!("raiding {party}"));
    }
    if g.afk {
        marks.push("AFK: no party this turn".to_owned());
    }
    if !g.attached.is_empty() {
        marks.push(format!("attached: {}", g.attached.join(", ")));
    }
    let text = match (g.skill.is_empty(), marks.is_empty()) {
        (_, true) => g.skill.clone(),
        (true, false) => marks.join("; "),
        (false, false) => format!("{} ({})", g.skill, marks.join("; ")),
    };
    present::Card {
        id: gamer_id(&g.id),
        name: g.name.clone(),
        kind: Some(format!("{} · XP {}", gamer_type(g), value(g.xp, g.xp_now))),
        text,
    }
}

/// Loot cards by design, each with its id in `place` (copies of a design numbered in order).
fn loot_cards(place: &str, cards: &[CardView]) -> Vec<present::Card> {
    copy_ids(place, cards.iter().map(|k| k.id.as_str()))
        .into_iter()
        .zip(cards)
        .map(|(id, k)| loot_card(id, k))
        .collect()
}

/// A Loot card: its kind with an Effect card's timing ("Effect · Roll"; a Patch Notes card's name
/// says its kind), its text and when an Effect card may be played ("… (Roll: while a die roll
/// waits.)").
fn loot_card(id: String, k: &CardView) -> present::Card {
    let kind = k.timing.map_or_else(|| k.kind.to_owned(), |word| format!("{} · {word}", k.kind));
    let text = match (k.timing, k.when) {
        (Some(word), Some(when)) if word != "Any time" => format!("{} ({word}: {when}.)", k.text),
        _ => k.text.clone(),
    };
    let kind = (!k.name.starts_with(k.kind)).then_some(kind);
    present::Card { id, name: k.name.clone(), kind, text }
}

/// A dungeon in the row: `dungeon_card`, and for a dungeon declared for the raid its party and
/// where its roll stands (WOD-RAID-2, WOD-RAID-8).
fn row_card(obs: &Observation, d: &DungeonView) -> present::Card {
    let mut card = dungeon_card(d);
    let raid = obs.facts.raid.iter().position(|id| *id == d.id).and_then(|k| obs.raid.get(k));
    if let Some(r) = raid {
        let party = if r.party.is_empty() { "nobody".to_owned() } else { r.party.join(", ") };
        // The status names the face rolled ("rolled -1: …", "won (rolled +1)").
        card.text = format!("{} Raided now by {party}: {}.", card.text, r.status).trim_start().to_owned();
    }
    card
}

/// A dungeon in a row, with its values now and its full text.
fn dungeon_card(d: &DungeonView) -> present::Card {
    present::Card {
        id: dungeon_id(&d.id),
        name: d.name.clone(),
        kind: Some(format!(
            "{} · difficulty {} · loot {} · {} VP · needs {}",
            d.kind,
            value(d.difficulty, d.difficulty_now),
            value(d.loot, d.loot_now),
            d.vp,
            d.needs_words
        )),
        text: d.text.clone(),
    }
}

/// A claimed dungeon in a Guild Stash: its VP and what it does from there.
fn claimed_card(d: &DungeonView) -> present::Card {
    present::Card {
        id: dungeon_id(&d.id),
        name: d.name.clone(),
        kind: Some(format!("{} dungeon · {} VP", d.kind, d.vp)),
        text: d.stash_text.clone(),
    }
}
