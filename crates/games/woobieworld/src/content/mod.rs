//! Everything fixed before the first move: the map with its drawing and the deck with its text
//! (content data, loaded once and shared) and the options.

use serde::Deserialize;
use worlds_engine::{Config, ConfigError, Player};

pub mod card;
pub mod drawing;
pub mod map;
pub mod text;

use crate::card::{BUILT_IN_CARDS, CARDS_FILE, Card, CardId, CardSet, parse_cards};
use crate::effect::Rule;
use crate::map::{MAP_FILE, Map, key};

/// Cards dealt to each player (WOOB-SETUP-1).
pub const HAND: u32 = 4;

/// The default turn cap (WOOB-RULING-4).
pub const DEFAULT_TURN_CAP: u32 = 1000;

/// Options of `Config::options`.
#[derive(Clone, PartialEq, Eq, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// WOOB-SETUP-2: the first player (0-based seat); random when absent.
    #[serde(default)]
    pub first: Option<usize>,
    /// WOOB-RULING-4: the game ends and is scored after this many turns (default 1000).
    #[serde(default)]
    pub turn_cap: Option<u32>,
}

/// The map, the deck and the options of one game.
#[derive(Debug, PartialEq, Eq)]
pub struct Content {
    pub map: Map,
    pub cards: Vec<Card>,
    /// Every card.
    pub all_cards: CardSet,
    /// The ENVIRONMENT cards.
    pub environments: CardSet,
    /// The Mount Saint Woobie cards.
    pub volcanoes: CardSet,
    /// The cycles variant (WOOB-CYCLE-1).
    pub cycles: bool,
    /// The first player, when the options fix it.
    pub first: Option<Player>,
    pub turn_cap: u32,
}

impl Content {
    /// The built-in content, or the replacements in `config.content`, and the options.
    ///
    /// # Errors
    /// A content file that does not load, an unknown file name, a bad option, or content too
    /// small for the players (too few land areas for their homes, too few cards to deal).
    pub fn load(config: &Config, cycles: bool) -> Result<Content, ConfigError> {
        let refuse =
            |file: &str, reason: String| Err(ConfigError::Content { file: file.to_owned(), line: None, reason });
        if let Some(unknown) = config.content.keys().find(|k| *k != MAP_FILE && *k != CARDS_FILE) {
            return refuse(unknown, format!("Woobieworld reads only {MAP_FILE} and {CARDS_FILE}"));
        }
        let options: Options = config.parse_options()?;
        let file = |name: &str, built_in| config.content.get(name).map_or(built_in, String::as_str);
        let map = Map::parse(file(MAP_FILE, map::BUILT_IN_MAP), MAP_FILE)?;
        let cards = parse_cards(file(CARDS_FILE, BUILT_IN_CARDS), CARDS_FILE)?;
        let players = config.players;
        let land = map.land().count_ones() as usize;
        if land < players {
            // WOOB-SETUP-2: every player's home is a land area of their own.
            return refuse(MAP_FILE, format!("the map has {land} land areas; {players} players need one home each"));
        }
        let actions = cards.iter().filter(|c| !c.is_environment()).count();
        if actions < players * HAND as usize {
            return refuse(
                CARDS_FILE,
                format!("{actions} action cards cannot deal {HAND} to each of {players} players"),
            );
        }
        let first = config.seat_option("first", options.first)?;
        let turn_cap = options.turn_cap.unwrap_or(DEFAULT_TURN_CAP);
        if turn_cap == 0 {
            return Err(ConfigError::Option { field: "turn_cap".into(), reason: "must be at least 1".into() });
        }
        // parse_cards keeps the deck within CardId::MAX.
        let ids = |f: fn(&Card) -> bool| cards.iter().enumerate().filter(|(_, k)| f(k)).map(|(i, _)| i as u8).collect();
        let (environments, volcanoes) = (ids(Card::is_environment), ids(Card::is_mount_saint_woobie));
        let all_cards = CardSet::first_n(cards.len());
        Ok(Content { map, cards, all_cards, environments, volcanoes, cycles, first, turn_cap })
    }

    /// A card of this deck.
    ///
    /// # Panics
    /// When `id` is not a card of this deck: every id in a state was checked against the deck,
    /// so this is a bug, never input (input goes through [`Content::get`]).
    pub fn card(&self, id: CardId) -> &Card {
        &self.cards[id.index()]
    }

    /// A card, if the deck has it.
    pub fn get(&self, id: CardId) -> Option<&Card> {
        self.cards.get(id.index())
    }

    /// Whether the deck has this card.
    pub fn has(&self, id: CardId) -> bool {
        id.index() < self.cards.len()
    }

    /// A card by name or number (forgiving case and spacing), for notation.
    pub fn find_card(&self, text: &str) -> Option<CardId> {
        let t = text.trim();
        if let Ok(n) = t.parse::<u16>() {
            return self.cards.iter().position(|c| c.number == n).and_then(CardId::from_index);
        }
        let k = key(t);
        self.cards.iter().position(|c| key(&c.name) == k && !c.is_mount_saint_woobie()).and_then(CardId::from_index)
    }

    /// How a card is named in notation: its name in lower case with dashes (a Mount Saint Woobie,
    /// one of four, by its number; an id the deck lacks as `card-N`).
    pub fn card_slug(&self, id: CardId) -> String {
        let Some(card) = self.get(id) else { return format!("card-{}", id.index()) };
        if card.is_mount_saint_woobie() {
            return card.number.to_string();
        }
        let mut slug = String::new();
        for word in card.name.split_whitespace() {
            if !slug.is_empty() {
                slug.push('-');
            }
            slug.extend(word.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase));
        }
        slug
    }

    pub fn rule(&self, id: CardId) -> Option<&Rule> {
        self.get(id)?.rule.as_ref()
    }
}
