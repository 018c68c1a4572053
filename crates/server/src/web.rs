//! The browser client: plain ES modules and CSS from `crates/server/web/`, embedded in the
//! binary (nothing is fetched from anywhere else at run time), and the one page that loads them
//! for every address a person opens: the lobby (`/`), a match (`/play/{id}#TOKEN`) and a replay
//! (`/replay/{id}#TOKEN`).

use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};

use crate::error::{Kind, ServerError};

/// The page every browser address opens; `app.js` reads the address and draws the right page.
const PAGE: &str = include_str!("../web/index.html");

/// Every file of the client: its name under `/assets/`, and its text.
const ASSETS: &[(&str, &str)] = &[
    ("style.css", include_str!("../web/style.css")),
    ("app.js", include_str!("../web/app.js")),
    ("connection.js", include_str!("../web/connection.js")),
    ("scene.js", include_str!("../web/scene.js")),
    ("table.js", include_str!("../web/table.js")),
    ("picker.js", include_str!("../web/picker.js")),
    ("log.js", include_str!("../web/log.js")),
    ("lobby.js", include_str!("../web/lobby.js")),
    ("match.js", include_str!("../web/match.js")),
    ("replay.js", include_str!("../web/replay.js")),
    ("util.js", include_str!("../web/util.js")),
];

/// The client's page, for every address a person opens (the match id of `/play/{id}` and
/// `/replay/{id}` is read by `app.js`).
pub(crate) async fn page() -> Response {
    ([(header::CACHE_CONTROL, "no-cache")], Html(PAGE)).into_response()
}

/// One file of the client by name.
pub(crate) async fn asset(Path(name): Path<String>) -> Result<Response, ServerError> {
    let Some((_, text)) = ASSETS.iter().find(|(n, _)| *n == name) else {
        return Err(ServerError::new(Kind::NotFound, format!("there is no file `/assets/{name}`")));
    };
    let kind = if name.ends_with(".css") { "text/css; charset=utf-8" } else { "text/javascript; charset=utf-8" };
    Ok((StatusCode::OK, [(header::CONTENT_TYPE, kind), (header::CACHE_CONTROL, "no-cache")], *text).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every module a module imports is served (a missing one would break the page in the browser
    /// only).
    #[test]
    fn every_imported_module_is_served() {
        for (name, text) in ASSETS.iter().chain([&("index.html", PAGE)]) {
            for line in text.lines() {
                let Some(rest) = line.split(" from \"./").nth(1).or_else(|| line.split("src=\"/assets/").nth(1)) else {
                    continue;
                };
                let file = rest.split('"').next().unwrap_or_default();
                assert!(ASSETS.iter().any(|(n, _)| *n == file), "{name} imports `{file}`, which is not served");
            }
        }
    }
}
