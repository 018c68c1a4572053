//! What a browser draws of a position for one viewer (the engine's `scene`), made from the
//! viewer's observation, so it shows nothing that viewer may not know (WOD-INFO-1, WOD-INFO-2).
//!
//! From the top of a 1200 × 800 table: the turn, the step and who decides what; the VP track; the
//! Dungeon row (each declared dungeon marked, its party's standing and the raid die's last face
//! under it), the Forum row, the decks and discard piles; the Patch Notes in force, the response
//! stack (the waiting action at the bottom, the newest card last, a card still choosing its
//! targets on top) and the Effect cards of the turn already off the stack; a column per seat with
//! its guild, claimed dungeons, Stash cards and hand size; at the bottom the viewer's own hand and
//! the buttons of the viewer's choices that belong to no card, dungeon or player.
//!
//! The ids of the elements and the clicks of each action are in `clicks.rs`, the card faces in
//! `faces.rs`.

use worlds_engine::scene::{Element, Kind, Point, Scene, Shape, Token, TrackMark};

use crate::action::Action;
use crate::clicks::{HAND_PLACE, PlayedCard, button, copy_ids, seat_id, stash_place};
use crate::content::{Content, VP_TO_WIN};
use crate::faces::{
    Size, card, dungeon_card, gamer_card, loot_card, pile, played_card, raid_label, text, waiting_card,
};
use crate::render::count;
use crate::state::Fate;
use crate::view::{Observation, SeatView};

// ---------------------------------------------------------------------------- the layout

const WIDTH: f64 = 1200.0;
const HEIGHT: f64 = 800.0;
const MARGIN: f64 = 10.0;
/// Between cards side by side, and between seat columns.
const GAP: f64 = 8.0;

/// The heading lines, centred.
const TITLE_Y: f64 = 18.0;
const STEP_Y: f64 = 38.0;
const DECISION_Y: f64 = 56.0;
const TRACK_X: f64 = 150.0;
const TRACK_Y: f64 = 74.0;
const TRACK_W: f64 = 900.0;

/// A strip of cards: the span `x`..`x + w` it fills, the line of its caption, its cards' top edge
/// and their size. Cards lie side by side, overlapping when there are too many to fit.
#[derive(Clone, Copy, Debug)]
struct Strip {
    x: f64,
    w: f64,
    caption: f64,
    top: f64,
    card: Size,
}

impl Strip {
    /// The top-left corner of the `i`-th of `n` cards.
    fn at(&self, i: usize, n: usize) -> Point {
        let step = if n <= 1 { 0.0 } else { ((self.w - self.card.w) / (n - 1) as f64).clamp(0.0, self.card.w + GAP) };
        Point::new(self.x + step * i as f64, self.top)
    }

    /// The same, the cards centred in the strip when they fit side by side.
    fn centred_at(&self, i: usize, n: usize) -> Point {
        let used = n as f64 * (self.card.w + GAP) - GAP;
        let at = self.at(i, n);
        Point::new(at.x + ((self.w - used) / 2.0).max(0.0), at.y)
    }

    fn caption_at(&self) -> Point {
        Point::new(self.x + self.w / 2.0, self.caption)
    }

    /// The same strip moved right by `dx`, `w` wide.
    fn shifted(self, dx: f64, w: f64) -> Strip {
        Strip { x: self.x + dx, w, ..self }
    }
}

const ROW_CARD: Size = Size { w: 96.0, h: 132.0 };
const DUNGEON_ROW: Strip = Strip { x: MARGIN, w: 420.0, caption: 98.0, top: 106.0, card: ROW_CARD };
const FORUM_ROW: Strip = Strip { x: 440.0, w: 320.0, caption: 98.0, top: 106.0, card: ROW_CARD };
/// The five decks and discard piles, each `DECK_W` wide from `DECKS.x`, a card back on a deck.
const DECKS: Strip = Strip { x: 770.0, w: 420.0, caption: 98.0, top: 106.0, card: Size { w: 64.0, h: 88.0 } };
const DECK_W: f64 = 84.0;
/// Under a declared dungeon: its party's standing, then the raid die.
const RAID_Y: f64 = 250.0;
const DIE_Y: f64 = 270.0;

const TABLE_CARD: Size = Size { w: 80.0, h: 110.0 };
const PATCH_NOTES: Strip = Strip { x: MARGIN, w: 420.0, caption: 288.0, top: 296.0, card: TABLE_CARD };
const STACK: Strip = Strip { x: 440.0, w: 450.0, caption: 288.0, top: 296.0, card: TABLE_CARD };
const PLAYED: Strip = Strip { x: 900.0, w: 290.0, caption: 288.0, top: 296.0, card: TABLE_CARD };

