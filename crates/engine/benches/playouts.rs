//! Random-playout throughput of the reference games (legal-action generation included).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use worlds_engine::reference::{ConnectFour, TicTacToe};
use worlds_engine::{Config, Game, NoEvents, SeededRng, random_playout};

fn playouts<G: Game>(c: &mut Criterion, name: &str) {
    let game = G::new(&Config::players(2)).expect("valid config");
    let mut rng = SeededRng::new(1);
    let start = game.start(&mut rng, &mut NoEvents);
    // Measure the mean playout length once so throughput is reported in actions.
    let mut buf = Vec::new();
    let total: usize =
        (0..1000).map(|_| random_playout(&game, &mut start.clone(), &mut rng, &mut buf, usize::MAX)).sum();
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements((total / 1000) as u64));
    group.bench_function("random playout", |b| {
        b.iter(|| {
            let mut s = start.clone();
            random_playout(&game, &mut s, &mut rng, &mut buf, usize::MAX)
        })
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    playouts::<ConnectFour>(c, "connect-four");
    playouts::<TicTacToe>(c, "tic-tac-toe");
}

criterion_group!(engine, benches);
criterion_main!(engine);
