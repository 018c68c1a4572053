//! The atomic decisions and their integer codes: what a card, a VP, a region or an amount is
//! chosen for is said by the pending decision.

use serde::{Deserialize, Serialize};
use worlds_engine::{ActionCode, Player};

use crate::attr::{Attr, Entry};
use crate::board::{MAX_GOODWILL, MAX_PRICE, REGIONS, SQUARES};
use crate::card::DECK;
use crate::state::{Dest, SEATS, Target, VPS};

/// BI-MONEY-5: the ladder of amounts a player chooses from.
pub const LADDER: [u32; 11] = [0, 1, 2, 3, 5, 8, 12, 20, 30, 50, 99];

/// An amount chosen from the ladder (BI-MONEY-5): a rung (its index), or everything the payer can
/// pay there when that is not on the ladder.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Amount {
    Rung(u8),
    All,
}

impl Amount {
    const CODES: usize = LADDER.len() + 1;

    fn code(self) -> usize {
        match self {
            Amount::Rung(i) => usize::from(i).min(LADDER.len() - 1),
            Amount::All => LADDER.len(),
        }
    }

    fn from_code(i: usize) -> Amount {
        if i < LADDER.len() { Amount::Rung(i as u8) } else { Amount::All }
    }

    /// The Billions or Goodwill it stands for, when `most` is the most the payer can pay.
    pub fn value(self, most: u32) -> u32 {
        match self {
            Amount::Rung(i) => LADDER[usize::from(i).min(LADDER.len() - 1)],
            Amount::All => most,
        }
    }

    /// The amounts a payer who can pay at most `most` chooses from, from `least` (0 or 1) up.
    pub fn offered(least: u32, most: u32, mut f: impl FnMut(Amount)) {
        for (i, &v) in LADDER.iter().enumerate() {
            if v >= least && v <= most {
                f(Amount::Rung(i as u8));
            }
        }
        if most >= least && !LADDER.contains(&most) {
            f(Amount::All);
        }
    }
}

/// One decision.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// End a hidden choice (the Draw phase's discards, the lifts).
    Done,
    /// BI-PASS-1: pass an action turn; decline to play a war card.
    Pass,
    /// A card by number: discarded, played, used, or played in the war window.
    Card(u8),
    /// BI-DRAW-3: buy 1–3 extra cards with extra effort.
    Extra(u8),
    /// BI-EFFORT-1: buy a bonus of 1–3 to an attribute for the next action.
    Effort {
        attr: Attr,
        level: u8,
    },
    /// BI-MONEY-1: the Goodwill part of a payment.
    Goodwill(u8),
    /// BI-PLACE-1: lift this VP (0–3).
    Lift(u8),
    /// BI-PLACE-7: place a lifted VP.
    Place(Dest),
    /// BI-BATTLE-2: let the newcomer in, or resist with this whole amount of Goodwill.
    LetIn,
    Resist(u8),
    /// BI-BATTLE-3: pay one more than the resisters, or go to the VIP Lounge.
    Outbid,
    Withdraw,
    /// A region: the next war to resolve (BI-WAR-1), a tie an event leaves open.
    Region(u8),
    /// A card's option (`either`).
    Branch(u8),
    /// A card's target, or a Business Opportunity slot's VP.
    Target(Target),
    /// BI-DEAL-3: a gift of Billions to this player (the amount is chosen next).
    Gift(Player),
    /// BI-DEAL-4: a commission offered to this player (the card, its target and the amount are
    /// chosen next).
    Commission(Player),
    /// BI-DEAL-4: the card (by design) a commission is for.
    Offer(u8),
    /// BI-DEAL-3, BI-DEAL-4: the amount of a gift or a commission.
    Amount(Amount),
    /// BI-DEAL-5: a joint venture's side payment: none, the owner gives, the owner takes.
    NoSide,
    Give(Amount),
    Take(Amount),
    /// Accept or decline a commission or a joint venture.
    Accept,
    Decline,
    /// BI-JOURN-3: hush money offered to a journalist; expose or keep quiet.
    Hush(Amount),
    Expose,
    Quiet,
    /// BI-LAUNDER-1: launder a VP's black money, beating the region's Corruption or Crime.
    Launder {
        vp: u8,
        attr: Attr,
    },
    /// BI-SELL-1: sell Stuff with this VP.
    Sell(u8),
    /// BI-MEDIA-1: a media campaign with this VP.
    Campaign(u8),
    /// BI-BUYVP-1, BI-BUYNOBEL-1.
    BuyVp,
    BuyPrize,
}

/// The most options a card's `either` has.
pub const BRANCHES: usize = 4;
const KINDS: usize = DECK;
const TARGETS: usize = SEATS + REGIONS + SEATS * VPS + DECK;
const DESTS: usize = 1 + REGIONS * 3 + SQUARES;

