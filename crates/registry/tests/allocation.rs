//! The hot path allocates nothing: random playouts of every registered game (legal-action
//! generation, checked-free application, game start) make no heap allocation once the action
//! buffer has grown.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use worlds_engine::{Config, NoEvents, Present, SeededRng, random_playout};
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
    fn visit<G: Present>(self, game: G) -> (u64, usize) {
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

/// Steps a batch of 32 games with random legal actions, games ending and starting again among
/// them: on one worker thread (so the counter, which counts per thread, sees every allocation
/// of the step). Returns the allocations and the games finished while counting.
struct BatchSteps;

impl GameVisitor for BatchSteps {
    type Output = (u64, u64);
    fn visit<G: Present>(self, game: G) -> (u64, u64) {
        use worlds_registry::{Batch, DynBatch, StepRows};
        let n = 32;
        let a = game.num_distinct_actions();
        let mut batch = Batch::new(game, n, 5).expect("games");
        let mut rows = StepRows::of(&batch);
        let mut actions = vec![0i64; n];
        let mut rng = SeededRng::new(3);
        let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a thread");
        pool.install(|| {
            batch.reset(5, rows.buffers()).expect("buffers");
            for (i, row) in rows.masks.chunks(a).enumerate() {
                actions[i] = row.iter().position(|&m| m == 1).map_or(0, |c| c as i64);
            }
            let mut step = |batch: &mut Batch<G>| {
                batch.step(&actions, rows.buffers()).expect("legal actions");
                // The next actions: a random legal code per row.
                for (i, row) in rows.masks.chunks(a).enumerate() {
                    let legal = row.iter().filter(|&&m| m == 1).count() as u32;
                    let k = rng.below(legal) as usize;
                    actions[i] = row.iter().enumerate().filter(|(_, m)| **m == 1).nth(k).map_or(0, |(c, _)| c as i64);
                }
            };
            // Warm up until some game has ended and started again, then count over steps in
            // which more do.
            for _ in 0..300 {
                step(&mut batch);
            }
            while batch.finished() == 0 {
                step(&mut batch);
            }
            let (before, finished) = (allocations(), batch.finished());
            for _ in 0..600 {
                step(&mut batch);
            }
            (allocations() - before, batch.finished() - finished)
        })
    }
}

#[test]
fn batches_step_without_allocating() {
    for info in worlds_registry::games() {
        let (allocated, finished) =
            worlds_registry::with_game(info.id, &Config::players(info.min_players), BatchSteps).expect("registered");
        assert!(finished > 0, "{}: no game ended (and started again) in the 600 steps counted", info.id);
        assert_eq!(allocated, 0, "{}: 600 steps of 32 games allocated {allocated} times", info.id);
    }
}
