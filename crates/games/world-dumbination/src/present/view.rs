//! What one viewer may know (WD-VIEW-2..4, WD-INFO-1..3): the board, every leaderboard with hidden
//! cards and tokens shown only as "placed", the viewer's own hand and choices; and the tensor.

use serde::Serialize;
use worlds_engine::secret::Seen;
use worlds_engine::{ByPlayer, Player, Viewer};

use crate::board::{SPACES, Space};
use crate::card::{CardNo, Kind};
use crate::content::Content;
use crate::ctx::{self, Map};
use crate::event::space_name;
use crate::nation::Nation;
use crate::place;
use crate::state::{CardSet, Ending, LEFT, Lying, Phase, Placement, Placing, RIGHT, State, Step, Table, Token};
use crate::text::card_text;
use worlds_engine::program::Awaiting;

/// A card the viewer may see.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct CardView {
    pub number: CardNo,
    pub name: String,
    pub text: String,
}

/// A card space as the viewer sees it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case", tag = "state")]
pub enum SpaceCard {
    Empty,
    /// Face down: someone else's card (WD-INFO-3).
    FaceDown,
    /// The viewer's own card still face down.
    Mine {
        card: CardView,
    },
    Turned {
        card: CardView,
        used: bool,
    },
    /// A fired Nuclear Bomb, blocking the space (WD-NUKE-4).
    Fired {
        card: CardView,
    },
}

/// The target spot as the viewer sees it (WD-VIEW-2).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case", tag = "state")]
pub enum TargetView {
    Empty,
    Hidden,
    /// Turned, or the viewer's own.
    Shown {
        token: Token,
        turned: bool,
        locked: bool,
    },
}

/// A project beside a leaderboard.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct ProjectView {
    pub card: CardView,
    pub sabotaged: bool,
}

/// One leaderboard (WD-VIEW-2).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct SeatView {
    pub player: Player,
    pub nation: Nation,
    pub vp: u16,
    pub ego: u8,
    pub popularity: u8,
    pub resources: u16,
    pub income: u16,
    pub spaces: [SpaceCard; 2],
    pub target: TargetView,
    pub markers: u8,
    pub units_left: u8,
    pub bases_left: u8,
    pub radioactive_left: u8,
    pub hand: u8,
    pub projects: Vec<ProjectView>,
    /// The First Goal: done (with its card), or face down (its card shown to its owner only).
    pub goal_done: bool,
    pub goal: Option<CardView>,
    /// Phase 2: finished placing (WD-VIEW-4).
    pub placed: bool,
    /// At set-up: yet to keep a First Goal (WD-DEC-1; everyone sees who has chosen).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub choosing_goal: bool,
    pub vacation: bool,
    pub out: bool,
    /// A unit on a hidden move: the space it left (public) and where it is (its owner only).
    pub hidden_from: Option<Space>,
    pub hidden_at: Option<Space>,
}

/// An auction in progress (WD-DUMB-3).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct AuctionView {
    pub card: CardView,
    pub price: u8,
    pub high: Option<Player>,
    /// Seats out of this auction.
    pub out: Vec<Player>,
}

/// The Dumbness cards as everyone sees them (WD-VIEW-3, WD-INFO-1).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct DumbnessView {
    /// How many joined each Level deck at set-up, and how many were drawn since.
    pub added: [u8; 2],
    pub drawn: [u8; 2],
    /// Face down on the board, by the deck they came from.
    pub face_down: [u8; 2],
    /// Face up on the board, waiting to be won or done.
    pub face_up: Vec<DumbCardView>,
    pub auction: Option<AuctionView>,
    /// The Dumbness discard pile.
    pub spent: Vec<CardView>,
    /// Cards that left the game (WD-CARD-13, WD-NUKE-5).
    pub gone: Vec<CardView>,
}

/// A face-up Dumbness card on the board.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct DumbCardView {
    pub card: CardView,
    pub crazy: bool,
    /// The last round of its rule change in force, if any.
    pub rule_until: Option<u16>,
}

/// A space with something on it (WD-VIEW-1).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct SpaceView {
    pub space: Space,
    pub name: String,
    /// The seat owning it, if any.
    pub owner: Option<Player>,
    /// The seat whose pieces stand there.
    pub pieces: Option<Player>,
    pub units: u8,
    pub at_war: u8,
    pub base: u8,
    pub marker: bool,
    pub radioactive: Option<Player>,
}

