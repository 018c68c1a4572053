//! The JSON-lines engine protocol (docs/protocol.md), served by `worlds engine`: one request per
//! line, one response per line, for every line (a blank line or one that is not UTF-8 gets an
//! error answer): a bad line never ends the session. [`Engine`] answers lines in memory; the
//! binary only reads stdin and writes stdout.
//!
//! Events are filtered by viewer: a response carries only the events its viewer may see (the
//! acting player by default for `apply`, a spectator for `new` and `events`); `"viewer": "all"`
//! gives every event, for tools and tests.

use crate::{Audience, DynSession, RegistryError};
use serde::{Deserialize, Deserializer};
use serde_json::{Map, Value, json};
use worlds_agents::AgentSpec;
use worlds_engine::{
    ApplyError, Config, ErrorKind, Player, RuleError, ScriptedValue, Turn, Viewer, quote, shorten_quotes,
};

/// A protocol error: a machine-readable kind, a message for people and, for rule errors, the rule.
#[derive(Debug)]
struct Failure {
    kind: &'static str,
    message: String,
    rule: Option<&'static str>,
}

/// Request-level failures have kinds of their own (`parse`, `unknown_command`, `no_game`); every
/// library error is reported with its library kind, mapped here in one place.
fn fail(kind: &'static str, message: impl Into<String>) -> Failure {
    Failure { kind, message: message.into(), rule: None }
}

fn failure(kind: ErrorKind, message: impl Into<String>) -> Failure {
    fail(kind.as_str(), message)
}

impl From<RuleError> for Failure {
    fn from(e: RuleError) -> Failure {
        Failure { kind: e.kind().as_str(), message: e.message, rule: Some(e.rule) }
    }
}

impl From<ApplyError> for Failure {
    fn from(e: ApplyError) -> Failure {
        match e {
            ApplyError::Rule(r) => r.into(),
            other => failure(other.kind(), other.to_string()),
        }
    }
}

impl From<RegistryError> for Failure {
    fn from(e: RegistryError) -> Failure {
        failure(e.kind(), e.to_string())
    }
}

/// The longest error message a response carries, in characters (what it quotes of the request is
/// cut to 60 characters already; this bounds the rest).
const MESSAGE_LIMIT: usize = 1000;

const COMMANDS: &[&str] = &[
    "new", "load", "state", "turn", "legal", "apply", "events", "observe", "tensor", "outcome", "script", "bot",
    "record", "games", "quit",
];

/// Who a response's events are for: `"all"`, `"spectator"`, or a seat number.
#[derive(Clone, Copy, Debug)]
enum Who {
    All,
    Spectator,
    Seat(usize),
}

impl<'de> Deserialize<'de> for Who {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Who, D::Error> {
        match Value::deserialize(d)? {
            Value::String(s) if s == "all" => Ok(Who::All),
            Value::String(s) if s == "spectator" => Ok(Who::Spectator),
            Value::Number(n) if n.as_u64().is_some() => Ok(Who::Seat(n.as_u64().unwrap_or(0) as usize)),
            other => Err(serde::de::Error::custom(format!(
                "a viewer is a seat number, \"spectator\" or \"all\", not {}",
                quote(&other.to_string())
            ))),
        }
    }
}

