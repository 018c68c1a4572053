//! What one viewer may know (BI-VIEW-1..3, BI-CARD-5, BI-PLAN-2): the pyramid, the Media circus,
//! every company in full but for its hand (a count) and its hidden choice in progress ("chosen" or
//! "not yet"), the viewer's own hand and choices; and the tensor.

use serde::Serialize;
use worlds_engine::secret::Seen;
use worlds_engine::{Player, Viewer};

use crate::act;
use crate::attr::{Attr, Entry, Section};
use crate::card::{CardNo, CardSet};
use crate::content::Content;
use crate::event::{region_name, target_name};
use crate::legal;
use crate::state::{ActStage, Deed, Dest, Ending, Phase, Side, Spot, Stage, State, Step, Table};
use crate::text::card_text;

/// A card the viewer may see.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct CardView {
    pub card: CardNo,
    pub id: String,
    pub name: String,
    pub text: String,
}

pub fn card_view(c: &Content, k: CardNo) -> CardView {
    let card = c.cards.card(k);
    CardView { card: k, id: c.cards.id_of(k), name: card.name.clone(), text: card_text(c, card) }
}

/// A VP on the board.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct VpView {
    pub player: Player,
    pub vp: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entry: Option<Entry>,
    pub black: u32,
}

/// A region of the pyramid (BI-VIEW-1).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct RegionView {
    pub id: String,
    pub name: String,
    pub row: u8,
    pub corruption: u8,
    pub crime: u8,
    pub technology: u8,
    pub income: u8,
    pub grey_from: u8,
    pub stuff: u8,
    pub war: bool,
    pub disaster: bool,
    pub famine: bool,
    pub vps: Vec<VpView>,
}

/// A square of the Media circus.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct SquareView {
    pub id: String,
    pub name: String,
    pub section: Section,
    pub media: u8,
    pub charity: bool,
    pub vps: Vec<VpView>,
}

/// A Business Opportunity in front of a player.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct OpportunityView {
    pub card: CardView,
    pub upright: bool,
}

/// A company (BI-VIEW-2).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct SeatView {
    pub player: Player,
    pub company: String,
    /// Corruption, Crime, Media, Technology, and the bonus bought for the next action.
    pub attrs: [u8; 4],
    pub bonus: [u8; 4],
    pub billions: u32,
    pub goodwill: u32,
    /// VPs controlled (of 4), in the VIP Lounge, and lifted.
    pub vps: u8,
    pub lounge: u8,
    pub lifted: u8,
    pub black: u32,
    pub hand: u8,
    pub opportunities: Vec<OpportunityView>,
    pub bunker: bool,
    pub halo: bool,
    pub sign: bool,
    /// In a simultaneous hidden choice: whether he has chosen (BI-DRAW-4).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chosen: Option<bool>,
}

/// A card in the viewer's hand and whether it can be played now.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct HandCard {
    pub card: CardView,
    pub playable: bool,
    /// Marked to be discarded (the viewer's own hidden choice).
    pub marked: bool,
}

/// The viewer's own hidden choice in progress.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct MineView {
    pub extra: u8,
    pub lift: Vec<u8>,
    pub resist: Option<u32>,
}

/// The decision in progress, as everyone may know it (BI-VIEW-2, BI-VIEW-3).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case", tag = "step")]
pub enum StepView {
    Draw,
    Lift,
    Place { player: Player, all: bool },
    Battle { newcomer: Player, dest: Dest, occupants: Vec<Player>, resisted: Option<u32> },
    Event { player: Player, event: String },
    WarOrder { player: Player },
    Window { region: String, die: u8, modifier: i8, player: Option<Player> },
    Business { player: Player, gift: bool, commission: bool, closed: bool },
    Effort { player: Player, attr: Attr, level: u8 },
    Gift { from: Player, to: Player },
    Commission { from: Player, to: Player, card: Option<String>, target: Option<String>, amount: Option<u32> },
    Act(ActView),
    Over { ending: Ending },
}

/// An act in progress.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct ActView {
    pub player: Player,
    pub card: Option<CardView>,
    pub sale: Option<u8>,
    pub stage: String,
    pub target: Option<String>,
    pub second: Option<String>,
    pub partner: Option<Player>,
    pub side: Side,
    pub journalist: Option<Player>,
    pub hush: Option<u32>,
    pub commission: Option<(Player, u32)>,
}

