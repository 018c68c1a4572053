//! The HTTP routes: matches, players, replays, health and metrics.

use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::Extensions;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get, post};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use worlds_engine::Config;

use crate::actor::Seat;
use crate::app::Shared;
use crate::error::{Kind, Result, ServerError};
use crate::protocol::{CreateMatch, Created, Invite};
use crate::store::MatchRow;
use crate::token;

/// The largest HTTP request body accepted.
pub(crate) const MAX_BODY: usize = 64 * 1024;

/// Every route of the server.
pub fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/", get(crate::web::page))
        .route("/play/{id}", get(crate::web::page))
        .route("/replay/{id}", get(crate::web::page))
        .route("/assets/{name}", get(crate::web::asset))
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics))
        .route("/api/games", get(games))
        .route("/api/players", post(create_player))
        .route("/api/players/me/matches", get(my_matches))
        .route("/api/matches", post(create_match))
        .route("/api/claim", post(claim))
        .route("/api/matches/{id}/replay", get(replay))
        .route("/api/matches/{id}/replay/{step}", get(replay_step))
        .route("/ws", any(crate::ws::upgrade))
        .layer(tower_http::limit::RequestBodyLimitLayer::new(MAX_BODY))
        // A request (its body included) is answered within this, however slowly it is sent.
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            shared.limits.request_timeout,
        ))
        .layer(axum::middleware::map_response(crate::error::json_errors))
        .layer(tower_http::trace::TraceLayer::new_for_http())
        .with_state(shared)
}

/// Reads a JSON body, naming the path of a bad field.
fn parse<T: DeserializeOwned>(body: &[u8]) -> Result<T> {
    ServerError::from_json(&mut serde_json::Deserializer::from_slice(body), "the request body")
}

/// The token of an `Authorization: Bearer TOKEN` header.
fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers.get(header::AUTHORIZATION)?.to_str().ok()?.strip_prefix("Bearer ").map(str::trim)
}

/// The address links point to: `http://HOST` from the request's Host header.
fn base_url(headers: &HeaderMap) -> String {
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("localhost");
    format!("http://{host}")
}

/// 200 while the database answers and takes writes; 503 while it does not answer, or refuses
/// writes (from a failed batch until a write, at the latest the next heartbeat, is stored).
async fn healthz(State(shared): State<Arc<Shared>>) -> Response {
    let unavailable = |status: &str| (StatusCode::SERVICE_UNAVAILABLE, axum::Json(json!({"status": status})));
    if let Err(e) = shared.store.ping().await {
        tracing::error!("health check: the database does not answer: {e}");
        return unavailable("database unavailable").into_response();
    }
    if let Some(e) = shared.store.health().failing() {
        tracing::warn!("health check: the database refuses writes: {e}");
        return unavailable("database refuses writes").into_response();
    }
    (StatusCode::OK, axum::Json(json!({"status": "ok"}))).into_response()
}

async fn metrics(State(shared): State<Arc<Shared>>) -> Response {
    ([(header::CONTENT_TYPE, "application/openmetrics-text; version=1.0.0; charset=utf-8")], shared.metrics.encode())
        .into_response()
}

async fn games() -> axum::Json<Value> {
    axum::Json(json!({"games": worlds_registry::games_json()}))
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct NewPlayer {
    name: String,
}

async fn create_player(State(shared): State<Arc<Shared>>, body: Bytes) -> Result<(StatusCode, axum::Json<Value>)> {
    let NewPlayer { name } = parse(&body)?;
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 40 || name.chars().any(|c| c.is_control() || invisible(c)) {
        return Err(ServerError::bad_request(
            "`name`: 1 to 40 printable characters (no control characters, no invisible or direction marks)",
        ));
    }
    let id = token::short_id();
    let secret = token::new_token();
    shared.store.create_player(&id, &token::hash(&secret), name).await?;
    Ok((StatusCode::CREATED, axum::Json(json!({"player": id, "name": name, "token": secret}))))
}

/// Characters that change how the text around them is shown while showing nothing themselves:
/// the bidirectional controls of Unicode's UAX #9 (U+202E would show a name backwards, and the
/// text after it), zero-width characters, and the byte-order mark. A name with one could pass
/// for another player's.
fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{061C}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2069}' | '\u{FEFF}' | '\u{00AD}'
    )
}

/// The player an optional `Authorization` header names.
async fn player_of(shared: &Shared, headers: &HeaderMap, required: bool) -> Result<Option<String>> {
    let Some(secret) = bearer(headers) else {
        return if required {
            Err(ServerError::new(Kind::Unauthorized, "send `Authorization: Bearer TOKEN` with your player token"))
        } else {
            Ok(None)
        };
    };
    if !token::well_formed(secret) {
        return Err(ServerError::new(Kind::Unauthorized, "the player token is not 32 hex digits"));
    }
    match shared.store.player(&token::hash(secret)).await? {
        Some((id, _)) => Ok(Some(id)),
        None => Err(ServerError::new(Kind::Unauthorized, "no player has this token")),
    }
}