#[derive(Deserialize)]
#[serde(tag = "cmd", rename_all = "snake_case", deny_unknown_fields)]
enum Request {
    New {
        game: String,
        players: Option<usize>,
        seed: Option<u64>,
        variant: Option<String>,
        #[serde(default)]
        options: Map<String, Value>,
        /// Random values the setup draws first (e.g. the roll-off, the opening deal).
        #[serde(default)]
        script: Vec<ScriptedValue>,
        viewer: Option<Who>,
    },
    Load {
        game: Option<String>,
        players: Option<usize>,
        variant: Option<String>,
        #[serde(default)]
        options: Map<String, Value>,
        seed: Option<u64>,
        state: Value,
    },
    State {},
    Turn {},
    Legal {
        player: usize,
    },
    Apply {
        player: usize,
        action: Option<String>,
        /// The action's integer code, instead of `action`.
        code: Option<usize>,
        viewer: Option<Who>,
    },
    Events {
        since: Option<usize>,
        viewer: Option<Who>,
    },
    Observe {
        player: Option<usize>,
    },
    Tensor {
        player: usize,
    },
    Outcome {},
    Script {
        values: Vec<ScriptedValue>,
    },
    Bot {
        player: usize,
        #[serde(default = "random")]
        agent: String,
        #[serde(default)]
        apply: bool,
        viewer: Option<Who>,
    },
    Record {},
    Games {},
    Quit {},
}

fn random() -> String {
    "random".into()
}

/// The protocol's state: the current session, if any.
#[derive(Default)]
pub struct Engine {
    session: Option<Box<dyn DynSession>>,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let game = self.session.as_ref().map(|s| s.info().id);
        f.debug_struct("Engine").field("game", &game).finish()
    }
}

fn turn_json(turn: Turn) -> Value {
    match turn {
        Turn::Decide(p) => json!({"kind": "decide", "players": [p.index()]}),
        Turn::Simultaneous(set) => {
            json!({"kind": "simultaneous", "players": set.iter().map(Player::index).collect::<Vec<_>>()})
        }
        Turn::Over => json!({"kind": "over", "players": []}),
    }
}

impl Engine {
    /// Answers one line of bytes (with or without its line ending).
    pub fn handle_bytes(&mut self, bytes: &[u8]) -> (Value, bool) {
        let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
        let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        match std::str::from_utf8(bytes) {
            Ok(line) => self.handle(line),
            Err(e) => {
                let at = e.valid_up_to();
                let byte = bytes.get(at).copied().unwrap_or(0);
                let f = failure(
                    ErrorKind::BadRequest,
                    format!("the request is not UTF-8 text (byte 0x{byte:02x} at column {}); nothing was done", at + 1),
                );
                (Engine::respond(Err(f), None), false)
            }
        }
    }

    /// Answers one request line. Returns the response and whether the session should end.
    pub fn handle(&mut self, line: &str) -> (Value, bool) {
        if line.trim().is_empty() {
            let f = failure(
                ErrorKind::BadRequest,
                "an empty line is not a request: a request is a JSON object with a `cmd`, e.g. {\"cmd\":\"turn\"}",
            );
            return (Engine::respond(Err(f), None), false);
        }
        let mut id = None;
        let result = self.dispatch(line, &mut id);
        let quit = matches!(&result, Ok(v) if v.get("bye").is_some());
        (Engine::respond(result, id), quit)
    }

    /// The response to a request: `ok` and the result, or the error. An error's message is never
    /// longer than [`MESSAGE_LIMIT`] characters, whatever it quotes.
    fn respond(result: Result<Value, Failure>, id: Option<Value>) -> Value {
        let mut response = match result {
            Ok(Value::Object(mut body)) => {
                body.remove("bye");
                let mut out = Map::new();
                out.insert("ok".into(), Value::Bool(true));
                out.extend(body);
                Value::Object(out)
            }
            Ok(other) => json!({"ok": true, "result": other}),
            Err(f) => {
                let message = match f.message.char_indices().nth(MESSAGE_LIMIT) {
                    Some((at, _)) => format!("{}…", &f.message[..at]),
                    None => f.message,
                };
                let mut error = json!({"kind": f.kind, "message": message});
                if let Some(rule) = f.rule {
                    error["rule"] = Value::String(rule.to_owned());
                }
                json!({"ok": false, "error": error})
            }
        };
        if let Some(id) = id {
            response["id"] = id;
        }
        response
    }