const DONE_AT: usize = 0;
const PASS_AT: usize = 1;
const CARD_AT: usize = 2;
const EXTRA_AT: usize = CARD_AT + DECK;
const EFFORT_AT: usize = EXTRA_AT + 3;
const GOODWILL_AT: usize = EFFORT_AT + 12;
const LIFT_AT: usize = GOODWILL_AT + MAX_PRICE as usize + 1;
const PLACE_AT: usize = LIFT_AT + VPS;
const LET_IN_AT: usize = PLACE_AT + DESTS;
const RESIST_AT: usize = LET_IN_AT + 1;
const OUTBID_AT: usize = RESIST_AT + MAX_GOODWILL as usize + 1;
const WITHDRAW_AT: usize = OUTBID_AT + 1;
const REGION_AT: usize = WITHDRAW_AT + 1;
const BRANCH_AT: usize = REGION_AT + REGIONS;
const TARGET_AT: usize = BRANCH_AT + BRANCHES;
const GIFT_AT: usize = TARGET_AT + TARGETS;
const COMMISSION_AT: usize = GIFT_AT + SEATS;
const OFFER_AT: usize = COMMISSION_AT + SEATS;
const AMOUNT_AT: usize = OFFER_AT + KINDS;
const NO_SIDE_AT: usize = AMOUNT_AT + Amount::CODES;
const GIVE_AT: usize = NO_SIDE_AT + 1;
const TAKE_AT: usize = GIVE_AT + Amount::CODES;
const ACCEPT_AT: usize = TAKE_AT + Amount::CODES;
const DECLINE_AT: usize = ACCEPT_AT + 1;
const HUSH_AT: usize = DECLINE_AT + 1;
const EXPOSE_AT: usize = HUSH_AT + Amount::CODES;
const QUIET_AT: usize = EXPOSE_AT + 1;
const LAUNDER_AT: usize = QUIET_AT + 1;
const SELL_AT: usize = LAUNDER_AT + VPS * 2;
const CAMPAIGN_AT: usize = SELL_AT + VPS;
const BUY_VP_AT: usize = CAMPAIGN_AT + VPS;
const BUY_PRIZE_AT: usize = BUY_VP_AT + 1;
/// How many codes there are.
pub const CODES: usize = BUY_PRIZE_AT + 1;

fn dest_code(d: Dest) -> usize {
    match d {
        Dest::Lounge => 0,
        Dest::Region { region, by } => 1 + usize::from(region).min(REGIONS - 1) * 3 + by.index(),
        Dest::Square(q) => 1 + REGIONS * 3 + usize::from(q).min(SQUARES - 1),
    }
}

fn dest_from(i: usize) -> Dest {
    match i {
        0 => Dest::Lounge,
        _ if i <= REGIONS * 3 => Dest::Region { region: ((i - 1) / 3) as u8, by: Entry::ALL[(i - 1) % 3] },
        _ => Dest::Square((i - 1 - REGIONS * 3) as u8),
    }
}

fn target_code(t: Target) -> usize {
    match t {
        // `None` is never chosen: it shares the first player's code and never decodes.
        Target::None => 0,
        Target::Player(p) => p.index(),
        Target::Region(r) => SEATS + usize::from(r).min(REGIONS - 1),
        Target::Vp(p, i) => SEATS + REGIONS + p.index() * VPS + usize::from(i).min(VPS - 1),
        Target::Card(n) => SEATS + REGIONS + SEATS * VPS + usize::from(n).min(DECK - 1),
    }
}

fn target_from(i: usize) -> Target {
    match i {
        _ if i < SEATS => Target::Player(Player::from_index(i)),
        _ if i < SEATS + REGIONS => Target::Region((i - SEATS) as u8),
        _ if i < SEATS + REGIONS + SEATS * VPS => {
            let j = i - SEATS - REGIONS;
            Target::Vp(Player::from_index(j / VPS), (j % VPS) as u8)
        }
        _ => Target::Card((i - SEATS - REGIONS - SEATS * VPS) as u8),
    }
}

fn vp_attr(attr: Attr) -> usize {
    usize::from(attr == Attr::Crime)
}

impl ActionCode for Action {
    const COUNT: usize = CODES;