/// The seat columns, side by side in seat order: each from `SEATS_TOP`, `SEAT_H` high, with its
/// heading, its hand size, its guild, and its claimed dungeons beside its Stash cards; the strips
/// are relative to a column's left edge plus `SEAT_PAD`.
const SEATS_TOP: f64 = 416.0;
const SEAT_H: f64 = 244.0;
const SEAT_PAD: f64 = 6.0;
const HEADER_DY: f64 = 14.0;
const HAND_DY: f64 = 32.0;
const GUILD: Strip = Strip { x: 0.0, w: 0.0, caption: 466.0, top: 474.0, card: Size { w: 64.0, h: 88.0 } };
const LOWER: Strip = Strip { x: 0.0, w: 0.0, caption: 578.0, top: 586.0, card: Size { w: 48.0, h: 66.0 } };

/// The viewer's hand along the bottom, and the buttons right of it: up to three a column, the
/// first column rightmost.
const HAND: Strip = Strip { x: MARGIN, w: 930.0, caption: 674.0, top: 682.0, card: Size { w: 96.0, h: 112.0 } };
const BUTTON_X: f64 = 1130.0;
const BUTTON_DX: f64 = 120.0;
const BUTTON_Y: [f64; 3] = [700.0, 740.0, 780.0];

// ---------------------------------------------------------------------------- the drawing

/// The elements by layer, back to front.
#[derive(Default)]
struct Layers {
    areas: Vec<Element>,
    texts: Vec<Element>,
    holders: Vec<Element>,
    cards: Vec<Element>,
    tops: Vec<Element>,
}

pub(crate) fn scene(c: &Content, obs: &Observation) -> Scene {
    let mut l = Layers::default();
    heading(obs, &mut l);
    rows(obs, &mut l);
    decks(obs, &mut l);
    stack(c, obs, &mut l);
    seats(obs, &mut l);
    buttons(obs, &mut l);
    let Layers { areas, texts, holders, cards, tops } = l;
    let elements = [areas, texts, holders, cards, tops].into_iter().flatten().collect();
    Scene { width: WIDTH, height: HEIGHT, elements }
}

/// The turn, the step, the decision and the VP track.
fn heading(obs: &Observation, l: &mut Layers) {
    let centre = WIDTH / 2.0;
    let mut title = vec![format!("World of Dungeons · turn {} of {}", obs.turn, obs.turn_cap)];
    if obs.over.is_none() {
        title.push(format!("{}'s turn", obs.active));
    }
    if let Some(me) = &obs.viewer {
        title.push(format!("you are {me}"));
    }
    l.texts.push(text("title", Point::new(centre, TITLE_Y), 18.0, title.join(" · ")));
    let mut behind = Vec::new();
    if !obs.done.is_empty() {
        behind.push(format!("Steps behind {} this turn: {}.", obs.active, obs.done.join(", ")));
    }
    if obs.troll_joined {
        behind.push(format!("A Troll joined {}'s guild this turn: no recruiting.", obs.active));
    }
    if obs.raid_failed {
        behind.push("The raid failed this turn.".into());
    }
    let mut step = text("step", Point::new(centre, STEP_Y), 14.0, obs.step.clone());
    if !behind.is_empty() {
        step = step.title(behind.join(" "));
    }
    l.texts.push(step);
    let decision = match &obs.over {
        Some(why) => format!("Game over: {why}"),
        None => obs.decision.clone(),
    };
    l.texts.push(text("decision", Point::new(centre, DECISION_Y), 14.0, decision).marked(true));
    let marks = obs.seats.iter().enumerate().map(|(p, x)| TrackMark { seat: p, value: i64::from(x.vp) }).collect();
    let most = obs.seats.iter().map(|x| x.vp).max().unwrap_or(0);
    let length = u32::try_from(VP_TO_WIN.max(most)).unwrap_or(0);
    let scores: Vec<String> = obs.seats.iter().map(|x| format!("{} {}", x.player, x.vp)).collect();
    l.holders.push(
        Element::new("track-vp", Kind::Track { at: Point::new(TRACK_X, TRACK_Y), w: TRACK_W, length, marks })
            .label("VP")
            .title(format!("Victory points: {}; {VP_TO_WIN} VP end the game", scores.join(", "))),
    );
}

