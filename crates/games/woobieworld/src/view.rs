//! What players see: the observation (hands are secret, WOOB-HAND-1), event texts, the numeric
//! tensor, the heuristic and the terminal view (WOOB-VIEW-1).

use std::fmt::Write as _;

use serde::Serialize;
use worlds_engine::paint::{bold, dim, pad, paint};
use worlds_engine::{Game, MAX_PLAYERS, Player, Style, Turn, Viewer};

use crate::area::{Area, Colour, Support};
use crate::card::CardId;
use crate::event::Event;
use crate::rules::Woobieworld;
use crate::state::{InPlay, Phase, Resolution, State};

/// One area as everyone sees it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct AreaView {
    pub area: Area,
    /// Red, yellow, green, blue, Anarchs.
    pub support: [u8; 5],
    pub industries: [u8; 4],
    pub home_of: Option<Player>,
}

/// A face-down cycle choice as a viewer sees it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Choice {
    NotChosen,
    /// Chosen, face down (someone else's, before the reveal).
    Chosen,
    Card(CardId),
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct SeatView {
    pub seat: Player,
    pub home: Option<Area>,
    pub hand_size: u8,
    /// Cards of this hand that everyone knows.
    pub known: Vec<CardId>,
    pub score: i64,
    pub choice: Choice,
}

/// Everything a viewer may know, and nothing more.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Observation {
    pub viewer: Viewer,
    pub cycles: bool,
    pub phase: Phase,
    pub turn: u32,
    pub first: Player,
    pub active: Player,
    pub to_act: Turn,
    pub areas: Vec<AreaView>,
    pub seats: Vec<SeatView>,
    /// The viewer's own hand (empty for a spectator).
    pub hand: Vec<CardId>,
    pub pile: [u8; 5],
    pub industry_pile: [u8; 4],
    pub deck: u8,
    pub discard: Vec<CardId>,
    pub in_play: Vec<InPlay>,
    pub volcanoes: u8,
    pub support_taken: u8,
    pub resolution: Option<Resolution>,
}

pub(crate) fn observe(game: &Woobieworld, s: &State, viewer: Viewer) -> Observation {
    let me = viewer.player();
    let map = &game.content().map;
    Observation {
        viewer,
        cycles: game.is_cycles(),
        phase: s.phase,
        turn: s.turn,
        first: s.first,
        active: s.active,
        to_act: game.turn(s),
        areas: map
            .areas()
            .map(|a| AreaView {
                area: a,
                support: s.support[a.index()],
                industries: s.industry[a.index()],
                home_of: s.home_owner(a),
            })
            .collect(),
        seats: Player::all(s.players())
            .map(|p| SeatView {
                seat: p,
                home: s.home(p),
                hand_size: s.hand_size(p) as u8,
                known: CardId::in_mask(s.known[p] & s.hand(p)).collect(),
                score: s.score(p),
                choice: match s.cycle.as_ref().map(|c| (c.committed[p], c.revealed)) {
                    None | Some((None, _)) => Choice::NotChosen,
                    Some((Some(card), revealed)) if revealed || me == Some(p) => Choice::Card(card),
                    Some((Some(_), _)) => Choice::Chosen,
                },
            })
            .collect(),
        hand: me.map(|p| CardId::in_mask(s.hand(p)).collect()).unwrap_or_default(),
        pile: Support::ALL.map(|k| s.pile(k)),
        industry_pile: Colour::ALL.map(|c| s.industry_pile(c)),
        deck: s.deck.count_ones() as u8,
        discard: CardId::in_mask(s.discard).collect(),
        in_play: s.in_play.to_vec(),
        volcanoes: game.volcanoes_in_play(s),
        support_taken: s.support_taken,
        resolution: s.resolution.clone(),
    }
}

// ----- events -----

fn support_text(kind: Support, n: u8) -> String {
    format!("{n}{}", kind.letter())
}

