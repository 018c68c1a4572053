//! Who sits in a seat: a person (`human`) or a bot by its spec.

use serde_json::{Value, json};
use worlds_agents::AgentSpec;
use worlds_agents::mcts::Budget;

use crate::error::{Kind, ServerError};

/// Who sits in a seat.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Seat {
    Human,
    Bot(String, AgentSpec),
}

impl Seat {
    /// Reads `human` or a bot spec.
    ///
    /// # Errors
    /// A spec that does not parse.
    pub fn parse(text: &str) -> Result<Seat, ServerError> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("human") {
            return Ok(Seat::Human);
        }
        let spec: AgentSpec = text.parse().map_err(|e: worlds_agents::SpecError| {
            ServerError::new(Kind::Engine(worlds_engine::ErrorKind::BadAgent), format!("{e} (or `human`)"))
        })?;
        Ok(Seat::Bot(text.to_owned(), spec))
    }

    /// Reads `human` or a bot spec the server's policy allows (its time, iterations and threads).
    ///
    /// # Errors
    /// A spec that does not parse, or one that would spend more than the policy allows.
    pub fn parse_within(text: &str, policy: &crate::app::BotPolicy) -> Result<Seat, ServerError> {
        let seat = Seat::parse(text)?;
        if let Seat::Bot(name, AgentSpec::Mcts(c)) = &seat {
            let refuse = |what: String| {
                Err(ServerError::new(
                    Kind::Engine(worlds_engine::ErrorKind::BadAgent),
                    format!("bad agent `{name}`: {what} on this server"),
                ))
            };
            match c.budget {
                Budget::Time(t) if t > policy.max_time => {
                    return refuse(format!("a bot thinks at most {} ms a decision", policy.max_time.as_millis()));
                }
                Budget::Iterations(n) if n > policy.max_iterations => {
                    return refuse(format!("a bot searches at most {} iterations a decision", policy.max_iterations));
                }
                _ => {}
            }
            if c.threads > policy.max_threads {
                return refuse(format!("a bot searches on at most {} threads", policy.max_threads));
            }
        }
        Ok(seat)
    }

    pub fn name(&self) -> &str {
        match self {
            Seat::Human => "human",
            Seat::Bot(name, _) => name,
        }
    }

    /// The seat as stored: `{"kind": "human"}` or `{"kind": "bot", "spec": "…"}`.
    pub fn to_json(&self) -> Value {
        match self {
            Seat::Human => json!({"kind": "human"}),
            Seat::Bot(name, _) => json!({"kind": "bot", "spec": name}),
        }
    }

    pub(crate) fn from_json(v: &Value) -> Result<Seat, ServerError> {
        match (v.get("kind").and_then(Value::as_str), v.get("spec").and_then(Value::as_str)) {
            (Some("human"), _) => Ok(Seat::Human),
            (Some("bot"), Some(spec)) => Seat::parse(spec),
            _ => Err(ServerError::bad_request(format!("a stored seat is neither human nor bot: {v}"))),
        }
    }
}
