//! The map and the deck of one game, loaded once and shared.

use worlds_engine::{Config, ConfigError};

use crate::card::{BUILT_IN_CARDS, CARDS_FILE, Card, CardId, parse_cards};
use crate::effect::Rule;
use crate::map::{MAP_FILE, Map, key};

/// The map and the deck.
#[derive(Debug, PartialEq, Eq)]
pub struct Content {
    pub map: Map,
    pub cards: Vec<Card>,
    /// Every card.
    pub all_cards: u128,
    /// The ENVIRONMENT cards.
    pub environments: u128,
    /// The Mount Saint Woobie cards.
    pub volcanoes: u128,
}

impl Content {
    /// The built-in content, or the replacements in `config.content`.
    ///
    /// # Errors
    /// A content file that does not load, or an unknown file name.
    pub fn load(config: &Config) -> Result<Content, ConfigError> {
        if let Some(unknown) = config.content.keys().find(|k| *k != MAP_FILE && *k != CARDS_FILE) {
            return Err(ConfigError::Content {
                file: unknown.clone(),
                line: None,
                reason: format!("Woobieworld reads only {MAP_FILE} and {CARDS_FILE}"),
            });
        }
        let map = match config.content.get(MAP_FILE) {
            Some(text) => Map::parse(text, MAP_FILE)?,
            None => Map::parse(crate::map::BUILT_IN_MAP, MAP_FILE)?,
        };
        let cards = parse_cards(config.content.get(CARDS_FILE).map_or(BUILT_IN_CARDS, String::as_str), CARDS_FILE)?;
        let mut content = Content { map, cards, all_cards: 0, environments: 0, volcanoes: 0 };
        for (i, card) in content.cards.iter().enumerate() {
            let bit = CardId::from_index(i).bit();
            content.all_cards |= bit;
            if card.is_environment() {
                content.environments |= bit;
            }
            if card.is_mount_saint_woobie() {
                content.volcanoes |= bit;
            }
        }
        Ok(content)
    }

    pub fn card(&self, id: CardId) -> &Card {
        &self.cards[id.index().min(self.cards.len() - 1)]
    }

    pub fn cards(&self) -> impl Iterator<Item = CardId> + Clone {
        (0..self.cards.len()).map(CardId::from_index)
    }

    /// A card by name or number (forgiving case and spacing), for notation.
    pub fn find_card(&self, text: &str) -> Option<CardId> {
        let t = text.trim();
        if let Ok(n) = t.parse::<u16>() {
            return self.cards.iter().position(|c| c.number == n).map(CardId::from_index);
        }
        let k = key(t);
        self.cards.iter().position(|c| key(&c.name) == k && !c.is_mount_saint_woobie()).map(CardId::from_index)
    }

    /// How a card is named in notation: its name in lower case with dashes.
    pub fn card_slug(&self, id: CardId) -> String {
        let card = self.card(id);
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
        self.card(id).rule.as_ref()
    }
}
