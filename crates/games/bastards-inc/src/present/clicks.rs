//! What a player clicks in the browser: the ids of the elements actions name, on the board
//! (`scene.rs`) and the table (`table.rs`), the elements each legal action names, in the order
//! they are clicked, and the buttons of the viewer's choices that belong to no element of the board
//! (with their labels and what they mean; the table draws them).
//!
//! Ids on the board: `region-ID` (a region of the pyramid), `square-ID` (a Media square), `lounge`,
//! `vp-P2-3` (P2's VP 3), `place-REGION-corruption` (the button that places a VP there by that
//! declaration), and `act-…` for the other buttons: `act-done`, `act-resist-7` (an amount of
//! Goodwill), `act-gift-P2` then `act-gift-amount-5` (an amount by its value on the ladder, `all`
//! for everything), `act-effort-crime-2`, `act-launder-1-crime`, `act-lift-2` …; `lounge-P2-1` and
//! `lifted-P2-1` for the VP discs in the VIP Lounge (no action names them). On the table the
//! browser draws beside it (`table.rs`): a company's panel (`seat-2`, `present::seat_id`) and each
//! card, in a hand or in front of a company, by its id (`tax-audit#1`).

use worlds_engine::{Player, present};

use crate::action::{Action, Amount, LADDER};
use crate::attr::{Attr, Entry};
use crate::content::Content;
use crate::legal;
use crate::state::{Dest, State, Target};
use crate::view::{Observation, StepView};

pub fn region_id(c: &Content, r: u8) -> String {
    format!("region-{}", c.board.region(r).id)
}

pub fn square_id(c: &Content, q: u8) -> String {
    format!("square-{}", c.board.square(q).id)
}

pub const LOUNGE: &str = "lounge";

pub fn vp_id(p: Player, i: usize) -> String {
    format!("vp-{p}-{}", i + 1)
}

pub fn place_id(c: &Content, r: u8, by: Entry) -> String {
    format!("place-{}-{}", c.board.region(r).id, by.id())
}

/// An amount's part of an id: its value on the ladder, or `all`.
fn rung(a: Amount) -> String {
    match a {
        Amount::Rung(i) => LADDER[usize::from(i).min(LADDER.len() - 1)].to_string(),
        Amount::All => "all".into(),
    }
}

/// The ids of the buttons an action is clicked with, in click order (empty when it is a click on
/// the table instead).
pub fn button_ids(a: Action) -> Vec<String> {
    let one = |id: String| vec![id];
    match a {
        Action::Done => one("act-done".into()),
        Action::Pass => one("act-pass".into()),
        Action::Extra(l) => one(format!("act-extra-{l}")),
        Action::Effort { attr, level } => one(format!("act-effort-{}-{level}", attr.id())),
        Action::Goodwill(g) => one(format!("act-goodwill-{g}")),
        Action::Lift(v) => one(format!("act-lift-{}", v + 1)),
        Action::LetIn => one("act-let-in".into()),
        Action::Resist(n) => one(format!("act-resist-{n}")),
        Action::Outbid => one("act-outbid".into()),
        Action::Withdraw => one("act-withdraw".into()),
        Action::Branch(b) => one(format!("act-option-{}", b + 1)),
        Action::Gift(to) => one(format!("act-gift-{to}")),
        Action::Commission(to) => one(format!("act-commission-{to}")),
        Action::Offer(kind) => one(format!("act-offer-{kind}")),
        Action::Amount(n) => one(format!("act-amount-{}", rung(n))),
        Action::NoSide => one("act-no-side".into()),
        Action::Give(n) => one(format!("act-give-{}", rung(n))),
        Action::Take(n) => one(format!("act-take-{}", rung(n))),
        Action::Accept => one("act-accept".into()),
        Action::Decline => one("act-decline".into()),
        Action::Hush(n) => one(format!("act-hush-{}", rung(n))),
        Action::Expose => one("act-expose".into()),
        Action::Quiet => one("act-quiet".into()),
        Action::Launder { vp, attr } => one(format!("act-launder-{}-{}", vp + 1, attr.id())),
        Action::BuyVp => one("act-buy-vp".into()),
        Action::BuyPrize => one("act-buy-prize".into()),
        Action::Card(_)
        | Action::Place(_)
        | Action::Region(_)
        | Action::Target(_)
        | Action::Sell(_)
        | Action::Campaign(_) => Vec::new(),
    }
}