/// The Dungeon row with the raid under it, and the Forum row.
fn rows(obs: &Observation, l: &mut Layers) {
    let n = obs.dungeon_row.len();
    let mut ids = Vec::new();
    for (i, d) in obs.dungeon_row.iter().enumerate() {
        let at = DUNGEON_ROW.at(i, n);
        let raid = obs.scene.raid.iter().position(|id| *id == d.id).and_then(|k| obs.raid.get(k));
        let e = dungeon_card(d, at, ROW_CARD).marked(raid.is_some());
        ids.push(e.id.clone());
        l.cards.push(e);
        let Some(r) = raid else { continue };
        let x = at.x + ROW_CARD.w / 2.0;
        let party = if r.party.is_empty() { "nobody".into() } else { r.party.join(", ") };
        let title = format!("Raid on {} (needs {}): party {party}; {}", r.dungeon, r.needs, r.status);
        l.texts.push(
            text(format!("raid-{}", d.id), Point::new(x, RAID_Y), 11.0, raid_label(r, obs.raid_failed)).title(title),
        );
        if let Some(face) = &r.rolled {
            let glyph = if face == "skull" { "☠".to_owned() } else { face.clone() };
            let counts = r.counts_as.as_ref().map(|f| format!(", counts as {f}")).unwrap_or_default();
            l.tops.push(
                Element::new(
                    format!("die-{}", d.id),
                    Kind::Piece { at: Point::new(x, DIE_Y), token: Token::Glyph { text: glyph } },
                )
                .title(format!("The raid die for {}: {face}{counts}", r.dungeon))
                .marked(r.outlook.is_some()),
            );
        }
    }
    l.holders.push(
        pile("pile-dungeon-row", DUNGEON_ROW.caption_at(), ids, n)
            .label(format!("Dungeon row ({} at most)", obs.dungeon_row_limit))
            .title("The dungeons to raid, oldest first"),
    );
    let n = obs.forum_row.len();
    let mut ids = Vec::new();
    for (i, g) in obs.forum_row.iter().enumerate() {
        let e = gamer_card(g, FORUM_ROW.at(i, n), ROW_CARD);
        ids.push(e.id.clone());
        l.cards.push(e);
    }
    l.holders.push(
        pile("pile-forum-row", FORUM_ROW.caption_at(), ids, n)
            .label(format!("Forum row ({} at most)", obs.forum_row_limit))
            .title("The gamers to recruit, oldest first"),
    );
}

/// The three decks (a card back on each that holds cards) and the two discard piles.
fn decks(obs: &Observation, l: &mut Layers) {
    let known = |bottom: &[String]| {
        if bottom.is_empty() {
            String::new()
        } else {
            format!("; known at the bottom, first drawn first: {}", bottom.join(", "))
        }
    };
    let listed = |names: &[String]| if names.is_empty() { String::new() } else { format!(": {}", names.join(", ")) };
    let piles: [(&str, &str, usize, bool, String); 5] = [
        ("dungeon-deck", "Dungeon deck", obs.dungeon_deck, true, known(&obs.dungeon_bottom)),
        ("forum-deck", "Forum deck", obs.forum_deck, true, known(&obs.forum_bottom)),
        ("loot-deck", "Loot deck", obs.loot_deck as usize, true, String::new()),
        ("forum-discard", "Forum discard", obs.forum_discard.len(), false, listed(&obs.forum_discard)),
        ("loot-discard", "Loot discard", obs.loot_discard.len(), false, listed(&obs.loot_discard)),
    ];
    for (i, (id, name, n, deck, more)) in piles.into_iter().enumerate() {
        let strip = DECKS.shifted(DECK_W * i as f64, DECK_W);
        let mut cards = Vec::new();
        if deck && n > 0 {
            let back = format!("back-{id}");
            let at = Point::new(strip.x + (DECK_W - DECKS.card.w) / 2.0, DECKS.top);
            let title = format!("{name}: {} face down", count(n as u64, "card"));
            l.cards.push(card(back.clone(), at, DECKS.card, None).title(title));
            cards.push(back);
        }
        // Captions alternate above and below the cards, so neighbours' do not run into each other.
        let caption = if i % 2 == 0 {
            strip.caption_at()
        } else {
            Point::new(strip.caption_at().x, DECKS.top + DECKS.card.h + 14.0)
        };
        l.holders.push(
            pile(format!("pile-{id}"), caption, cards, n)
                .label(name)
                .title(format!("{name}: {}{more}", count(n as u64, "card"))),
        );
    }
}

