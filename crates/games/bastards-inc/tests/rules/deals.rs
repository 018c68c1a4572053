//! Deals (BI-DEAL-1..6), trade (BI-TRADE-1..3) and money between players (BI-MONEY-1, BI-MONEY-3,
//! BI-MONEY-4).

use worlds_engine::{Game, Present, Turn};

use crate::common::{act, blank, can, card, game, give, legal, load, money, p, refused};

/// BI-DEAL-1, BI-DEAL-2, BI-DEAL-3, BI-DEAL-6: in his deal window a player may give Billions (an
/// amount from the ladder, at least 1) and offer one commission, before he buys extra effort and
/// acts or passes; a gift neither ends his turn nor counts as a pass.
#[test]
fn bi_deal_1_2_3_6_a_gift_in_the_deal_window() {
    let g = game(3);
    let mut t = blank(&g);
    money(&mut t, 0, 13, 3);
    let mut s = load(&g, &t);
    let gifts: Vec<String> = legal(&g, &s, 0).into_iter().filter(|a| a.starts_with("gift")).collect();
    assert_eq!(gifts, ["gift P2", "gift P3"]);
    assert_eq!(act(&g, &mut s, 0, "gift P2"), Vec::<String>::new());
    assert_eq!(
        legal(&g, &s, 0),
        ["amount 1", "amount 2", "amount 3", "amount 5", "amount 8", "amount 12", "amount all"]
    );
    let log = act(&g, &mut s, 0, "amount 5");
    assert_eq!(log, ["P1 gives P2 5 Billion(s)", "P1 pays P2 5 Billion(s)"]);
    assert_eq!(
        (s.table().seats[p(0)].billions, s.table().seats[p(1)].billions, s.table().seats[p(1)].goodwill),
        (8, 35, 9)
    );
    assert_eq!(g.turn(&s), Turn::Decide(p(0)), "still P1's turn");
    assert!(!legal(&g, &s, 0).iter().any(|a| a.starts_with("gift")), "one gift per turn");
    assert_eq!(
        refused(&g, &s, 0, "gift P3"),
        "one gift and one commission offer per action turn, before any extra effort, from your Billions [BI-DEAL-2]"
    );
    // Extra effort closes the deal window.
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "effort technology 1");
    act(&g, &mut s, 0, "goodwill 0");
    assert!(!legal(&g, &s, 0).iter().any(|a| a.starts_with("gift") || a.starts_with("commission")));
}

/// BI-DEAL-4, BI-TRADE-3: a commission names a player, a business card by name, its target and an
/// amount set aside; the player accepts only holding that card and able to play it, plays it at
/// once, out of turn, and is paid once it has resolved.
#[test]
fn bi_deal_4_bi_trade_3_a_commission_accepted() {
    let g = game(3);
    let mut t = blank(&g);
    give(&mut t, 1, card(&g, "smear-campaign#1"));
    let mut s = load(&g, &t);
    let offers: Vec<String> = legal(&g, &s, 0).into_iter().filter(|a| a.starts_with("commission")).collect();
    assert_eq!(offers, ["commission P2", "commission P3"]);
    assert_eq!(act(&g, &mut s, 0, "commission P2"), Vec::<String>::new());
    // Every business card P2 might hold and could play (the war cards are never offered; Bunker
    // costs 10, which P2 can pay; Headhunter needs a VP in his supply).
    let cards = legal(&g, &s, 0);
    assert!(cards.contains(&"offer smear-campaign".to_owned()), "{cards:?}");
    assert!(!cards.iter().any(|a| a.contains("propaganda") || a.contains("fog-of-war")));
    assert_eq!(act(&g, &mut s, 0, "offer smear-campaign"), Vec::<String>::new());
    assert_eq!(legal(&g, &s, 0), ["target P1", "target P3"], "targets for P2");
    assert_eq!(act(&g, &mut s, 0, "target P3"), ["P1 offers P2 a commission to play Smear Campaign on P3"]);
    assert_eq!(act(&g, &mut s, 0, "amount 5"), ["P1 sets aside 5 Billion(s) for P2"]);
    assert_eq!(s.table().seats[p(0)].billions, 25);
    assert_eq!(g.turn(&s), Turn::Decide(p(1)));
    assert_eq!(legal(&g, &s, 1), ["accept", "decline"]);
    let log = act(&g, &mut s, 1, "accept");
    assert_eq!(
        log,
        [
            "P2 plays Smear Campaign on P3",
            "P3's Media 3 → 2",
            "P3's Goodwill 9 → 7",
            "P2 receives the commission of 5 Billion(s) from P1",
        ]
    );
    assert_eq!(s.table().seats[p(1)].billions, 35);
    assert_eq!(g.turn(&s), Turn::Decide(p(0)), "back to P1's action turn, the card played without an action of P2's");
    assert!(!legal(&g, &s, 0).iter().any(|a| a.starts_with("commission")), "one commission per turn");
}