/// Everything one viewer may know.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Observation {
    pub viewer: Option<Player>,
    pub turn: u16,
    pub turn_cap: u16,
    pub phase: Phase,
    pub start: Player,
    pub money_target: u32,
    pub regions: Vec<RegionView>,
    pub circus: Vec<SquareView>,
    pub seats: Vec<SeatView>,
    pub hand: Vec<HandCard>,
    pub mine: Option<MineView>,
    pub deck: u8,
    pub discard: Vec<CardView>,
    pub events_left: u8,
    pub events_used: Vec<String>,
    pub last_event: Option<String>,
    pub last_war: Option<String>,
    pub counters_left: u8,
    pub halo: Option<Player>,
    pub step: StepView,
    pub deciding: Vec<Player>,
    pub decision: String,
    pub effort_prices: [u8; 3],
    pub war_table: Vec<String>,
    /// The viewer's own legal actions now (empty for a spectator and for a player with nothing to
    /// decide), for the scene's buttons (`scene.rs`): the viewer's own knowledge, kept out of the
    /// JSON.
    #[serde(skip)]
    pub legal: Vec<crate::action::Action>,
}

fn vps_at(t: &Table, spot: Spot) -> Vec<VpView> {
    let mut out = Vec::new();
    for (p, seat) in t.seats.iter() {
        for i in seat.at(spot) {
            out.push(VpView { player: p, vp: i as u8, entry: seat.vps[i].entry, black: seat.vps[i].black });
        }
    }
    out
}

fn step_view(c: &Content, s: &State) -> StepView {
    let t = &s.t;
    if let Some(ending) = t.over {
        return StepView::Over { ending };
    }
    let named = |x| (x != crate::state::Target::None).then(|| target_name(c, x));
    match t.stack.top() {
        Some(Step::Draw) | None => StepView::Draw,
        Some(Step::Lift) => StepView::Lift,
        Some(Step::Place { turn }) => {
            let (p, all) = crate::place::placer(t, *turn);
            StepView::Place { player: p, all }
        }
        Some(Step::Battle(b)) => StepView::Battle {
            newcomer: b.seat,
            dest: b.dest,
            occupants: b.occupants.iter().collect(),
            resisted: b.revealed.map(|(_, total)| total),
        },
        Some(Step::Events { event, .. }) => {
            StepView::Event { player: t.start, event: c.cards.event(*event).name.clone() }
        }
        Some(Step::War { .. }) => StepView::WarOrder { player: t.start },
        Some(Step::Window(w)) => StepView::Window {
            region: region_name(c, w.region),
            die: w.die,
            modifier: w.modifier,
            player: crate::war::asked(c, t, w),
        },
        Some(Step::Business { round, deal }) => StepView::Business {
            player: round.holder().unwrap_or_default(),
            gift: deal.gift,
            commission: deal.commission,
            closed: deal.closed,
        },
        Some(Step::Effort { seat, attr, level }) => StepView::Effort { player: *seat, attr: *attr, level: *level },
        Some(Step::Gift { from, to }) => StepView::Gift { from: *from, to: *to },
        Some(Step::Commission(m)) => StepView::Commission {
            from: m.from,
            to: m.to,
            card: m.kind.map(|k| c.cards.kinds[usize::from(k)].name.clone()),
            target: named(m.target),
            amount: m.amount,
        },
        Some(Step::Act(a)) => {
            let (card, sale) = match a.deed {
                Deed::Play(k) | Deed::Use(k) => (Some(card_view(c, k)), None),
                Deed::Sell(v) => (None, Some(v)),
            };
            let (journalist, hush) = match a.stage {
                ActStage::Hush(k) => (Some(act::journalist(t, a, k)), None),
                ActStage::Expose(k, n) => (Some(act::journalist(t, a, k)), Some(n)),
                _ => (None, None),
            };
            let stage = match a.stage {
                ActStage::Target => "target",
                ActStage::Slot(_) => "slot",
                ActStage::Side => "side payment",
                ActStage::Partner => "partner",
                ActStage::Hush(_) => "hush money",
                ActStage::Expose(..) => "journalist",
                ActStage::Goodwill => "payment",
                ActStage::Run(_) => "choice",
            };
            StepView::Act(ActView {
                player: a.seat,
                card,
                sale,
                stage: stage.into(),
                target: named(a.target),
                second: named(a.second),
                partner: act::partner(a),
                side: a.side,
                journalist,
                hush,
                commission: a.commission,
            })
        }
    }
}

