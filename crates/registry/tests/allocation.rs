//! The hot path allocates nothing: random playouts of every registered game (legal-action
//! generation, checked-free application, game start) make no heap allocation once the action
//! buffer has grown.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use worlds_engine::{Config, Game, NoEvents, SeededRng, random_playout};
use worlds_registry::GameVisitor;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

/// Counts allocations made by the current thread, then defers to the system allocator.
struct Counting;

// SAFETY: every method forwards its arguments unchanged to `System`, which upholds the
// `GlobalAlloc` contract; the only addition is incrementing a thread-local `Cell<u64>` whose
// const initializer and `Cell` access never allocate (so there is no re-entrancy).
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: forwarded unchanged; the caller upholds `alloc`'s contract.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this `layout` (we never allocate elsewhere).
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: forwarded unchanged; `ptr` came from `System` with `layout`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

struct Playouts;

impl GameVisitor for Playouts {
    type Output = (u64, usize);
    fn visit<G: Game>(self, game: G) -> (u64, usize) {
        let mut rng = SeededRng::new(9);
        let mut buf = Vec::with_capacity(1024);
        // Warm up: let the buffer reach its largest size.
        for _ in 0..200 {
            let mut s = game.start(&mut rng, &mut NoEvents);
            random_playout(&game, &mut s, &mut rng, &mut buf, usize::MAX);
        }
        let before = allocations();
        let mut actions = 0;
        for _ in 0..500 {
            let mut s = game.start(&mut rng, &mut NoEvents);
            actions += random_playout(&game, &mut s, &mut rng, &mut buf, usize::MAX);
        }
        (allocations() - before, actions)
    }
}

#[test]
fn random_playouts_allocate_nothing_per_action() {
    // The counter sees allocations (so zero below means zero).
    let before = allocations();
    std::hint::black_box(vec![0u8; 64]);
    assert_eq!(allocations() - before, 1);

    for info in worlds_registry::games() {
        for players in info.min_players..=info.max_players {
            let (allocated, actions) =
                worlds_registry::with_game(info.id, &Config::players(players), Playouts).expect("registered");
            assert!(actions > 1000, "{} {players}p played only {actions} actions", info.id);
            assert_eq!(
                allocated, 0,
                "{} with {players} players allocated {allocated} times in {actions} actions",
                info.id
            );
        }
    }
}