/// BI-DEAL-4, BI-TRADE-2: a player without the card can only decline; the money set aside returns.
#[test]
fn bi_deal_4_bi_trade_2_a_commission_declined_returns_the_money() {
    let g = game(3);
    let t = blank(&g);
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "commission P2");
    assert_eq!(act(&g, &mut s, 0, "offer charity-gala"), ["P1 offers P2 a commission to play Charity Gala"]);
    act(&g, &mut s, 0, "amount 3");
    assert_eq!(legal(&g, &s, 1), ["decline"], "P2 does not hold Charity Gala");
    assert_eq!(
        refused(&g, &s, 1, "accept"),
        "you can accept only holding that card and able to play it on that target [BI-DEAL-4]"
    );
    assert_eq!(act(&g, &mut s, 1, "decline"), ["P2 declines the commission"]);
    assert_eq!(s.table().seats[p(0)].billions, 30);
    assert_eq!(g.turn(&s), Turn::Decide(p(0)));
}

/// BI-TRADE-1, BI-MONEY-3: only Billions pass between players; Goodwill never does.
#[test]
fn bi_trade_1_bi_money_3_only_billions_change_hands() {
    let g = game(3);
    let mut t = blank(&g);
    money(&mut t, 0, 0, 30);
    let s = load(&g, &t);
    assert!(!legal(&g, &s, 0).iter().any(|a| a.starts_with("gift") || a.starts_with("commission")));
    assert!(!can(&g, &s, 0, "gift P2"));
}

/// BI-MONEY-1, BI-MONEY-4: a payment to the bank mixes Billions and Goodwill, the Goodwill part
/// chosen when there is a choice; nobody pays more than he holds; losses stop at 0.
#[test]
fn bi_money_1_bi_money_4_mixed_payments_within_what_a_player_holds() {
    let g = game(3);
    let mut t = blank(&g);
    money(&mut t, 0, 4, 3);
    give(&mut t, 0, card(&g, "lobbyists#1"));
    let mut s = load(&g, &t);
    // Lobbyists: twice the new Corruption (3 + 1) = 8 > 4 + 3.
    assert!(!can(&g, &s, 0, "lobbyists#1"));
    assert!(can(&g, &s, 0, "effort crime 2"), "5 from 4 B + 3 G");
    // The choice says what it buys and costs.
    let effort = g.parse_action("effort crime 2").unwrap();
    assert_eq!(g.action_hint(&s, effort).as_deref(), Some("Crime +2 for your next action, for 5"));
    act(&g, &mut s, 0, "effort crime 2");
    assert_eq!(legal(&g, &s, 0), ["goodwill 1", "goodwill 2", "goodwill 3"]);
    let log = act(&g, &mut s, 0, "goodwill 1");
    assert_eq!(log, ["P1 pays 4 Billion(s) and 1 Goodwill (0 B and 2 G left)"]);
    assert_eq!(s.table().seats[p(0)].bonus, [0, 2, 0, 0]);
    // A loss stops at 0: Smear Campaign on a player with 1 Goodwill.
    let mut t = blank(&g);
    money(&mut t, 2, 10, 1);
    give(&mut t, 0, card(&g, "smear-campaign#1"));
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "smear-campaign#1");
    let log = act(&g, &mut s, 0, "target P3");
    assert_eq!(log[2], "P3's Goodwill 1 → 0");
    assert_eq!(s.table().seats[p(2)].goodwill, 0);
}

/// BI-DEAL-4: a player naming the card of a commission had one to name, and everyone knows it. His
/// hand dealt again for another seat (determinization) must leave him one: here the only business
/// card he cannot rule out is one copy of Smear Campaign, which a hand dealt at random from the
/// cards P3 cannot see would hold half of the time.
#[test]
fn bi_deal_4_a_determinized_offerer_keeps_a_card_to_name() {
    use worlds_bastards_inc::{Commission, Kind, Step, Target};
    let g = game(3);
    let mut t = blank(&g);
    let cards = &g.content().cards;
    let smear = card(&g, "smear-campaign#1");
    // P1 holds four Business Opportunities; three more and Smear Campaign #1 are in the deck; every
    // other card is in the discard pile.
    let bos: Vec<u8> =
        (0..cards.numbers.len() as u8).filter(|&k| cards.card(k).kind == Kind::Business).take(7).collect();
    for &k in &bos[..4] {
        give(&mut t, 0, k);
    }
    let keep = bos[4..].iter().fold(crate::common::bit(smear), |set, &k| set | crate::common::bit(k));
    t.discard = t.deck & !keep;
    t.deck = keep;
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "commission P2");
    assert_eq!(
        s.table().stack.top(),
        Some(&Step::Commission(Commission { from: p(0), to: p(1), kind: None, target: Target::None, amount: None }))
    );
    assert_eq!(legal(&g, &s, 0), ["offer smear-campaign"]);
    for seed in 0..64 {
        let d = g.determinize(&s, p(2), &mut worlds_engine::SeededRng::new(seed));
        assert_eq!(legal(&g, &d, 0), ["offer smear-campaign"], "seed {seed}");
        assert!(!d.table().seats[p(0)].hand.contains(smear));
        assert_eq!(g.load_state_value(g.save_state(&d)), Ok(d));
    }
}
