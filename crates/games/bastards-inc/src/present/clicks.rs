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

use crate::act;
use crate::action::{Action, Amount};
use crate::attr::Entry;
use crate::content::Content;
use crate::event::spot_name;
use crate::legal;
use crate::notation;
use crate::state::{Dest, State, Step, Target};
use crate::{ctx, place};

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

/// The id of the button an action is clicked with (none when it is a click on the board or the
/// table instead): `act-` and its notation, hyphenated, but for a commission's card, named by its
/// design's number.
pub fn button_id(c: &Content, a: Action) -> Option<String> {
    match a {
        Action::Card(_)
        | Action::Place(_)
        | Action::Region(_)
        | Action::Target(_)
        | Action::Sell(_)
        | Action::Campaign(_) => None,
        Action::Offer(kind) => Some(format!("act-offer-{kind}")),
        _ => Some(format!("act-{}", notation::format(c, a).replace(' ', "-"))),
    }
}

/// The elements of an action, in the order they are clicked: a card in the hand or in front of a
/// player or a company's panel (on the table), a region, square or the VIP Lounge, a VP, or buttons.
pub fn action_elements(c: &Content, s: &State, action: Action) -> Vec<String> {
    let t = &s.t;
    if let Some(id) = button_id(c, action) {
        return vec![id];
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

/// What an amount is: a number, or everything (`most`, when known).
fn amount_label(a: Amount, most: Option<u32>, unit: &str) -> String {
    match (a, most) {
        (Amount::Rung(_), _) => format!("{} {unit}", a.value(0)),
        (Amount::All, Some(n)) => format!("all {n} {unit}"),
        (Amount::All, None) => "all".into(),
    }
}

/// Where `me`'s VP `v` stands, in words.
fn vp_place(c: &Content, s: &State, me: Player, v: u8) -> String {
    s.t.seats.get(me).and_then(|seat| seat.vps.get(usize::from(v))).map_or_else(String::new, |vp| spot_name(c, vp.at))
}

/// The button `me`'s action `a` is taken with, when it belongs to no element of the board or the
/// table: its id, its label, what it does and the caption of its row (`Present::button`).
pub fn button(c: &Content, s: &State, me: Player, a: Action) -> Option<present::Button> {
    let t = &s.t;
    let seat = t.seats.get(me);
    let billions = seat.map(|s| s.billions);
    let goodwill = seat.map(|s| s.goodwill);
    let step = t.stack.top();
    let partner = match step {
        Some(Step::Act(act)) => act::partner(act).and_then(|q| t.seats.get(q)).map(|s| s.billions),
        _ => None,
    };
    let id = button_id(c, a)?;
    let price = |level: u8| ctx::effort_price(c, level);
    // Each button with the caption of its row ("" for the answers, which come first).
    let (label, title, group): (String, String, &str) = match a {
        Action::Done => ("Done".into(), "your secret choice is made".into(), ""),
        Action::Pass => ("Pass".into(), "pass (no action, no war card)".into(), ""),
        Action::LetIn => ("Let in".into(), "let the newcomer in without a fight".into(), ""),
        Action::Outbid => {
            let n = match step {
                Some(Step::Battle(b)) => place::outbid_price(b),
                _ => 0,
            };
            (format!("Outbid ({n} G)"), format!("pay {n} Goodwill and enter"), "")
        }
        Action::Withdraw => ("Withdraw".into(), "go to the VIP Lounge instead".into(), ""),
        Action::Accept => ("Accept".into(), "accept the offer".into(), ""),
        Action::Decline => ("Decline".into(), "decline the offer".into(), ""),
        Action::Expose => ("Expose".into(), "expose the illegal act".into(), ""),
        Action::Quiet => ("Keep quiet".into(), "keep quiet for the hush money".into(), ""),
        Action::NoSide => ("No side payment".into(), "no side payment".into(), ""),
        Action::BuyVp => ("Buy a VP".into(), "buy a new VP (into the VIP Lounge)".into(), ""),
        Action::BuyPrize => ("Buy the Nobel Prize".into(), "buy the Peace Nobel Prize with Goodwill".into(), ""),
        Action::Branch(b) => (format!("Option {}", b + 1), format!("option {} of the card's choice", b + 1), "Choose:"),
        Action::Lift(v) => {
            let from = vp_place(c, s, me, v);
            (format!("VP {}", v + 1), format!("lift your VP {} from {from}", v + 1), "Lift:")
        }
        Action::Extra(l) => {
            let title = format!("buy {l} extra card(s) for {} (Billions or Goodwill)", price(l));
            (format!("+{l} card{}", if l > 1 { "s" } else { "" }), title, "Extra cards:")
        }
        Action::Goodwill(g) => {
            (format!("{g} G"), format!("pay {g} of the price in Goodwill, the rest in Billions"), "Goodwill part:")
        }
        Action::Resist(n) => {
            let all = if goodwill == Some(u32::from(n)) { " (all you hold)" } else { "" };
            (format!("{n} G"), format!("resist with {n} Goodwill{all}"), "Resist with:")
        }
        Action::Hush(n) => {
            let label = amount_label(n, None, "B");
            (label.clone(), format!("offer {label} of hush money"), "Hush money:")
        }
        Action::Amount(n) => {
            let label = amount_label(n, billions, "B");
            (label.clone(), format!("{label}: the gift or the commission"), "Amount:")
        }
        Action::Give(n) => {
            let label = amount_label(n, billions, "B");
            (label.clone(), format!("give the partner {label}"), "Give partner:")
        }
        Action::Take(n) => {
            let label = amount_label(n, partner, "B");
            (label.clone(), format!("take {label} from the partner"), "Take from partner:")
        }
        Action::Effort { attr, level } => {
            let title =
                format!("{} +{level} for the next action, for {} (Billions or Goodwill)", attr.name(), price(level));
            (format!("{} +{level}", attr.short()), title, "Extra effort:")
        }
        Action::Gift(to) => (to.to_string(), format!("give {to} Billions: then choose how many"), "Gift to:"),
        Action::Commission(to) => (
            to.to_string(),
            format!("offer {to} a commission to play a card: then choose which"),
            "Offer a commission to:",
        ),
        Action::Offer(kind) => {
            let name = c.cards.kinds.get(usize::from(kind)).map_or_else(String::new, |k| k.name.clone());
            (name.clone(), format!("a commission to play {name}"), "For playing:")
        }
        Action::Launder { vp, attr } => {
            let title = format!(
                "launder VP {}'s black money in {}, beating the region's {}",
                vp + 1,
                vp_place(c, s, me, vp),
                attr.name()
            );
            (format!("VP {} by {}", vp + 1, attr.short()), title, "Launder:")
        }
        // The others are clicks on the board or the table (`button_id`).
        _ => return None,
    };
    Some(present::Button::new(id, label, title).in_group(group))
}