/// A card in the viewer's hand and whether it can go on a card space now.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct HandCard {
    pub card: CardView,
    pub placeable: bool,
}

/// The step the game is at, as the viewer may know it (their own step of phase 2; others' only as
/// "placing").
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case", tag = "step")]
pub enum StepView {
    ChooseGoal,
    Placing {
        stage: Option<Placing>,
    },
    Draw {
        seat: Player,
    },
    Discard {
        seat: Player,
    },
    /// A card's choice; `branches` when it is a choice between options.
    Card {
        seat: Player,
        branches: u8,
    },
    Move {
        seat: Player,
    },
    Attack {
        seat: Player,
    },
    Marker {
        seat: Player,
    },
    Buy {
        seat: Player,
    },
    Bid {
        seat: Player,
    },
    MoveBase {
        seat: Player,
    },
    Over,
}

/// Everything one viewer may know.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Observation {
    pub viewer: Option<Player>,
    pub players: u8,
    pub round: u16,
    pub phase: Phase,
    pub step: StepView,
    pub last_round: Option<u16>,
    pub ending: Option<Ending>,
    pub order: Vec<Player>,
    pub seats: ByPlayer<SeatView>,
    pub spaces: Vec<SpaceView>,
    pub peace: Vec<Option<(Player, CardView)>>,
    pub decks: [u8; 2],
    pub discards: [Vec<CardView>; 2],
    pub dumbness: DumbnessView,
    pub hand: Vec<HandCard>,
    /// At set-up: the two First Goals the viewer chooses from.
    pub goals_offered: Vec<CardView>,
    #[serde(skip)]
    pub map: Vec<Option<Player>>,
}

impl Observation {
    /// The seat owning a space (WD-OWN-1..3), if any.
    pub fn map_owner(&self, s: Space) -> Option<Player> {
        self.map.get(usize::from(s)).copied().flatten()
    }
}

pub fn card_view(c: &Content, k: CardNo) -> CardView {
    match c.cards.get(k) {
        Some(card) => CardView { number: k, name: card.name.clone(), text: card_text(card) },
        None => CardView { number: k, name: format!("card {k}"), text: String::new() },
    }
}

/// WD-DEC-3, WD-INFO-3: while phase 2 lasts a player's choice is theirs alone (the kit's
/// `Secret`: the others learn nothing of it, not even which spaces it fills); from its end every
/// viewer sees which spaces hold a card face down.
fn space_card(c: &Content, t: &Table, p: Player, i: usize, viewer: Viewer) -> SpaceCard {
    if let Seen::Choice(Placement { cards, .. }) = t.placements.seen_by(p, viewer)
        && let Some(card) = cards[i]
    {
        return SpaceCard::Mine { card: card_view(c, card) };
    }
    let Some(placed) = t.seats[p].spaces[i] else { return SpaceCard::Empty };
    match placed.lying {
        Lying::Hidden if viewer.player() == Some(p) => SpaceCard::Mine { card: card_view(c, placed.card) },
        Lying::Hidden => SpaceCard::FaceDown,
        Lying::Fired(_) => SpaceCard::Fired { card: card_view(c, placed.card) },
        lying => SpaceCard::Turned { card: card_view(c, placed.card), used: lying == Lying::Used },
    }
}

