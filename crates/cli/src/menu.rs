//! The numbered menu of a decision's legal actions, made to fit the screen.
//!
//! Every action keeps its number for the whole decision (its place in the legal list), whatever is
//! on screen. A menu too long for the screen is grouped by the first words of the actions'
//! notation — `industry red …`, `industry blue …` — and each group gets a letter: typing the
//! letter shows the group; any number can be typed at any time.

use worlds_engine::Style;
use worlds_engine::paint::{bold, clip, dim};
use worlds_registry::LegalAction;

/// A group of a long menu: the actions whose notation starts with the same words.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Group {
    /// The letter typed to open it.
    pub key: String,
    /// The shared words, e.g. `industry red`.
    pub words: String,
    /// Places in the legal list (from 0).
    pub members: Vec<usize>,
}

/// What is on screen for a decision: all its actions, or one group of them.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Shown {
    pub text: String,
    /// The groups offered, empty when every action is listed.
    pub groups: Vec<Group>,
}

/// Draws the actions at places `members` (from 0 in `actions`), in at most `rows` lines of
/// `width` columns where it can: all of them when they fit, else their groups.
pub fn show(actions: &[LegalAction], members: &[usize], width: usize, rows: usize, style: Style) -> Shown {
    let flat = list(actions, members, width, style, false);
    if crate::terminal::wrap(&flat, width).lines().count() <= rows {
        return Shown { text: flat, groups: Vec::new() };
    }
    let lines = |drawn: &str| crate::terminal::wrap(drawn, width).lines().count();
    let grouped = group(actions, members, width, rows, style);
    if let Some((groups, text)) = grouped.as_ref().filter(|(_, text)| lines(text) <= rows) {
        return Shown { text: text.clone(), groups: groups.clone() };
    }
    // No grouping by words fits (e.g. a few cards with long texts): one line per action if that
    // fits, else the actions in runs of neighbours, a letter each.
    let one_line = list(actions, members, width, style, true);
    if lines(&one_line) <= rows {
        return Shown { text: one_line, groups: Vec::new() };
    }
    let runs = runs(members, rows);
    if runs.len() > 1 {
        let text = draw_groups(actions, &runs, width, style, false);
        if lines(&text) <= rows {
            return Shown { text, groups: runs };
        }
    }
    match grouped {
        Some((groups, text)) => Shown { text, groups },
        None => Shown { text: one_line, groups: Vec::new() },
    }
}

/// The actions at places `members` cut into runs of neighbours, as few and as even as fit `rows`
/// lines (one a run, and one to say how to open them), at most 26; each named by its first action.
fn runs(members: &[usize], rows: usize) -> Vec<Group> {
    let count = rows.saturating_sub(1).clamp(2, 26);
    let size = members.len().div_ceil(count).max(2);
    (b'a'..=b'z')
        .zip(members.chunks(size))
        .map(|(letter, run)| Group { key: char::from(letter).to_string(), words: String::new(), members: run.to_vec() })
        .collect()
}

/// Whether every action's notation is a number (connect-four's columns): the menu then shows
/// those numbers alone, and a number typed is the action's notation, never a place in the menu.
pub fn numbers_are_notation(actions: &[LegalAction]) -> bool {
    !actions.is_empty() && actions.iter().all(|a| !a.text.is_empty() && a.text.bytes().all(|b| b.is_ascii_digit()))
}

/// How the action at place `k` is listed: its number in the menu and its notation, or its
/// notation alone when that is a number.
fn label(actions: &[LegalAction], k: usize) -> String {
    let text = actions.get(k).map_or("", |a| a.text.as_str());
    if numbers_are_notation(actions) { format!("{text:>3}") } else { format!("{:>3}  {text}", k + 1) }
}

fn item(actions: &[LegalAction], k: usize, style: Style) -> String {
    match actions.get(k).and_then(|a| a.hint.as_ref()) {
        Some(h) => format!("{}  {}", label(actions, k), dim(h, style)),
        None => label(actions, k),
    }
}

/// The actions one per line, or in columns when they are short; `one_line` cuts each to the
/// width (with `…`) instead of letting the terminal helpers wrap it.
fn list(actions: &[LegalAction], members: &[usize], width: usize, style: Style, one_line: bool) -> String {
    let items: Vec<String> = members.iter().filter(|&&k| k < actions.len()).map(|&k| item(actions, k, style)).collect();
    if one_line {
        return items.iter().map(|i| clip(i, width) + "\n").collect();
    }
    columns(&items, width)
}