    fn dispatch(&mut self, line: &str, id: &mut Option<Value>) -> Result<Value, Failure> {
        // A key given twice is refused: which of the two was meant cannot be known.
        let mut value: Value = worlds_engine::json::parse_unique(line)
            .map_err(|e| fail("parse", format!("not JSON: {}", shorten_quotes(&e.to_string()))))?;
        let Some(object) = value.as_object_mut() else {
            return Err(failure(
                ErrorKind::BadRequest,
                "a request is a JSON object with a `cmd`, e.g. {\"cmd\":\"turn\"}",
            ));
        };
        *id = object.remove("id");
        let cmd = match object.get("cmd") {
            Some(Value::String(c)) => c.clone(),
            _ => {
                return Err(failure(
                    ErrorKind::BadRequest,
                    "every request needs a `cmd` string, e.g. {\"cmd\":\"turn\"}",
                ));
            }
        };
        if !COMMANDS.contains(&cmd.as_str()) {
            return Err(fail(
                "unknown_command",
                format!("unknown command `{}`; commands are: {}", quote(&cmd), COMMANDS.join(", ")),
            ));
        }
        let request: Request = serde_path_to_error::deserialize(value).map_err(|e| {
            let (path, message) = worlds_engine::json_path_error(e);
            let at = if path.is_empty() { String::new() } else { format!(" (at `{path}`)") };
            failure(ErrorKind::BadRequest, format!("`{cmd}`{at}: {message}"))
        })?;
        self.execute(request)
    }

    fn session(&mut self) -> Result<&mut Box<dyn DynSession>, Failure> {
        self.session
            .as_mut()
            .ok_or_else(|| fail("no_game", "no game yet: start one with {\"cmd\":\"new\",\"game\":\"world-war-5\"}"))
    }

    fn seat(&mut self, player: usize) -> Result<Player, Failure> {
        let n = self.session()?.config().players;
        if player >= n {
            return Err(failure(
                ErrorKind::BadRequest,
                format!("player {player} does not exist: seats are 0–{}", n - 1),
            ));
        }
        Ok(Player::from_index(player))
    }

    fn audience(&mut self, who: Option<Who>, default: Audience) -> Result<Audience, Failure> {
        let players = self.session()?.config().players;
        Self::audience_of(who, players, default)
    }

    /// The audience `who` names in a game of `players` seats.
    fn audience_of(who: Option<Who>, players: usize, default: Audience) -> Result<Audience, Failure> {
        Ok(match who {
            None => default,
            Some(Who::All) => Audience::All,
            Some(Who::Spectator) => Audience::Viewer(Viewer::Spectator),
            Some(Who::Seat(i)) => match Player::new(i).filter(|p| p.index() < players) {
                Some(p) => Audience::from(p),
                None => {
                    return Err(failure(
                        ErrorKind::BadRequest,
                        format!("player {i} does not exist: seats are 0–{}", players.saturating_sub(1)),
                    ));
                }
            },
        })
    }

    fn config(
        game: &str,
        players: Option<usize>,
        variant: Option<String>,
        options: Map<String, Value>,
    ) -> Result<Config, Failure> {
        let info = crate::find(game)?;
        Ok(Config { players: players.unwrap_or(info.min_players), variant, options, ..Config::default() })
    }