/// What `viewer` may know.
pub fn observe(c: &Content, s: &State, viewer: Viewer) -> Observation {
    let t = &s.t;
    let me = viewer.player().filter(|p| p.index() < t.players());
    let simultaneous = matches!(t.stack.top(), Some(Step::Draw | Step::Lift))
        || matches!(t.stack.top(), Some(Step::Battle(b)) if b.revealed.is_none());
    let regions = c
        .board
        .regions
        .iter()
        .enumerate()
        .map(|(r, reg)| {
            let bit = 1u8 << r;
            RegionView {
                id: reg.id.clone(),
                name: reg.name.clone(),
                row: reg.row,
                corruption: reg.corruption,
                crime: reg.crime,
                technology: reg.technology,
                income: reg.income,
                grey_from: reg.grey_from,
                stuff: t.stuff[r],
                war: t.war & bit != 0,
                disaster: t.disaster & bit != 0,
                famine: t.famine & bit != 0,
                vps: vps_at(t, Spot::Region(r as u8)),
            }
        })
        .collect();
    let circus = c
        .board
        .squares
        .iter()
        .enumerate()
        .map(|(q, sq)| SquareView {
            id: sq.id.clone(),
            name: sq.name.clone(),
            section: sq.section,
            media: sq.media,
            charity: c.board.charity == Some(q as u8),
            vps: vps_at(t, Spot::Square(q as u8)),
        })
        .collect();
    let seats = t
        .seats
        .iter()
        .map(|(p, seat)| SeatView {
            player: p,
            company: c.plans.get(seat.plan).name.clone(),
            attrs: seat.attrs,
            bonus: seat.bonus,
            billions: seat.billions,
            goodwill: seat.goodwill,
            vps: seat.controlled() as u8,
            lounge: seat.at(Spot::Lounge).count() as u8,
            lifted: seat.at(Spot::Lifted).count() as u8,
            black: seat.vps.iter().map(|v| v.black).sum(),
            hand: seat.hand_size() as u8,
            opportunities: seat
                .table
                .iter()
                .map(|k| OpportunityView { card: card_view(c, k), upright: !seat.sideways.contains(k) })
                .collect(),
            bunker: seat.bunker.is_some(),
            halo: t.holds_prize(p),
            sign: t.start == p,
            // Whether a seat chooses, and has chosen, is public; what it chose is its own until
            // revealed (`Secret::seen_by`, below).
            chosen: (simultaneous && t.stage(p) != Stage::Idle).then_some(t.choices.has_chosen(p)),
        })
        .collect();
    let (hand, mine, own_legal) = match me {
        Some(p) => {
            let seat = &t.seats[p];
            // The viewer's own hidden choice, as far as it has got.
            let own = match t.choices.seen_by(p, viewer) {
                Seen::Choice(s) => Some(s),
                Seen::Nothing | Seen::FaceDown => None,
            };
            let mut legal = Vec::new();
            legal::legal_actions(c, t, p, &mut legal);
            let hand = seat
                .hand
                .iter()
                .map(|k| HandCard {
                    card: card_view(c, k),
                    playable: legal.iter().any(
                        |a| matches!(a, crate::action::Action::Card(x) if c.cards.kind_of(*x) == c.cards.kind_of(k)),
                    ) && !matches!(t.stack.top(), Some(Step::Draw)),
                    marked: own.is_some_and(|s| s.marked.contains(k)),
                })
                .collect();
            let mine = own.map(|s| MineView {
                extra: s.extra,
                lift: (0..4u8).filter(|i| s.lift & (1 << i) != 0).collect(),
                resist: s.resist,
            });
            (hand, mine, legal)
        }
        None => (Vec::new(), None, Vec::new()),
    };
    let turn = legal::turn(c, t);
    let last_war = t.last_war.map(|w| {
        format!(
            "{}: die {} → total {}: {}",
            c.board.region(w.region).name,
            w.die,
            w.total,
            c.board.war.get(usize::from(w.row)).map_or("?", |r| r.name.as_str())
        )
    });
    let war_table = c
        .board
        .war
        .iter()
        .map(|w| {
            let mut fx = Vec::new();
            if w.apocalypse {
                fx.push("the game ends".to_owned());
            } else {
                fx.push(format!("Stuff −{}", w.stuff));
            }
            let more = [(w.intervention, "intervention"), (w.famine, "famine"), (w.disaster, "natural disaster")];
            fx.extend(more.into_iter().filter(|m| m.0).map(|(_, what)| what.to_owned()));
            let upto = w.up_to.map_or_else(|| "more".to_owned(), |u| format!("≤{u}"));
            format!("{upto}: {} ({})", w.name, fx.join(", "))
        })
        .collect();
    Observation {
        viewer: me,
        turn: t.turn,
        turn_cap: c.turn_cap,
        phase: t.phase(),
        start: t.start,
        money_target: c.target,
        regions,
        circus,
        seats,
        hand,
        mine,
        deck: t.deck.len() as u8,
        discard: t.discard.iter().map(|k| card_view(c, k)).collect(),
        events_left: t.events.len() as u8,
        events_used: t.used.iter().map(|e| c.cards.event(e).name.clone()).collect(),
        last_event: t.last_event.map(|e| c.cards.event(e).name.clone()),
        last_war,
        counters_left: (crate::state::COUNTERS - t.counters()) as u8,
        halo: t.halo,
        step: step_view(c, s),
        deciding: turn.players().iter().collect(),
        decision: crate::decision::decision(c, s).text,
        effort_prices: c.board.effort,
        war_table,
        legal: own_legal,
    }
}