/// The elements of an action, in the order they are clicked: a card in the hand or in front of a
/// player or a company's panel (on the table), a region, square or the VIP Lounge, a VP, or buttons.
pub fn action_elements(c: &Content, s: &State, action: Action) -> Vec<String> {
    let t = &s.t;
    let buttons = button_ids(action);
    if !buttons.is_empty() {
        return buttons;
    }
    let decider = || legal::decider(c, t).unwrap_or_default();
    let id = match action {
        Action::Card(k) | Action::Target(Target::Card(k)) => c.cards.id_of(k),
        Action::Place(Dest::Lounge) => LOUNGE.into(),
        Action::Place(Dest::Region { region, by }) => place_id(c, region, by),
        Action::Place(Dest::Square(q)) => square_id(c, q),
        Action::Region(r) | Action::Target(Target::Region(r)) => region_id(c, r),
        Action::Target(Target::Player(q)) => present::seat_id(q),
        Action::Target(Target::Vp(q, i)) => vp_id(q, usize::from(i)),
        Action::Sell(vp) | Action::Campaign(vp) => vp_id(decider(), usize::from(vp)),
        _ => return Vec::new(),
    };
    vec![id]
}

/// The rows of buttons, in the order drawn; each starts with its caption (none for the first).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Group {
    Main,
    Option,
    Lift,
    Extra,
    Goodwill,
    Resist,
    Hush,
    Amount,
    Give,
    Take,
    Effort,
    Gift,
    Commission,
    Offer,
    Launder,
}

impl Group {
    pub fn caption(self) -> &'static str {
        match self {
            Group::Main => "",
            Group::Option => "Choose:",
            Group::Lift => "Lift:",
            Group::Extra => "Extra cards:",
            Group::Goodwill => "Goodwill part:",
            Group::Resist => "Resist with:",
            Group::Hush => "Hush money:",
            Group::Amount => "Amount:",
            Group::Give => "Give partner:",
            Group::Take => "Take from partner:",
            Group::Effort => "Extra effort:",
            Group::Gift => "Gift to:",
            Group::Commission => "Offer a commission to:",
            Group::Offer => "For playing:",
            Group::Launder => "Launder:",
        }
    }
}

/// A button of the viewer's.
#[derive(Clone, PartialEq, Debug)]
pub struct Button {
    pub id: String,
    pub label: String,
    pub title: String,
    pub group: Group,
}

/// What an amount is: a number, or everything (`most`, when known).
fn amount_label(a: Amount, most: Option<u32>, unit: &str) -> String {
    match (a, most) {
        (Amount::Rung(_), _) => format!("{} {unit}", a.value(0)),
        (Amount::All, Some(n)) => format!("all {n} {unit}"),
        (Amount::All, None) => "all".into(),
    }
}

/// Where the viewer's VP `v` stands, in words.
fn vp_place(o: &Observation, me: Player, v: u8) -> String {
    let here = |vps: &[crate::view::VpView]| vps.iter().any(|x| x.player == me && x.vp == v);
    let region = o.regions.iter().find(|r| here(&r.vps)).map(|r| r.name.clone());
    region.or_else(|| o.circus.iter().find(|q| here(&q.vps)).map(|q| q.name.clone())).unwrap_or_default()
}