/// The observation of `viewer`.
pub fn observe(c: &Content, s: &State, viewer: Viewer) -> Observation {
    let t = &s.t;
    let me = viewer.player();
    let map = Map::new(c, t);
    let seats = t.seats.map(|p, seat| {
        let mine = me == Some(p);
        let chosen = match t.placements.seen_by(p, viewer) {
            Seen::Choice(pl) => pl.target,
            _ => None,
        };
        let target = match chosen.or(seat.target) {
            None => TargetView::Empty,
            Some(token) if mine || seat.target_turned => {
                TargetView::Shown { token, turned: seat.target_turned, locked: seat.ego >= 10 }
            }
            Some(_) => TargetView::Hidden,
        };
        SeatView {
            player: p,
            nation: seat.nation,
            vp: seat.vp,
            ego: seat.ego,
            popularity: seat.popularity,
            resources: seat.resources,
            income: ctx::income(c, t, &map, p),
            spaces: [space_card(c, t, p, LEFT, viewer), space_card(c, t, p, RIGHT, viewer)],
            target,
            markers: seat.markers,
            units_left: seat.units.iter().filter(|u| !u.on_board()).count() as u8,
            bases_left: seat.bases.iter().filter(|b| !b.on_board()).count() as u8,
            radioactive_left: (crate::state::RADIOACTIVE - seat.radioactive.len()) as u8,
            hand: crate::hidden::hand_seen(t, p, mine) as u8,
            projects: seat
                .projects
                .iter()
                .map(|k| ProjectView { card: card_view(c, k), sabotaged: seat.is_sabotaged(k) })
                .collect(),
            goal_done: seat.goal_done,
            goal: seat.goal.filter(|_| mine || seat.goal_done).map(|g| card_view(c, g)),
            placed: t.phase() == Phase::Place && t.placements.has_chosen(p),
            choosing_goal: t.phase() == Phase::Setup && t.over.is_none() && seat.goal.is_none(),
            vacation: seat.vacation,
            out: seat.out.is_some(),
            hidden_from: seat.hidden.map(|(_, from)| from),
            hidden_at: seat.hidden.filter(|_| mine).map(|(u, _)| seat.units[usize::from(u)].at),
        }
    });
    let mut spaces = Vec::new();
    for i in 0..SPACES {
        let s = i as Space;
        let (mut units, mut at_war, mut base) = (0u8, 0u8, 0u8);
        if let Some(q) = map.pieces[i] {
            let seat = &t.seats[q];
            for (_, u) in seat.units_seen().filter(|(_, u)| u.at == s) {
                units += 1;
                at_war += u8::from(u.war > 0);
            }
            base = seat.base_at(s).map_or(0, |b| seat.bases[b].strength);
        }
        let marker = t.markers[i].is_some();
        let radioactive = t.radioactive[i];
        if units > 0 || base > 0 || marker || radioactive.is_some() {
            spaces.push(SpaceView {
                space: s,
                name: space_name(s),
                owner: map.owner[i],
                pieces: map.pieces[i],
                units,
                at_war,
                base,
                marker,
                radioactive,
            });
        }
    }
    let hand = me
        .map(|p| {
            t.seats[p]
                .hand
                .iter()
                .map(|k| HandCard { card: card_view(c, k), placeable: place::placeable(c, t, &map, p, k) })
                .collect()
        })
        .unwrap_or_default();
    let goals_offered = match me {
        Some(p) if t.phase() == Phase::Setup => {
            c.cards.first_goals(t.seats[p].nation).iter().map(|&g| card_view(c, g)).collect()
        }
        _ => Vec::new(),
    };
    let step = match t.stack.top() {
        _ if t.over.is_some() => StepView::Over,
        Some(Step::Phase { phase: Phase::Setup, .. }) => StepView::ChooseGoal,
        Some(Step::Phase { phase: Phase::Place, .. }) => StepView::Placing { stage: me.map(|p| t.placing(p)) },
        Some(Step::Draw { seat }) => StepView::Draw { seat: *seat },
        Some(Step::Discard { seat }) => StepView::Discard { seat: *seat },
        Some(Step::Act(a)) => {
            let branches = match c.program(a.card, a.gain).and_then(|pr| pr.awaiting(&a.cursor)) {
                Some(Awaiting::Branch(n)) => n as u8,
                _ => 0,
            };
            StepView::Card { seat: a.seat, branches }
        }
        Some(Step::Move { seat, .. }) => StepView::Move { seat: *seat },
        Some(Step::Attack { seat, .. }) => StepView::Attack { seat: *seat },
        Some(Step::Marker { seat, .. }) => StepView::Marker { seat: *seat },
        Some(Step::Buy { seat, .. }) => StepView::Buy { seat: *seat },
        Some(Step::MoveBase { seat, .. }) => StepView::MoveBase { seat: *seat },
        Some(Step::Auction { .. }) => crate::dumb::bidder(t).map_or(StepView::Over, |seat| StepView::Bid { seat }),
        _ => StepView::Over,
    };
    let auction = match t.stack.top() {
        Some(&Step::Auction { card, price, high, out, .. }) => {
            Some(AuctionView { card: card_view(c, card), price, high, out: out.iter().collect() })
        }
        _ => None,
    };
    let d = &t.dumb;
    let cards = |set: CardSet| set.iter().map(|k| card_view(c, k)).collect::<Vec<_>>();
    let dumbness = DumbnessView {
        added: d.added,
        drawn: d.drawn,
        face_down: [d.down[0].len() as u8, d.down[1].len() as u8],
        face_up: d
            .up
            .iter()
            .map(|k| DumbCardView {
                card: card_view(c, k),
                crazy: c.cards.get(k).is_some_and(|x| x.crazy),
                rule_until: d.rules.iter().filter(|r| r.card == k).map(|r| r.until).max(),
            })
            .collect(),
        auction,
        spent: cards(d.spent),
        gone: cards(d.gone),
    };
    Observation {
        viewer: me,
        players: t.seats.len() as u8,
        round: t.round,
        phase: t.phase(),
        step,
        last_round: t.last_round,
        ending: t.over,
        order: t.order.to_vec(),
        seats,
        spaces,
        peace: t.peace.iter().map(|x| x.map(|(p, k)| (p, card_view(c, k)))).collect(),
        decks: [t.decks[0].len() as u8, t.decks[1].len() as u8],
        discards: t.discards.map(cards),
        dumbness,
        hand,
        goals_offered,
        map: map.owner.to_vec(),
    }
}