/// Per seat in the tensor.
const SEAT_LEN: usize = 4 + 4 + 6 + 1 + 6 + 6 + 3;
const TENSOR_BASE: usize = 6 * SEAT_LEN + 6 * 4 + 5 + 12 + 2;

pub fn tensor_len() -> usize {
    TENSOR_BASE + 4 * crate::card::DECK
}

/// A fixed-size encoding of what `player` observes, seats turned so he is first.
pub fn write_tensor(c: &Content, s: &State, player: Player, out: &mut [f32]) {
    out.fill(0.0);
    let t = &s.t;
    let n = t.players();
    for (k, p) in player.clockwise_from(n).enumerate() {
        let seat = &t.seats[p];
        let o = &mut out[k * SEAT_LEN..(k + 1) * SEAT_LEN];
        for a in Attr::ALL {
            o[a.index()] = f32::from(seat.attrs[a.index()]) / 6.0;
            o[4 + a.index()] = f32::from(seat.bonus[a.index()]) / 3.0;
        }
        o[8] = seat.billions as f32 / 100.0;
        o[9] = seat.goodwill as f32 / 20.0;
        o[10] = seat.hand_size() as f32 / 8.0;
        o[11] = f32::from(u8::from(t.holds_prize(p)));
        o[12] = f32::from(u8::from(t.start == p));
        o[13] = f32::from(u8::from(seat.bunker.is_some()));
        for v in &seat.vps {
            match v.at {
                Spot::Supply => {}
                Spot::Lounge | Spot::Lifted => o[14] += 0.25,
                Spot::Region(r) => {
                    o[15 + usize::from(r).min(5)] += 0.25;
                    o[21 + usize::from(r).min(5)] += v.black as f32 / 20.0;
                }
                Spot::Square(q) => o[27 + c.board.square(q).section.index()] += 0.25,
            }
        }
    }
    let mut at = 6 * SEAT_LEN;
    for r in 0..6 {
        out[at] = f32::from(t.stuff[r]) / 6.0;
        out[at + 1] = f32::from(u8::from(t.war & (1 << r) != 0));
        out[at + 2] = f32::from(u8::from(t.disaster & (1 << r) != 0));
        out[at + 3] = f32::from(u8::from(t.famine & (1 << r) != 0));
        at += 4;
    }
    out[at + t.phase() as usize] = 1.0;
    at += 5;
    let step = match t.stack.top() {
        Some(Step::Draw) => 0,
        Some(Step::Lift) => 1,
        Some(Step::Place { .. }) => 2,
        Some(Step::Battle(_)) => 3,
        Some(Step::Events { .. }) => 4,
        Some(Step::War { .. }) => 5,
        Some(Step::Window(_)) => 6,
        Some(Step::Business { .. }) => 7,
        Some(Step::Effort { .. }) => 8,
        Some(Step::Commission(_) | Step::Gift { .. }) => 9,
        Some(Step::Act(_)) => 10,
        None => 11,
    };
    out[at + step] = 1.0;
    at += 12;
    out[at] = f32::from(t.turn) / f32::from(c.turn_cap.max(1));
    out[at + 1] = t.deck.len() as f32 / 54.0;
    at = TENSOR_BASE;
    let seat = &t.seats[player];
    let tables = t.seats.values().fold(CardSet::EMPTY, |set, s| set | s.table);
    for k in 0..crate::card::DECK.min(c.cards.numbers.len()) {
        let b = k as u8;
        out[at + k] = f32::from(u8::from(seat.hand.contains(b)));
        out[at + crate::card::DECK + k] = f32::from(u8::from(t.choice(player).marked.contains(b)));
        out[at + 2 * crate::card::DECK + k] = f32::from(u8::from(t.discard.contains(b)));
        out[at + 3 * crate::card::DECK + k] = f32::from(u8::from(tables.contains(b)));
    }
}