/// The buttons of the viewer's legal actions that belong to no element of the table, each once,
/// grouped.
pub fn button_list(c: &Content, o: &Observation) -> Vec<Button> {
    let me = o.viewer.unwrap_or_default();
    let seat = o.seats.get(me.index());
    let billions = seat.map(|s| s.billions);
    let goodwill = seat.map(|s| s.goodwill);
    let partner = match &o.step {
        StepView::Act(a) => a.partner.and_then(|q| o.seats.get(q.index())).map(|s| s.billions),
        _ => None,
    };
    let mut out: Vec<Button> = Vec::new();
    for &a in &o.legal {
        let ids = button_ids(a);
        let faces: Vec<(String, String, Group)> = match a {
            Action::Done => vec![("Done".into(), "your secret choice is made".into(), Group::Main)],
            Action::Pass => vec![("Pass".into(), "pass (no action, no war card)".into(), Group::Main)],
            Action::LetIn => vec![("Let in".into(), "let the newcomer in without a fight".into(), Group::Main)],
            Action::Outbid => {
                let n = match &o.step {
                    StepView::Battle { resisted: Some(n), .. } => n + 1,
                    _ => 0,
                };
                vec![(format!("Outbid ({n} G)"), format!("pay {n} Goodwill and enter"), Group::Main)]
            }
            Action::Withdraw => vec![("Withdraw".into(), "go to the VIP Lounge instead".into(), Group::Main)],
            Action::Accept => vec![("Accept".into(), "accept the offer".into(), Group::Main)],
            Action::Decline => vec![("Decline".into(), "decline the offer".into(), Group::Main)],
            Action::Expose => vec![("Expose".into(), "expose the illegal act".into(), Group::Main)],
            Action::Quiet => vec![("Keep quiet".into(), "keep quiet for the hush money".into(), Group::Main)],
            Action::NoSide => vec![("No side payment".into(), "no side payment".into(), Group::Main)],
            Action::BuyVp => vec![("Buy a VP".into(), "buy a new VP (into the VIP Lounge)".into(), Group::Main)],
            Action::BuyPrize => {
                vec![("Buy the Nobel Prize".into(), "buy the Peace Nobel Prize with Goodwill".into(), Group::Main)]
            }
            Action::Branch(b) => {
                vec![(format!("Option {}", b + 1), format!("option {} of the card's choice", b + 1), Group::Option)]
            }
            Action::Lift(v) => {
                let from = vp_place(o, me, v);
                vec![(format!("VP {}", v + 1), format!("lift your VP {} from {from}", v + 1), Group::Lift)]
            }
            Action::Extra(l) => {
                let price = o.effort_prices.get(usize::from(l.max(1) - 1)).copied().unwrap_or(0);
                let title = format!("buy {l} extra card(s) for {price} (Billions or Goodwill)");
                vec![(format!("+{l} card{}", if l > 1 { "s" } else { "" }), title, Group::Extra)]
            }
            Action::Goodwill(g) => {
                vec![(
                    format!("{g} G"),
                    format!("pay {g} of the price in Goodwill, the rest in Billions"),
                    Group::Goodwill,
                )]
            }
            Action::Resist(n) => {
                let all = if goodwill == Some(u32::from(n)) { " (all you hold)" } else { "" };
                vec![(format!("{n} G"), format!("resist with {n} Goodwill{all}"), Group::Resist)]
            }
            Action::Hush(n) => {
                let label = amount_label(n, None, "B");
                vec![(label.clone(), format!("offer {label} of hush money"), Group::Hush)]
            }
            Action::Amount(n) => {
                let label = amount_label(n, billions, "B");
                vec![(label.clone(), format!("{label}: the gift or the commission"), Group::Amount)]
            }
            Action::Give(n) => {
                let label = amount_label(n, billions, "B");
                vec![(label.clone(), format!("give the partner {label}"), Group::Give)]
            }
            Action::Take(n) => {
                let label = amount_label(n, partner, "B");
                vec![(label.clone(), format!("take {label} from the partner"), Group::Take)]
            }
            Action::Effort { attr, level } => {
                let price = o.effort_prices.get(usize::from(level.max(1) - 1)).copied().unwrap_or(0);
                let title = format!("{} +{level} for the next action, for {price} (Billions or Goodwill)", attr.name());
                vec![(format!("{} +{level}", attr.short()), title, Group::Effort)]
            }
            Action::Gift(to) => {
                vec![(to.to_string(), format!("give {to} Billions: then choose how many"), Group::Gift)]
            }
            Action::Commission(to) => {
                let title = format!("offer {to} a commission to play a card: then choose which");
                vec![(to.to_string(), title, Group::Commission)]
            }
            Action::Offer(kind) => {
                let name = c.cards.kinds.get(usize::from(kind)).map_or_else(String::new, |k| k.name.clone());
                vec![(name.clone(), format!("a commission to play {name}"), Group::Offer)]
            }
            Action::Launder { vp, attr } => {
                let title = format!(
                    "launder VP {}'s black money in {}, beating the region's {}",
                    vp + 1,
                    vp_place(o, me, vp),
                    attr.name()
                );
                let short = if attr == Attr::Crime { "Cri" } else { "Cor" };
                vec![(format!("VP {} by {short}", vp + 1), title, Group::Launder)]
            }
            _ => Vec::new(),
        };
        for (id, (label, title, group)) in ids.into_iter().zip(faces) {
            if !out.iter().any(|b| b.id == id) {
                out.push(Button { id, label, title, group });
            }
        }
    }
    out.sort_by_key(|b| b.group);
    out
}

/// The viewer's buttons for the table, each row of them after its caption.
pub fn table_buttons(c: &Content, o: &Observation) -> Vec<present::Button> {
    button_list(c, o)
        .into_iter()
        .map(|b| present::Button::new(b.id, b.label, b.title).in_group(b.group.caption()))
        .collect()
}