/// The Patch Notes in force, the response stack and the Effect cards already off it.
fn stack(c: &Content, obs: &Observation, l: &mut Layers) {
    let facts = &obs.scene;
    let ids = copy_ids("patch", obs.patch_notes.iter().map(|k| k.id.as_str()));
    let n = ids.len();
    for (i, (id, k)) in ids.iter().zip(&obs.patch_notes).enumerate() {
        l.cards.push(loot_card(id.clone(), k, PATCH_NOTES.at(i, n), TABLE_CARD));
    }
    l.holders.push(
        pile("pile-patch-notes", PATCH_NOTES.caption_at(), ids, n)
            .label("Patch Notes in force")
            .title("Patch Notes change the rules for the rest of the game, in the order drawn"),
    );
    // The stack, bottom first; a card still choosing its targets goes on it next.
    let on_stack: Vec<u8> = facts.stack.iter().flatten().copied().collect();
    let picking = facts.played.iter().enumerate().filter(|(_, p)| p.fate == Fate::Picking).map(|(k, _)| k);
    let mut items: Vec<Result<usize, usize>> = (0..obs.stack.len())
        .map(|i| match facts.stack.get(i).copied().flatten() {
            Some(k) => Ok(usize::from(k)),
            None => Err(i),
        })
        .collect();
    items.extend(picking.map(Ok));
    let n = items.len();
    let mut ids = Vec::new();
    for (i, item) in items.into_iter().enumerate() {
        let at = STACK.at(i, n);
        let e = match item {
            Ok(k) => match facts.played.get(k) {
                Some(p) => played_card(c, k, p, at, TABLE_CARD),
                None => continue,
            },
            Err(i) => match obs.stack.get(i) {
                Some(x) => waiting_card(i, x, at, TABLE_CARD),
                None => continue,
            },
        };
        ids.push(e.id.clone());
        l.cards.push(e);
    }
    let mut label = "Stack (newest resolves first)".to_owned();
    let mut title = vec!["The response stack: the waiting action at the bottom, the newest card on top".to_owned()];
    if let Some(p) = &obs.priority {
        label = format!("Stack · {p} holds priority");
        title.push(format!("{p} holds priority"));
        if !obs.passed.is_empty() {
            title.push(format!("passed since the last card: {}", obs.passed.join(", ")));
        }
    }
    for s in &obs.standing {
        title.push(format!("{} passes {}", s.player, s.until));
    }
    l.holders.push(pile("pile-stack", STACK.caption_at(), ids, n).label(label).title(title.join("; ")));
    let mut ids = Vec::new();
    let done: Vec<(usize, &PlayedCard)> = facts
        .played
        .iter()
        .enumerate()
        .filter(|(k, p)| p.fate != Fate::Picking && !on_stack.contains(&(*k as u8)))
        .collect();
    let n = done.len();
    for (i, (k, p)) in done.into_iter().enumerate() {
        let e = played_card(c, k, p, PLAYED.at(i, n), TABLE_CARD);
        ids.push(e.id.clone());
        l.cards.push(e);
    }
    l.holders.push(
        pile("pile-played", PLAYED.caption_at(), ids, n)
            .label("Effect cards this turn")
            .title("Effect cards played this turn and off the stack; their changes last until the end of the turn"),
    );
}