async fn my_matches(State(shared): State<Arc<Shared>>, headers: HeaderMap) -> Result<axum::Json<Value>> {
    let player = player_of(&shared, &headers, true).await?.unwrap_or_default();
    let list = shared.store.player_matches(&player).await?;
    let (finished, open): (Vec<_>, Vec<_>) = list.into_iter().partition(|m| m.status == "finished");
    let show = |m: &crate::store::ListedMatch| {
        json!({
            "match": m.id,
            "game": m.game,
            "seat": m.seat,
            "status": m.status,
            "result": m.result.as_deref().and_then(|r| serde_json::from_str::<Value>(r).ok()),
            "updated_at_ms": m.updated_at,
        })
    };
    Ok(axum::Json(json!({
        "open": open.iter().map(show).collect::<Vec<_>>(),
        "finished": finished.iter().map(show).collect::<Vec<_>>(),
    })))
}

async fn create_match(
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
    extensions: Extensions,
    body: Bytes,
) -> Result<(StatusCode, axum::Json<Created>)> {
    let request: CreateMatch = parse(&body)?;
    let creator = player_of(&shared, &headers, false).await?;
    let info = worlds_registry::find(&request.game)?;
    // Every number is checked before anything is built from it.
    let players = request.players.unwrap_or(info.min_players);
    if !(info.min_players..=info.max_players).contains(&players) {
        let e = worlds_engine::ConfigError::PlayerCount {
            game: info.id,
            players,
            min: info.min_players,
            max: info.max_players,
        };
        return Err(ServerError::new(Kind::Engine(e.kind()), e.to_string()));
    }
    request.settings.check()?;
    let policy = &shared.limits.bots;
    let config =
        Config { players, variant: request.variant.clone(), options: request.options.clone(), ..Config::default() };
    let seats: Vec<Seat> = match &request.seats {
        Some(list) => list
            .iter()
            .enumerate()
            .map(|(i, s)| {
                Seat::parse_within(s, policy)
                    .map_err(|e| ServerError::new(e.kind, format!("`seats[{i}]`: {}", e.message)))
            })
            .collect::<Result<_>>()?,
        None => (0..players)
            .map(|i| if i == 0 { Seat::Human } else { Seat::Bot("random".into(), worlds_agents::AgentSpec::Random) })
            .collect(),
    };
    if seats.len() != players {
        return Err(ServerError::bad_request(format!(
            "`seats`: one entry per player: {} given for {players} players",
            seats.len()
        )));
    }
    if let Some(t) = &request.settings.takeover {
        let bot = Seat::parse_within(t, policy)
            .map_err(|e| ServerError::new(e.kind, format!("`settings.takeover`: {}", e.message)))?;
        if bot == Seat::Human {
            return Err(ServerError::bad_request("`settings.takeover`: a bot spec, not `human`"));
        }
    }
    let humans = seats.iter().filter(|s| **s == Seat::Human).count();
    if request.seed.is_some() && info.hidden_information && humans > 1 {
        return Err(ServerError::bad_request(format!(
            "`seed`: {} hides cards, and whoever knows the seed knows every deal: leave `seed` out when more than one seat is human",
            info.name
        )));
    }
    let seed = request.seed.unwrap_or_else(token::seed);
    // The game must open with this config (players, variant, options) before it is stored.
    worlds_registry::open(&request.game, &config, seed)?;
    // Counted only once the request is known to be good: a mistake costs no creation.
    shared.may_create(crate::listen::peer(&extensions).ip())?;
    let id = token::short_id();
    let base = base_url(&headers);
    let mut tokens = Vec::new();
    let mut invites = Vec::new();
    for (s, seat) in seats.iter().enumerate() {
        if *seat == Seat::Human {
            let secret = token::new_token();
            tokens.push((token::hash(&secret), Some(s)));
            invites.push(Invite { seat: Some(s), url: format!("{base}/play/{id}#{secret}"), token: secret });
        }
    }
    let watch = token::new_token();
    tokens.push((token::hash(&watch), None));
    let spectator = Invite { seat: None, url: format!("{base}/play/{id}#{watch}"), token: watch };
    let row = MatchRow {
        id: id.clone(),
        game: request.game.clone(),
        config: serde_json::to_string(&config).map_err(|e| ServerError::internal("config", &e))?,
        seed,
        seats: Value::Array(seats.iter().map(Seat::to_json).collect()).to_string(),
        settings: serde_json::to_string(&request.settings).map_err(|e| ServerError::internal("settings", &e))?,
        status: if invites.is_empty() { "playing".into() } else { "waiting".into() },
        result: None,
        created_by: creator,
        created_at: crate::store::now_ms(),
    };
    shared.store.create_match(&row, &tokens).await?;
    tracing::info!(match_id = %id, game = %request.game, "match created");
    // Held from now on (a match of bots only starts playing at once).
    shared.start_created(&row).await?;
    Ok((StatusCode::CREATED, axum::Json(Created { match_id: id, invites, spectator })))
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ClaimRequest {
    token: String,
}

/// Claims the seat of a link (for the player of the `Authorization` header, when given). Opening
/// the link's WebSocket claims it too.
async fn claim(State(shared): State<Arc<Shared>>, headers: HeaderMap, body: Bytes) -> Result<axum::Json<Value>> {
    let ClaimRequest { token: secret } = parse(&body)?;
    let player = player_of(&shared, &headers, false).await?;
    let (found, hash) = lookup(&shared, &secret).await?;
    if let Some(seat) = found.seat {
        shared.claim(&hash, player.as_deref(), &found.match_id, seat).await?;
    }
    Ok(axum::Json(json!({"match": found.match_id, "seat": found.seat})))
}

/// What a link's token opens.
pub async fn lookup(shared: &Shared, secret: &str) -> Result<(crate::store::TokenRow, String)> {
    if !token::well_formed(secret) {
        return Err(ServerError::new(
            Kind::Unauthorized,
            "a link's token is 32 hex digits (the part after # in the link)",
        ));
    }
    let hash = token::hash(secret);
    match shared.store.token(&hash).await? {
        Some(found) => Ok((found, hash)),
        None => Err(ServerError::new(Kind::Unauthorized, "this link opens no match")),
    }
}

/// A finished match's row, for a link of that match (the `Authorization` header's token).
async fn finished_match(shared: &Shared, id: &str, headers: &HeaderMap) -> Result<(crate::store::TokenRow, MatchRow)> {
    let secret = bearer(headers).ok_or_else(|| {
        ServerError::new(
            Kind::Unauthorized,
            "send `Authorization: Bearer TOKEN` with a seat's or the spectator link's token",
        )
    })?;
    let (found, _) = lookup(shared, secret).await?;
    if found.match_id != id {
        return Err(ServerError::new(Kind::Forbidden, "this link is for another match"));
    }
    let row = shared
        .store
        .match_row(id)
        .await?
        .ok_or_else(|| ServerError::new(Kind::NotFound, format!("there is no match `{id}`")))?;
    // The replay holds the seed, so every hidden card: never before the end.
    if row.status != "finished" {
        return Err(ServerError::new(Kind::Conflict, "the match is not finished: its replay is available at the end"));
    }
    Ok((found, row))
}

/// A finished match's record, read from the database.
async fn record_of(shared: &Shared, row: &MatchRow) -> Result<worlds_engine::Match> {
    let actions = shared.store.actions_since(&row.id, 0).await?;
    crate::actor::replay_record(row, &actions)
}

/// A finished match as a replay: the same JSON as `worlds play --save`, for `worlds replay`.
async fn replay(State(shared): State<Arc<Shared>>, Path(id): Path<String>, headers: HeaderMap) -> Result<Response> {
    let (_, row) = finished_match(&shared, &id, &headers).await?;
    let record = record_of(&shared, &row).await?;
    Ok((
        [(header::CONTENT_DISPOSITION, format!("attachment; filename=\"{}-{id}.json\"", row.game))],
        axum::Json(record),
    )
        .into_response())
}

/// One step of a finished match as the link's viewer saw it, for the browser's replay page: the
/// action (none at step 0), the events it caused, what was decided next, the scene and the table,
/// and `steps`,
/// the number of the last step.
async fn replay_step(
    State(shared): State<Arc<Shared>>,
    Path((id, step)): Path<(String, usize)>,
    headers: HeaderMap,
) -> Result<axum::Json<Value>> {
    let (found, row) = finished_match(&shared, &id, &headers).await?;
    let viewer = match found.seat {
        None => worlds_engine::Viewer::Spectator,
        Some(s) => worlds_engine::Viewer::Player(
            worlds_engine::Player::new(s).ok_or_else(|| ServerError::internal("a stored seat", &s))?,
        ),
    };
    let (frame, last) = shared.replays.frame(&id, record_of(&shared, &row), viewer.into(), step).await?;
    let Some(frame) = frame else {
        return Err(ServerError::new(Kind::NotFound, format!("step {step}: the match has steps 0 to {last}")));
    };
    Ok(axum::Json(json!({
        "match": id,
        "game": row.game,
        "seat": found.seat,
        "step": step,
        "steps": last,
        "player": frame.player.map(|p| p.index()),
        "action": frame.action,
        "events": frame.events.iter().map(|e| json!({"seq": e.seq, "text": e.text})).collect::<Vec<_>>(),
        "decision": frame.decision,
        "scene": frame.scene,
        "table": frame.table,
        "result": if step == last { row.result.as_deref().and_then(|r| serde_json::from_str::<Value>(r).ok()) } else { None },
    })))
}