/// Items in as many columns (up to four) as fit the width, filled top to bottom; more than six
/// items, or any number when `tight`.
fn columns(items: &[String], width: usize) -> String {
    columns_if(items, width, false)
}

fn columns_if(items: &[String], width: usize, tight: bool) -> String {
    const GAP: usize = 3;
    let widest = items.iter().map(|s| textwrap::core::display_width(s)).max().unwrap_or(0) + GAP;
    // The last column needs no gap after it.
    let fit = ((width + GAP) / widest.max(1)).clamp(1, 4);
    let columns = if items.len() > 6 || tight { fit } else { 1 };
    let rows = items.len().div_ceil(columns);
    let mut out = String::new();
    for r in 0..rows {
        let mut line = String::new();
        for c in 0..columns {
            if let Some(item) = items.get(c * rows + r) {
                line.push_str(&worlds_engine::paint::pad(item, widest));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn first_words(text: &str, k: usize) -> Option<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    (words.len() > k).then(|| words[..k].join(" "))
}

/// The groups by the first `k` words of the notation (an action with `k` words or fewer stands
/// alone), lettered.
fn groups_by(actions: &[LegalAction], members: &[usize], k: usize) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    for &m in members {
        let Some(a) = actions.get(m) else { continue };
        let words = first_words(&a.text, k).unwrap_or_else(|| a.text.clone());
        match groups.iter_mut().find(|g| g.words == words) {
            Some(g) => g.members.push(m),
            None => groups.push(Group { key: String::new(), words, members: vec![m] }),
        }
    }
    for (letter, g) in (b'a'..=b'z').zip(groups.iter_mut().filter(|g| g.members.len() > 1)) {
        g.key = char::from(letter).to_string();
    }
    groups
}

/// The most telling grouping that fits `rows` lines: the largest `k` whose groups (at least two,
/// at most 26 with letters) are drawn in `rows` lines; else the same with the lone actions drawn
/// without their hints (so that they fit in columns); if none fits, the one drawn in fewest lines.
/// A group too long for the screen is grouped again when it is opened, hints and all.
fn group(
    actions: &[LegalAction],
    members: &[usize],
    width: usize,
    rows: usize,
    style: Style,
) -> Option<(Vec<Group>, String)> {
    let longest = members.iter().filter_map(|&k| actions.get(k)).map(|a| a.text.split_whitespace().count()).max()?;
    let lines = |drawn: &str| crate::terminal::wrap(drawn, width).lines().count();
    let mut best: Option<(Vec<Group>, String)> = None;
    for hints in [true, false] {
        let mut previous: Vec<Vec<usize>> = Vec::new();
        for k in 1..longest {
            let groups = groups_by(actions, members, k);
            let partition: Vec<Vec<usize>> = groups.iter().map(|g| g.members.clone()).collect();
            // More words that split nothing further (`move eu-south to …`) say nothing more.
            let same = partition == previous;
            previous = partition;
            if same || groups.len() < 2 || groups.iter().any(|g| g.members.len() > 1 && g.key.is_empty()) {
                continue;
            }
            let drawn = draw_groups(actions, &groups, width, style, hints);
            let fits = lines(&drawn) <= rows;
            let better = match &best {
                None => true,
                Some((_, b)) => fits || (lines(b) > rows && lines(&drawn) < lines(b) && hints),
            };
            if better {
                best = Some((groups, drawn));
            }
        }
        if best.as_ref().is_some_and(|(_, b)| lines(b) <= rows) {
            break;
        }
    }
    best
}

fn span(members: &[usize]) -> String {
    let (first, last) = (members[0], members[members.len() - 1]);
    if last - first + 1 == members.len() {
        format!("{}–{}", first + 1, last + 1)
    } else {
        format!("{} actions", members.len())
    }
}

fn draw_groups(actions: &[LegalAction], groups: &[Group], width: usize, style: Style, hints: bool) -> String {
    let items: Vec<String> = groups
        .iter()
        .map(|g| match g.members.as_slice() {
            [one] => {
                if *one >= actions.len() {
                    String::new()
                } else if hints {
                    item(actions, *one, style)
                } else {
                    label(actions, *one)
                }
            }
            // A run of neighbours is named by its first action.
            many if g.words.is_empty() => {
                let first = actions.get(many[0]).map_or("", |a| a.text.as_str());
                format!("  {}  {first} … {}", bold(&g.key, style), dim(&format!("({})", span(many)), style))
            }
            many => format!("  {}  {} … {}", bold(&g.key, style), g.words, dim(&format!("({})", span(many)), style)),
        })
        .collect();
    // Without hints the menu is short of room: columns whatever the number of items.
    let mut out = columns_if(&items, width, !hints);
    out.push_str(&dim("Type a letter to see that group, or any action's number.\n", style));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn actions(texts: &[String]) -> Vec<LegalAction> {
        texts
            .iter()
            .enumerate()
            .map(|(i, t)| LegalAction { text: t.clone(), index: i, hint: None, elements: Vec::new() })
            .collect()
    }

    fn industry_menu() -> Vec<LegalAction> {
        let mut texts = Vec::new();
        for colour in ["red", "yellow", "green", "blue"] {
            for area in ["cheeseport", "oceana", "doom-grove", "woobania", "pillow-peaks", "bambooton", "snugglebury"] {
                texts.push(format!("industry {colour} {area}"));
            }
        }
        texts.push("skip".into());
        actions(&texts)
    }

    #[test]
    fn a_long_menu_is_grouped_by_its_first_words_and_keeps_its_numbers() {
        let all = industry_menu();
        let members: Vec<usize> = (0..all.len()).collect();
        let shown = show(&all, &members, 80, 8, Style::default());
        assert_eq!(
            shown.text,
            "  a  industry red … (1–7)\n  b  industry yellow … (8–14)\n  c  industry green … (15–21)\n  \
             d  industry blue … (22–28)\n 29  skip\n\
             Type a letter to see that group, or any action's number.\n"
        );
        assert_eq!(shown.groups.iter().map(|g| g.key.as_str()).collect::<Vec<_>>(), ["a", "b", "c", "d", ""]);
        // Opening group c lists its actions under their own numbers.
        let c = &shown.groups[2];
        let opened = show(&all, &c.members, 80, 8, Style::default());
        assert!(opened.groups.is_empty());
        assert_eq!(
            opened.text,
            " 15  industry green cheeseport      19  industry green pillow-peaks\n \
             16  industry green oceana          20  industry green bambooton\n \
             17  industry green doom-grove      21  industry green snugglebury\n \
             18  industry green woobania\n"
        );
    }

    #[test]
    fn the_most_telling_grouping_that_fits_is_chosen() {
        // World War 5: twelve moves from four places and eight invasions at three places do not
        // fit four lines grouped by place, but do grouped by kind.
        let mut texts = Vec::new();
        for (from, to) in [("eu-south", 4), ("af-south", 2), ("as-north", 3), ("as-southeast", 3)] {
            for k in 0..to {
                texts.push(format!("move {from} to t{k}"));
            }
        }
        for (at, n) in [("sa-north", 3), ("au-southeast", 2), ("af-northwest", 3)] {
            for k in 0..n {
                texts.push(format!("invade {at} from f{k}"));
            }
        }
        let all = actions(&texts);
        let members: Vec<usize> = (0..all.len()).collect();
        let roomy = show(&all, &members, 80, 9, Style::default());
        assert_eq!(
            roomy.text,
            "  a  move eu-south … (1–4)             e  invade sa-north … (13–15)\n  \
             b  move af-south … (5–6)             f  invade au-southeast … (16–17)\n  \
             c  move as-north … (7–9)             g  invade af-northwest … (18–20)\n  \
             d  move as-southeast … (10–12)\n\
             Type a letter to see that group, or any action's number.\n"
        );
        let shown = show(&all, &members, 80, 4, Style::default());
        assert_eq!(
            shown.text,
            "  a  move … (1–12)\n  b  invade … (13–20)\nType a letter to see that group, or any action's number.\n"
        );
        // Opened, the moves are grouped again, by where they start.
        let opened = show(&all, &shown.groups[0].members, 80, 4, Style::default());
        assert_eq!(
            opened.groups.iter().map(|g| g.words.as_str()).collect::<Vec<_>>(),
            ["move eu-south", "move af-south", "move as-north", "move as-southeast"]
        );
    }

    #[test]
    fn lone_actions_drop_their_hints_when_only_that_makes_the_groups_fit() {
        // Bastards Inc.'s placements: twelve, each with a hint; two places open two ways.
        let texts = [
            "place lounge",
            "place corruptistan by corruption",
            "place tigers by corruption",
            "place tigers by crime",
            "place rogue-state by crime",
            "place meek by corruption",
            "place meek by crime",
            "place charity-scam",
            "place war-correspondents",
            "place talk-show",
            "place late-night-satire",
            "place stock-tips",
        ];
        let all: Vec<LegalAction> = texts
            .iter()
            .enumerate()
            .map(|(i, t)| LegalAction {
                text: (*t).into(),
                index: i,
                hint: Some("The Region by Attribute · Stuff 1/6, Income 12".into()),
                elements: Vec::new(),
            })
            .collect();
        let members: Vec<usize> = (0..all.len()).collect();
        let tight = show(&all, &members, 80, 6, Style::default());
        assert_eq!(
            tight.text,
            "  1  place lounge                         8  place charity-scam\n  \
             2  place corruptistan by corruption     9  place war-correspondents\n  \
             a  place tigers … (3–4)                10  place talk-show\n  \
             5  place rogue-state by crime          11  place late-night-satire\n  \
             b  place meek … (6–7)                  12  place stock-tips\n\
             Type a letter to see that group, or any action's number.\n"
        );
        // With room, the hints stay.
        let roomy = show(&all, &members, 80, 12, Style::default());
        assert!(roomy.text.contains("  1  place lounge  The Region by Attribute"), "{}", roomy.text);
        assert_eq!(roomy.groups, tight.groups);
        // An opened group shows its hints.
        let opened = show(&all, &tight.groups[2].members, 80, 6, Style::default());
        assert!(opened.text.contains("  3  place tigers by corruption  The Region by Attribute"), "{}", opened.text);
    }

    #[test]
    fn a_short_menu_is_listed_whole() {
        let all = actions(&["gain red".into(), "gain yellow".into()]);
        let shown = show(&all, &[0, 1], 80, 8, Style::default());
        assert_eq!(shown.text, "  1  gain red\n  2  gain yellow\n");
        assert!(shown.groups.is_empty());
    }

    #[test]
    fn a_menu_nothing_groups_is_cut_into_runs_when_even_one_line_each_is_too_long() {
        // Bastards Inc.'s commission: thirteen cards to name, every action `offer …`, four rows.
        let cards = [
            "lobbyists",
            "hired-muscle",
            "pr-agency",
            "smear-campaign",
            "police-raid",
            "tax-audit",
            "industrial-sabotage",
            "gunrunning",
            "false-flag",
            "peace-talks",
            "bunker",
            "overtime",
            "charity-gala",
        ];
        let all = actions(&cards.iter().map(|c| format!("offer {c}")).collect::<Vec<_>>());
        let members: Vec<usize> = (0..all.len()).collect();
        let shown = show(&all, &members, 80, 4, Style::default());
        assert_eq!(
            shown.text,
            "  a  offer lobbyists … (1–5)      c  offer bunker … (11–13)\n  \
             b  offer tax-audit … (6–10)\n\
             Type a letter to see that group, or any action's number.\n"
        );
        assert_eq!(shown.groups.iter().map(|g| g.members.len()).collect::<Vec<_>>(), [5, 5, 3]);
        // Opened in three rows, a run of five is cut again; in five it is listed whole.
        let opened = show(&all, &shown.groups[1].members, 80, 3, Style::default());
        assert_eq!(
            opened.text,
            "  a  offer tax-audit … (6–8)       b  offer false-flag … (9–10)\n\
             Type a letter to see that group, or any action's number.\n"
        );
        let roomy = show(&all, &shown.groups[1].members, 80, 5, Style::default());
        assert!(roomy.groups.is_empty(), "{}", roomy.text);
        assert!(roomy.text.contains("  7  offer industrial-sabotage"), "{}", roomy.text);
    }

    #[test]
    fn long_hints_are_cut_to_one_line_when_nothing_groups() {
        let long = "Choose an industry. Move the chosen industry to another area bordering it. Your home gains 1Y.";
        let all: Vec<LegalAction> = ["play trade-winds", "play lemonade-stand", "play midnight-bargain"]
            .iter()
            .enumerate()
            .map(|(i, t)| LegalAction { text: (*t).into(), index: i, hint: Some(long.into()), elements: Vec::new() })
            .collect();
        let shown = show(&all, &[0, 1, 2], 60, 4, Style::default());
        assert_eq!(
            shown.text,
            "  1  play trade-winds  Choose an industry. Move the chosen…\n  \
             2  play lemonade-stand  Choose an industry. Move the chos…\n  \
             3  play midnight-bargain  Choose an industry. Move the ch…\n"
        );
        assert!(shown.text.lines().all(|l| textwrap::core::display_width(l) <= 60));
    }
}
