//! The crate follows the file roles of `docs/adding-a-game.md`: its modules import each other in
//! one direction only, and no file is longer than about 600 lines.

#[test]
fn modules_import_each_other_in_one_direction_and_files_stay_short() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    if let Err(problems) = worlds_engine::conformance::check_layout(&src, 600) {
        panic!("{problems}");
    }
}