/// A column per seat: its guild, claimed dungeons and Stash cards, its hand (the viewer's own
/// along the bottom).
fn seats(obs: &Observation, l: &mut Layers) {
    let n = obs.seats.len().max(1) as f64;
    let column = (WIDTH - 2.0 * MARGIN - (n - 1.0) * GAP) / n;
    for (p, seat) in obs.seats.iter().enumerate() {
        let x = MARGIN + p as f64 * (column + GAP);
        let centre = x + column / 2.0;
        let mine = obs.viewer.as_deref() == Some(seat.player.as_str());
        let who = if mine { format!("{} (you)", seat.player) } else { seat.player.clone() };
        let standing = seat.standing_pass.map(|until| format!(", passes {until}")).unwrap_or_default();
        let summary = format!(
            "{who}: {} VP, hand {} of {}, guild {} of {}{standing}",
            seat.vp,
            seat.hand_size,
            seat.hand_limit,
            seat.guild.len(),
            seat.guild_limit
        );
        let shape = Shape::Rect { x, y: SEATS_TOP, w: column, h: SEAT_H };
        l.areas.push(
            Element::new(seat_id(&seat.player), Kind::Region { shape })
                .title(summary)
                .owner(p)
                .marked(obs.scene.decider.is_some_and(|d| d.index() == p)),
        );
        let active = if seat.active { " · their turn" } else { "" };
        let header = format!("{who} · {} VP{active}", seat.vp);
        let mut header =
            text(format!("header-{}", seat.player), Point::new(centre, SEATS_TOP + HEADER_DY), 13.0, header)
                .owner(p)
                .marked(seat.active);
        if let Some(until) = seat.standing_pass {
            header = header.title(format!("{} passes {until}", seat.player));
        }
        l.texts.push(header);
        hand(obs, seat, p, mine, Point::new(centre, SEATS_TOP + HAND_DY), l);
        let inner = column - 2.0 * SEAT_PAD;
        let guild = GUILD.shifted(x + SEAT_PAD, inner);
        let members: Vec<Element> = seat
            .guild
            .iter()
            .enumerate()
            .map(|(i, g)| gamer_card(g, guild.at(i, seat.guild.len()), GUILD.card).owner(p))
            .collect();
        let label = format!("Guild {} of {}", seat.guild.len(), seat.guild_limit);
        place(l, members, pile(format!("pile-guild-{}", seat.player), guild.caption_at(), Vec::new(), 0).label(label));
        let half = (inner - GAP) / 2.0;
        let claimed = LOWER.shifted(x + SEAT_PAD, half);
        let dungeons: Vec<Element> = seat
            .dungeons
            .iter()
            .enumerate()
            .map(|(i, d)| dungeon_card(d, claimed.at(i, seat.dungeons.len()), LOWER.card).owner(p))
            .collect();
        let holder = pile(format!("pile-claimed-{}", seat.player), claimed.caption_at(), Vec::new(), 0)
            .label("Dungeons")
            .title(format!("The dungeons {} claimed: their VP count", seat.player));
        place(l, dungeons, holder);
        let stash = LOWER.shifted(x + SEAT_PAD + half + GAP, half);
        let ids = copy_ids(&stash_place(&seat.player), seat.stash.iter().map(|k| k.id.as_str()));
        let cards: Vec<Element> = ids
            .into_iter()
            .zip(&seat.stash)
            .enumerate()
            .map(|(i, (id, k))| loot_card(id, k, stash.at(i, seat.stash.len()), LOWER.card).owner(p))
            .collect();
        let holder = pile(format!("pile-stash-{}", seat.player), stash.caption_at(), Vec::new(), 0)
            .label("Stash")
            .title(format!("The Stash cards in {}'s Guild Stash", seat.player));
        place(l, cards, holder);
    }
}

/// Cards and the pile that lists them.
fn place(l: &mut Layers, cards: Vec<Element>, mut holder: Element) {
    if let Kind::Pile { cards: ids, count, .. } = &mut holder.kind {
        *ids = cards.iter().map(|e| e.id.clone()).collect();
        *count = cards.len();
    }
    l.holders.push(holder);
    l.cards.extend(cards);
}

/// A seat's hand: the viewer's own face up along the bottom, another's as a count in its column.
fn hand(obs: &Observation, seat: &SeatView, p: usize, mine: bool, caption: Point, l: &mut Layers) {
    let held = seat.hand_size as usize;
    let own = obs.hand.as_deref().filter(|_| mine);
    let Some(cards) = own else {
        l.holders.push(
            Element::new(
                format!("hand-{}", seat.player),
                Kind::Hand { at: caption, seat: p, cards: Vec::new(), count: held },
            )
            .label(format!("hand {held} of {}", seat.hand_limit))
            .title(format!("{} holds {} (limit {})", seat.player, count(seat.hand_size, "Loot card"), seat.hand_limit))
            .owner(p),
        );
        return;
    };
    let ids = copy_ids(HAND_PLACE, cards.iter().map(|k| k.id.as_str()));
    let n = ids.len();
    for (i, (id, k)) in ids.iter().zip(cards).enumerate() {
        l.cards.push(loot_card(id.clone(), k, HAND.centred_at(i, n), HAND.card).owner(p));
    }
    l.holders.push(
        Element::new(
            format!("hand-{}", seat.player),
            Kind::Hand { at: HAND.caption_at(), seat: p, cards: ids, count: cards.len() },
        )
        .label(format!("Your hand: {} of {}", cards.len(), seat.hand_limit))
        .title("Your Loot cards: only you see them")
        .owner(p),
    );
}

/// The viewer's choices that belong to no card, dungeon or player.
fn buttons(obs: &Observation, l: &mut Layers) {
    for (i, (action, hint)) in obs.scene.buttons.iter().enumerate() {
        let Some((id, label, means)) = button(*action) else { continue };
        let at = Point::new(BUTTON_X - BUTTON_DX * (i / BUTTON_Y.len()) as f64, BUTTON_Y[i % BUTTON_Y.len()]);
        let title = match (action, hint) {
            (_, Some(h)) => h.clone(),
            (Action::Skip, None) => format!("{means} ({})", obs.step),
            (_, None) => means.to_owned(),
        };
        l.tops.push(Element::new(id, Kind::Button { at }).label(label).title(title));
    }
}