    fn execute(&mut self, request: Request) -> Result<Value, Failure> {
        let spectator = Audience::Viewer(Viewer::Spectator);
        match request {
            Request::New { game, players, seed, variant, options, script, viewer } => {
                let config = Self::config(&game, players, variant, options)?;
                let seed = seed.unwrap_or(0);
                let (session, _) = crate::open_scripted(&game, &config, seed, script)?;
                let players = session.config().players;
                // The viewer is checked against the new game before it replaces the old one: a
                // refused request changes nothing.
                let audience = Self::audience_of(viewer, players, spectator)?;
                let session = self.session.insert(session);
                let events = session.events_for(audience, 0);
                Ok(
                    json!({"game": game, "players": players, "seed": seed, "turn": turn_json(session.turn()), "events": events}),
                )
            }
            Request::Load { game, players, variant, options, seed, state } => {
                let current = self.session.as_ref().map(|s| (s.info().id.to_owned(), s.config().clone()));
                let (game, config) = match (game, current) {
                    (Some(game), _) => {
                        let config = Self::config(&game, players, variant, options)?;
                        (game, config)
                    }
                    (None, Some((game, config))) => (game, config),
                    (None, None) => return Err(fail("no_game", "`load` needs a `game`, or a game started before")),
                };
                let session = crate::load(&game, &config, state, seed.unwrap_or(0))?;
                let turn = turn_json(session.turn());
                self.session = Some(session);
                Ok(json!({"game": game, "turn": turn}))
            }
            Request::State {} => Ok(json!({"state": self.session()?.state()})),
            Request::Turn {} => {
                let session = self.session()?;
                Ok(json!({"turn": turn_json(session.turn()), "decision": session.decision()}))
            }
            Request::Legal { player } => {
                let p = self.seat(player)?;
                let session = self.session()?;
                let legal = session.legal(p);
                let actions: Vec<&str> = legal.iter().map(|a| a.text.as_str()).collect();
                let codes: Vec<usize> = legal.iter().map(|a| a.index).collect();
                Ok(json!({"player": player, "actions": actions, "codes": codes, "forced": session.forced(p)}))
            }
            Request::Apply { player, action, code, viewer } => {
                let p = self.seat(player)?;
                let audience = self.audience(viewer, Audience::from(p))?;
                let session = self.session()?;
                let from = match (action, code) {
                    (Some(text), None) => session.apply(p, &text)?,
                    (None, Some(code)) => session.apply_index(p, code)?,
                    _ => {
                        return Err(failure(
                            ErrorKind::BadRequest,
                            "`apply` takes an `action` in notation or a `code`, not both",
                        ));
                    }
                };
                Ok(json!({
                    "events": session.events_for(audience, from),
                    "turn": turn_json(session.turn()),
                    "outcome": session.outcome(),
                }))
            }
            Request::Events { since, viewer } => {
                let audience = self.audience(viewer, spectator)?;
                let session = self.session()?;
                Ok(json!({"events": session.events_for(audience, since.unwrap_or(0)), "next": session.event_count()}))
            }
            Request::Observe { player } => {
                let viewer = match player {
                    Some(i) => Viewer::Player(self.seat(i)?),
                    None => Viewer::Spectator,
                };
                Ok(json!({"viewer": viewer, "observation": self.session()?.observe(viewer)}))
            }
            Request::Tensor { player } => {
                let p = self.seat(player)?;
                Ok(json!({"player": player, "tensor": self.session()?.observation_tensor(p)}))
            }
            Request::Outcome {} => Ok(json!({"outcome": self.session()?.outcome()})),
            Request::Script { values } => {
                let session = self.session()?;
                session.script(values);
                Ok(json!({"pending": session.pending_script()}))
            }
            Request::Bot { player, agent, apply, viewer } => {
                let p = self.seat(player)?;
                let audience = self.audience(viewer, Audience::from(p))?;
                let spec: AgentSpec =
                    agent.parse().map_err(|e: worlds_agents::SpecError| failure(ErrorKind::BadAgent, e.to_string()))?;
                let session = self.session()?;
                let action = session.bot(p, spec).map_err(|e| failure(e.kind(), e.to_string()))?;
                if apply {
                    let from = session.apply(p, &action)?;
                    Ok(
                        json!({"action": action, "events": session.events_for(audience, from), "turn": turn_json(session.turn())}),
                    )
                } else {
                    Ok(json!({"action": action}))
                }
            }
            Request::Record {} => Ok(json!({"record": self.session()?.record()})),
            Request::Games {} => Ok(json!({"games": crate::games_json()})),
            Request::Quit {} => Ok(json!({"bye": true})),
        }
    }
}