pub(crate) fn describe(game: &Woobieworld, e: &Event) -> String {
    let c = game.content();
    let area = |a: &Area| c.map.name(*a).to_owned();
    let card = |id: &CardId| c.card(*id).name.clone();
    match e {
        Event::Dealt { player, count } => format!("{player} is dealt {count} cards"),
        Event::DealtCard { player, card: k } => format!("{player} is dealt {}", card(k)),
        Event::FirstPlayer { player } => format!("{player} goes first"),
        Event::HomeChosen { player, area: a, colour, new: false } => {
            format!("{player} makes {} home, with 1 {colour} support", area(a))
        }
        Event::HomeChosen { player, area: a, colour, new: true } => {
            format!("{player}'s home is empty: {player} starts a new home in {} with 1 {colour} support", area(a))
        }
        Event::TurnStarted { player, turn } => format!("turn {turn}: {player}"),
        Event::Gained { player, support, count } => {
            format!("{player}'s home gains +{}", support_text(*support, *count))
        }
        Event::Lost { player, support, count } => format!("{player}'s home loses -{}", support_text(*support, *count)),
        Event::SupportMoved { from, to, support, count } => {
            format!("{} moves from {from}'s home to {to}'s home", support_text(*support, *count))
        }
        Event::PileDry { support: Support::Anarch } => "the pile has run out of Anarchs".into(),
        Event::PileDry { support } => format!("the pile has run dry of {support} support"),
        Event::AnarchsMoved { from, to, count } => format!("{count}A moves from {} to {}", area(from), area(to)),
        Event::AnarchsPlaced { area: a, count } => format!("{count}A placed in {}", area(a)),
        Event::AnarchsRemoved { area: a, count } => format!("{count}A removed from {}", area(a)),
        Event::IndustryPlaced { area: a, colour } => format!("a {colour} industry is placed in {}", area(a)),
        Event::IndustryRemoved { area: a, colour, count } => {
            if *count == 1 {
                format!("the {colour} industry in {} is removed", area(a))
            } else {
                format!("{count} {colour} industries in {} are removed", area(a))
            }
        }
        Event::IndustryMoved { from, to, colour } => {
            format!("the {colour} industry moves from {} to {}", area(from), area(to))
        }
        Event::SkippedIndustry { player } => format!("{player} places no industry"),
        Event::Played { player, card: k } => format!("{player} plays {} ({})", card(k), c.card(*k).number),
        Event::DiscardedUnplayed { player, card: k } => format!("{player} discards {} without effect", card(k)),
        Event::ChoseArea { player, area: a } => format!("{player} chooses {}", area(a)),
        Event::ChoseIndustry { player, area: a, colour } => {
            format!("{player} chooses the {colour} industry in {}", area(a))
        }
        Event::ChosePlayer { player, chosen } => format!("{player} chooses {chosen}"),
        Event::ChoseColour { player, colour } => format!("{player} chooses {colour}"),
        Event::ChoseBranch { player, branch } => format!("{player} chooses option {}", branch + 1),
        Event::NothingToChoose { .. } => "there is nothing to choose, so that part has no effect".into(),
        Event::Drew { player } => format!("{player} draws a card"),
        Event::DrewCard { player, card: k } => format!("{player} draws {}", card(k)),
        Event::EnvironmentEntered { card: k, caretaker } => {
            if c.card(*k).is_mount_saint_woobie() {
                format!("Mount Saint Woobie rumbles! {caretaker} drew it and it goes into play")
            } else {
                format!("{} comes into play; {caretaker} is its caretaker", card(k))
            }
        }
        Event::EnvironmentDiscarded { card: k } => format!("{} leaves play", card(k)),
        Event::Upkeep { card: k, player } => format!("{} takes effect for {player}", card(k)),
        Event::Reshuffled { cards } => format!("the discard pile ({cards} cards) is shuffled into a new deck"),
        Event::Committed { player } => format!("{player} has chosen a card"),
        Event::CommittedCard { player, card: k } => format!("{player} chooses {} face down", card(k)),
        Event::Revealed { cards } => {
            let list: Vec<String> =
                cards.iter().map(|(p, k)| format!("{p} {} ({})", card(k), c.card(*k).number)).collect();
            format!("cards revealed, in turn order: {}", list.join(", "))
        }
        Event::TookBack { player, card: k } => format!("{player} cannot play {} and takes it back", card(k)),
        Event::GameOver { turn_cap: false, .. } => {
            "the fourth Mount Saint Woobie is in play: the volcano erupts and the game ends".into()
        }
        Event::GameOver { turn_cap: true, .. } => format!("turn {} is over: the game ends", game.turn_cap()),
    }
}

// ----- tensor and heuristic -----

const PHASES: usize = 9;

pub(crate) fn tensor_len(game: &Woobieworld) -> usize {
    let areas = game.content().map.len();
    let cards = game.content().cards.len();
    areas * (5 + 4 + MAX_PLAYERS) + MAX_PLAYERS * 3 + cards * 3 + PHASES + MAX_PLAYERS + 2
}

