//! Pages whose sections are generated from a game's data (a player's page listing every card), so
//! the page and the game can never disagree.

use std::path::Path;

/// `page` with the section between `<!-- generated: TAG … -->` and the next `<!-- end -->`
/// replaced by `body`; `None` when the page has no such section.
pub fn fill_generated(page: &str, tag: &str, body: &str) -> Option<String> {
    let start = page.find(&format!("<!-- generated: {tag} "))?;
    let open_end = start + page[start..].find("-->")? + 3;
    let end = open_end + page[open_end..].find("<!-- end -->")?;
    Some(format!("{}\n{body}{}", &page[..open_end], &page[end..]))
}

/// Checks that the page at `path` holds `sections` (tag, body) as generated now; with the
/// environment variable `WORLDS_BLESS` set, writes them instead.
///
/// # Errors
/// A page that cannot be read or written, a missing section, or one out of date (the message says
/// to run `regenerate`).
pub fn check_generated_page(path: &Path, sections: &[(&str, String)], regenerate: &str) -> Result<(), String> {
    let page = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut expected = page.clone();
    for (tag, body) in sections {
        expected = fill_generated(&expected, tag, body)
            .ok_or_else(|| format!("{} has no `<!-- generated: {tag} -->` section", path.display()))?;
    }
    if std::env::var_os("WORLDS_BLESS").is_some() {
        return std::fs::write(path, &expected).map_err(|e| format!("{}: {e}", path.display()));
    }
    if page == expected {
        Ok(())
    } else {
        Err(format!("{} is out of date with the content: run {regenerate}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_generated_section_is_replaced_and_a_missing_one_named() {
        let page = "intro\n<!-- generated: cards -->\nold\n<!-- end -->\noutro\n";
        assert_eq!(
            fill_generated(page, "cards", "| new |\n").as_deref(),
            Some("intro\n<!-- generated: cards -->\n| new |\n<!-- end -->\noutro\n")
        );
        assert_eq!(fill_generated(page, "map", "x"), None);
    }
}
