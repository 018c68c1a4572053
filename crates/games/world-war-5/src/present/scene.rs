//! What a browser draws: the board from `[drawing]` in `board.toml` (territories coloured by
//! continent, the sea lanes between continents) and the pyramids. Each player's home, stash and
//! whether they are out are the table's panels, and a pass is a button on the table. Everything in
//! World War 5 is public, so every viewer's scene is the same.

use worlds_engine::scene::{Element, Kind, Scene, Shape, Token};

use crate::action::Action;
use crate::board::Board;
use crate::territory::{Continent, Territory};
use crate::view::Observation;

pub(crate) fn scene(board: &Board, obs: &Observation) -> Scene {
    let drawing = board.drawing();
    let mut elements = Vec::new();
    for (a, b) in board.crossings() {
        let (from, to) = (drawing.labels[a.index()], drawing.labels[b.index()]);
        elements.push(Element::new(format!("lane-{a}-{b}"), Kind::Link { from, to }).title(format!("{a} – {b}")));
    }
    for square in &obs.board {
        let t = square.territory;
        let shape = Shape::Polygon { points: drawing.shapes[t.index()].clone() };
        let holder = match square.piece {
            Some(p) => format!("{}'s {} pyramid", p.player, p.size),
            None => "empty".into(),
        };
        let mut region = Element::new(t.to_string(), Kind::Region { shape })
            .label(t.to_string())
            .title(format!("{} ({t}): {holder}", board.territory_name(t)))
            .colour(board.colour(t.continent()).name())
            .marked(obs.retreat_options.contains(&t));
        if let Some(p) = square.piece {
            region = region.owner(p.player.index());
        }
        elements.push(region);
    }
    for c in Continent::ALL {
        let at = drawing.continent_labels[c.index()];
        elements.push(
            Element::new(format!("continent-{c}"), Kind::Text { at, size: 18.0 })
                .label(board.continent_name(c))
                .colour(board.colour(c).name()),
        );
    }
    for square in &obs.board {
        let Some(piece) = square.piece else { continue };
        let t = square.territory;
        let token = Token::Pyramid { size: piece.size.pips() };
        elements.push(
            Element::new(format!("piece-{t}"), Kind::Piece { at: drawing.labels[t.index()], token })
                .title(format!("{}'s {} pyramid on {t}", piece.player, piece.size))
                .owner(piece.player.index()),
        );
    }
    Scene { width: drawing.width, height: drawing.height, elements }
}

/// The elements of an action, in the order a player clicks them: a move's and an invasion's
/// piece first, then where it goes; a home is its continent's three territories.
pub(crate) fn action_elements(action: Action) -> Vec<String> {
    let id = |t: Territory| t.to_string();
    match action {
        Action::Home(c) => c.territories().into_iter().map(id).collect(),
        Action::Place(t) | Action::Grow(t) | Action::Build(t) | Action::Retreat(t) => vec![id(t)],
        Action::Move { from, to } => vec![id(from), id(to)],
        Action::Invade { target, from } => vec![id(from), id(target)],
        Action::Pass => vec!["pass".into()],
    }
}