pub(crate) fn write_tensor(game: &Woobieworld, s: &State, viewer: Player, out: &mut [f32]) {
    out.fill(0.0);
    let n = s.players();
    let rel = |p: Player| (p.index() + n - viewer.index() % n) % n;
    let map = &game.content().map;
    let cards = game.content().cards.len();
    let mut set = |i: usize, v: f32| {
        if let Some(x) = out.get_mut(i) {
            *x = v;
        }
    };
    let mut at = 0;
    for a in map.areas() {
        for k in 0..5 {
            set(at + k, f32::from(s.support[a.index()][k]) / 10.0);
        }
        for k in 0..4 {
            set(at + 5 + k, f32::from(s.industry[a.index()][k]));
        }
        if let Some(p) = s.home_owner(a) {
            set(at + 9 + rel(p), 1.0);
        }
        at += 15;
    }
    for p in Player::all(n) {
        set(at + rel(p) * 3, s.score(p) as f32 / 100.0);
        set(at + rel(p) * 3 + 1, s.hand_size(p) as f32 / 4.0);
        set(at + rel(p) * 3 + 2, (s.known[p] & s.hand(p)).count_ones() as f32);
    }
    at += MAX_PLAYERS * 3;
    for c in CardId::in_mask(s.hand(viewer)) {
        set(at + c.index(), 1.0);
    }
    for e in &s.in_play {
        set(at + cards + e.card.index(), 1.0);
    }
    for c in CardId::in_mask(s.discard) {
        set(at + 2 * cards + c.index(), 1.0);
    }
    at += 3 * cards;
    let phase = match s.phase {
        Phase::ChooseHome => 0,
        Phase::Choose => 1,
        Phase::Upkeep => 2,
        Phase::Support => 3,
        Phase::Industry => 4,
        Phase::Play => 5,
        Phase::Draw => 6,
        Phase::Over { .. } => 7,
    };
    set(at + if s.resolution.is_some() { 8 } else { phase }, 1.0);
    at += PHASES;
    set(at + rel(s.active), 1.0);
    at += MAX_PLAYERS;
    set(at, f32::from(game.volcanoes_in_play(s)) / 4.0);
    set(at + 1, s.deck.count_ones() as f32 / cards.max(1) as f32);
}

/// My score against the best other score, squashed to 0…1 and sharpened as the volcano nears.
pub(crate) fn evaluate(game: &Woobieworld, s: &State, player: Player) -> f64 {
    if let Some(o) = game.outcome(s) {
        return o.returns.get(player).copied().unwrap_or(0.0);
    }
    let mine = s.score(player) as f64;
    let best = Player::all(s.players()).filter(|&p| p != player).map(|p| s.score(p)).max().unwrap_or(0) as f64;
    let urgency = 1.0 + f64::from(game.volcanoes_in_play(s));
    0.5 + 0.5 * ((mine - best) * urgency / 40.0).tanh()
}

// ----- terminal view -----

fn support_cells(s: &[u8; 5], style: Style) -> String {
    let mut out = String::new();
    for (k, n) in Support::ALL.iter().zip(s) {
        let text = format!("{n:>2}{}", k.letter());
        let cell = match (n, k.colour()) {
            (0, _) => dim(&text, style),
            (_, Some(c)) => paint(&text, c.paint(), style),
            (_, None) => bold(&text, style),
        };
        let _ = write!(out, "{cell} ");
    }
    out.trim_end().to_owned()
}

fn industry_cells(ind: &[u8; 4], style: Style) -> String {
    let parts: Vec<String> = Colour::ALL
        .iter()
        .zip(ind)
        .filter(|(_, n)| **n > 0)
        .map(|(c, n)| paint(&format!("{n}{}■", c.letter()), c.paint(), style))
        .collect();
    parts.join(" ")
}

fn status(game: &Woobieworld, o: &Observation) -> String {
    let c = game.content();
    let who = match o.to_act {
        Turn::Decide(p) => p.to_string(),
        Turn::Simultaneous(set) => set.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(", "),
        Turn::Over => String::new(),
    };
    if let Some(r) = &o.resolution {
        return format!("{} resolves {}; {who} decides", r.player, c.card(r.card).name);
    }
    match o.phase {
        Phase::ChooseHome => format!("{who} chooses a home: a land area and one coloured support"),
        Phase::Choose => format!("cycle: everyone chooses a card face down (waiting for {who})"),
        Phase::Support => format!("{who}: support phase — take a coloured support or move an Anarch"),
        Phase::Industry => format!("{who}: industry phase — place an industry or skip"),
        Phase::Play => format!("{who}: play a card"),
        Phase::Upkeep | Phase::Draw => String::new(),
        Phase::Over { turn_cap } => {
            let why = if turn_cap { "the turn cap was reached" } else { "Mount Saint Woobie has erupted" };
            format!("game over: {why}")
        }
    }
}