/// Length of the tensor: per space 4 board facts and 3 per seat; per seat 10 numbers; the hand; the phase.
pub fn tensor_len(_c: &Content) -> usize {
    SPACES * (4 + 3 * 5) + 5 * 10 + (usize::from(crate::card::MAX_NUMBER) + 1) + 8
}

/// The viewer's observation as numbers, seats relative to the viewer (the viewer first).
pub fn write_tensor(c: &Content, s: &State, player: Player, out: &mut [f32]) {
    out.fill(0.0);
    let t = &s.t;
    let n = t.seats.len();
    let map = Map::new(c, t);
    let flag = |b: bool| f32::from(u8::from(b));
    let mut at = 0;
    for i in 0..SPACES {
        let cell = c.board.cell(i as Space);
        let row = &mut out[at..at + 19];
        row[..4].copy_from_slice(&[cell.land, cell.resource, cell.war, t.radioactive[i].is_some()].map(flag));
        for (k, p) in player.clockwise_from(n).enumerate() {
            let seat = &t.seats[p];
            let base = 4 + 3 * k;
            // Another player's hidden unit is not where anyone but its player may see it.
            let units = if k == 0 {
                seat.units.iter().filter(|u| usize::from(u.at) == i).count()
            } else {
                seat.units_seen().filter(|(_, u)| usize::from(u.at) == i).count()
            };
            row[base] = units as f32 / 6.0;
            row[base + 1] = seat.base_at(i as Space).map_or(0.0, |b| f32::from(seat.bases[b].strength) / 10.0);
            row[base + 2] = flag(map.owner[i] == Some(p));
        }
        at += 19;
    }
    for (k, p) in player.clockwise_from(n).enumerate() {
        let seat = &t.seats[p];
        let row = &mut out[at + 10 * k..at + 10 * k + 10];
        row[0] = f32::from(seat.vp) / 50.0;
        row[1] = f32::from(seat.ego) / 10.0;
        row[2] = f32::from(seat.popularity) / 10.0;
        row[3] = f32::from(seat.resources) / 50.0;
        row[4] = f32::from(ctx::income(c, t, &map, p)) / 24.0;
        row[5] = f32::from(seat.markers) / 14.0;
        row[6] = flag(seat.goal_done);
        row[7] = crate::hidden::hand_seen(t, p, k == 0) as f32 / 8.0;
        row[8] = flag(seat.in_game());
        row[9] = seat.projects.iter().filter(|&k| c.cards.get(k).is_some_and(|x| x.kind == Kind::Blue)).count() as f32
            / 10.0;
    }
    at += 50;
    for k in t.seats[player].hand.iter() {
        out[at + usize::from(k)] = 1.0;
    }
    at += usize::from(crate::card::MAX_NUMBER) + 1;
    out[at + usize::from(t.phase().number())] = 1.0;
}