    fn index(self) -> usize {
        let vp = |v: u8| usize::from(v).min(VPS - 1);
        match self {
            Action::Done => DONE_AT,
            Action::Pass => PASS_AT,
            Action::Card(n) => CARD_AT + usize::from(n).min(DECK - 1),
            Action::Extra(l) => EXTRA_AT + usize::from(l.clamp(1, 3) - 1),
            Action::Effort { attr, level } => EFFORT_AT + attr.index() * 3 + usize::from(level.clamp(1, 3) - 1),
            Action::Goodwill(g) => GOODWILL_AT + usize::from(g.min(MAX_PRICE)),
            Action::Lift(v) => LIFT_AT + vp(v),
            Action::Place(d) => PLACE_AT + dest_code(d),
            Action::LetIn => LET_IN_AT,
            Action::Resist(n) => RESIST_AT + usize::from(n),
            Action::Outbid => OUTBID_AT,
            Action::Withdraw => WITHDRAW_AT,
            Action::Region(r) => REGION_AT + usize::from(r).min(REGIONS - 1),
            Action::Branch(b) => BRANCH_AT + usize::from(b).min(BRANCHES - 1),
            Action::Target(t) => TARGET_AT + target_code(t),
            Action::Gift(to) => GIFT_AT + to.index(),
            Action::Commission(to) => COMMISSION_AT + to.index(),
            Action::Offer(kind) => OFFER_AT + usize::from(kind).min(KINDS - 1),
            Action::Amount(a) => AMOUNT_AT + a.code(),
            Action::NoSide => NO_SIDE_AT,
            Action::Give(a) => GIVE_AT + a.code(),
            Action::Take(a) => TAKE_AT + a.code(),
            Action::Accept => ACCEPT_AT,
            Action::Decline => DECLINE_AT,
            Action::Hush(a) => HUSH_AT + a.code(),
            Action::Expose => EXPOSE_AT,
            Action::Quiet => QUIET_AT,
            Action::Launder { vp: v, attr } => LAUNDER_AT + vp(v) * 2 + vp_attr(attr),
            Action::Sell(v) => SELL_AT + vp(v),
            Action::Campaign(v) => CAMPAIGN_AT + vp(v),
            Action::BuyVp => BUY_VP_AT,
            Action::BuyPrize => BUY_PRIZE_AT,
        }
    }

    fn from_index(i: usize) -> Option<Action> {
        let amount = |at: usize| Amount::from_code(i - at);
        Some(match i {
            DONE_AT => Action::Done,
            PASS_AT => Action::Pass,
            _ if i < EXTRA_AT => Action::Card((i - CARD_AT) as u8),
            _ if i < EFFORT_AT => Action::Extra((i - EXTRA_AT + 1) as u8),
            _ if i < GOODWILL_AT => {
                Action::Effort { attr: Attr::ALL[(i - EFFORT_AT) / 3], level: ((i - EFFORT_AT) % 3 + 1) as u8 }
            }
            _ if i < LIFT_AT => Action::Goodwill((i - GOODWILL_AT) as u8),
            _ if i < PLACE_AT => Action::Lift((i - LIFT_AT) as u8),
            _ if i < LET_IN_AT => Action::Place(dest_from(i - PLACE_AT)),
            LET_IN_AT => Action::LetIn,
            _ if i < OUTBID_AT => Action::Resist((i - RESIST_AT) as u8),
            OUTBID_AT => Action::Outbid,
            WITHDRAW_AT => Action::Withdraw,
            _ if i < BRANCH_AT => Action::Region((i - REGION_AT) as u8),
            _ if i < TARGET_AT => Action::Branch((i - BRANCH_AT) as u8),
            _ if i < GIFT_AT => Action::Target(target_from(i - TARGET_AT)),
            _ if i < COMMISSION_AT => Action::Gift(Player::from_index(i - GIFT_AT)),
            _ if i < OFFER_AT => Action::Commission(Player::from_index(i - COMMISSION_AT)),
            _ if i < AMOUNT_AT => Action::Offer((i - OFFER_AT) as u8),
            _ if i < NO_SIDE_AT => Action::Amount(amount(AMOUNT_AT)),
            NO_SIDE_AT => Action::NoSide,
            _ if i < TAKE_AT => Action::Give(amount(GIVE_AT)),
            _ if i < ACCEPT_AT => Action::Take(amount(TAKE_AT)),
            ACCEPT_AT => Action::Accept,
            DECLINE_AT => Action::Decline,
            _ if i < EXPOSE_AT => Action::Hush(amount(HUSH_AT)),
            EXPOSE_AT => Action::Expose,
            QUIET_AT => Action::Quiet,
            _ if i < SELL_AT => Action::Launder {
                vp: ((i - LAUNDER_AT) / 2) as u8,
                attr: if (i - LAUNDER_AT) % 2 == 1 { Attr::Crime } else { Attr::Corruption },
            },
            _ if i < CAMPAIGN_AT => Action::Sell((i - SELL_AT) as u8),
            _ if i < BUY_VP_AT => Action::Campaign((i - CAMPAIGN_AT) as u8),
            BUY_VP_AT => Action::BuyVp,
            BUY_PRIZE_AT => Action::BuyPrize,
            _ => return None,
        })
    }
}

impl Action {
    /// Whether the action is a kind of pass (nothing more to choose, no war card, no deal).
    pub fn is_pass(self) -> bool {
        matches!(self, Action::Done | Action::Pass | Action::Decline | Action::LetIn)
    }
}