pub(crate) fn render(game: &Woobieworld, o: &Observation, style: Style) -> String {
    let c = game.content();
    let map = &c.map;
    let mut out = String::new();
    let variant = if o.cycles { "cycles" } else { "standard" };
    let turn = if o.turn == 0 { "setup".to_owned() } else { format!("turn {}", o.turn) };
    let _ = writeln!(
        out,
        "{} · {variant} · {turn} · Mount Saint Woobie {}/4 · deck {} · discard {}",
        bold("WOOBIEWORLD", style),
        o.volcanoes,
        o.deck,
        o.discard.len()
    );
    let _ = writeln!(out, "{}", status(game, o));

    // Homes and scores.
    let _ = writeln!(out);
    let _ = writeln!(out, "{}", bold("HOMES                               R   Y   G   B   A   score  hand", style));
    for seat in &o.seats {
        let home = seat.home.map_or("(no home yet)".to_owned(), |a| map.name(a).to_owned());
        let support = seat.home.and_then(|a| o.areas.get(a.index())).map_or([0; 5], |v| v.support);
        let marker = if o.to_act.players().contains(seat.seat) { bold(" ◀", style) } else { String::new() };
        let choice = match seat.choice {
            Choice::NotChosen => String::new(),
            Choice::Chosen => "  (has chosen)".into(),
            Choice::Card(k) => format!("  ({} {})", c.card(k).number, c.card(k).name),
        };
        let you = if o.viewer == Viewer::Player(seat.seat) { " (you)" } else { "" };
        let _ = writeln!(
            out,
            "  {} {}  {:>5}  {:>4}{choice}{marker}",
            pad(&format!("{}{you} {home}", seat.seat), 32),
            support_cells(&support, style),
            seat.score,
            seat.hand_size
        );
    }

    // The map.
    let _ = writeln!(out);
    let _ = writeln!(out, "{}", bold("AREAS", style));
    for v in &o.areas {
        let info = map.info(v.area);
        let mut flags = vec![if info.terrain == crate::map::Terrain::Water { "water" } else { "land" }];
        if info.mountain {
            flags.push("mountain");
        }
        if info.coastal {
            flags.push("coastal");
        }
        let home = v.home_of.map_or(String::new(), |p| format!("home of {p}"));
        let anarchs = if v.home_of.is_none() && v.support[4] > 0 {
            bold(&format!("{}A", v.support[4]), style)
        } else {
            String::new()
        };
        let borders: Vec<&str> = Area::in_mask(map.borders(v.area)).map(|a| map.id(a)).collect();
        let _ = writeln!(
            out,
            "  {} {} {} {} {}",
            pad(&info.id, 19),
            pad(&dim(&flags.join(", "), style), 22),
            pad(&format!("{home}{anarchs}"), 11),
            pad(&industry_cells(&v.industries, style), 14),
            dim(&format!("↔ {}", borders.join(" ")), style)
        );
    }

    // Environments.
    if !o.in_play.is_empty() {
        let _ = writeln!(out);
        let _ = writeln!(out, "{}", bold("IN PLAY", style));
        for e in &o.in_play {
            let card = c.card(e.card);
            if card.is_mount_saint_woobie() {
                let _ = writeln!(out, "  {} ({}), drawn by {}", card.name, card.number, e.caretaker);
            } else {
                let _ = writeln!(out, "  {} ({}), caretaker {}: {}", card.name, card.number, e.caretaker, card.text());
            }
        }
    }
    let _ = writeln!(out);
    let pile: Vec<String> = Support::ALL.iter().zip(o.pile).map(|(k, n)| format!("{n}{}", k.letter())).collect();
    let ind: Vec<String> = Colour::ALL.iter().zip(o.industry_pile).map(|(k, n)| format!("{n}{}", k.letter())).collect();
    let _ = writeln!(out, "Pile: {} · industries {}", pile.join(" "), ind.join(" "));

    if let Some(r) = &o.resolution {
        let card = c.card(r.card);
        let mut bound = Vec::new();
        if let Some(a) = r.area {
            bound.push(format!("area {}", map.name(a)));
        }
        if let Some((a, colour)) = r.industry {
            bound.push(format!("{colour} industry in {}", map.name(a)));
        }
        if let Some(p) = r.chosen {
            bound.push(format!("player {p}"));
        }
        if let Some(colour) = r.colour {
            bound.push(format!("colour {colour}"));
        }
        let _ = writeln!(out, "Resolving {} ({}): {}", card.name, card.number, card.text());
        if !bound.is_empty() {
            let _ = writeln!(out, "  so far: {}", bound.join(", "));
        }
    }

    if let Viewer::Player(_) = o.viewer {
        let _ = writeln!(out);
        let _ = writeln!(out, "{}", bold("YOUR HAND", style));
        if o.hand.is_empty() {
            let _ = writeln!(out, "  (empty)");
        }
        for k in &o.hand {
            let card = c.card(*k);
            let _ =
                writeln!(out, "  {:>4} {} · {}: {}", card.number, pad(&card.name, 22), card.kind.label(), card.text());
        }
    }
    out
}
