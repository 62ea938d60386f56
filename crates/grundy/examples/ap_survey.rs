//! Surveys arithmetic periodicity over every code `d0.d1d2` (d0 ∈ {0, 4, 8, c}, two hexadecimal
//! digits after the point): how many look arithmetic-periodic over the first N values, how many
//! of those the binary-separation theorem proves, and a brute-force check of every proven one to
//! 4N. For confidence in the theorem and to see what it covers.
//!
//! Run: `cargo run --release -p grundy --example ap_survey -- [N]` (default 300)

use grundy::games::heap::{HeapGame, HeapRules};
use grundy::sequence::arithmetic::{prove, Attempt};
use grundy::sequence::dense::DenseEngine;
use grundy::sequence::period::arithmetic_candidate;

fn values_of(code: &str, n: usize) -> Vec<u32> {
    let game = HeapGame { name: code.into(), rules: HeapRules::Code(code.parse().unwrap()) };
    let mut engine = DenseEngine::new(&game);
    engine.extend_to(n);
    engine.into_values()
}

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(300);
    let (mut observed, mut proven, mut wrong) = (0, 0, 0);
    for zeroth in [0u8, 4, 8, 12] {
        for first in 0u8..16 {
            for second in 0u8..16 {
                let text = format!("{zeroth:x}.{first:x}{second:x}");
                let Ok(code) = text.parse() else { continue };
                let values = values_of(&text, n);
                let Some(c) = arithmetic_candidate(&values) else { continue };
                observed += 1;
                match prove(&code, &values, c.preperiod, c.period, c.saltus) {
                    Attempt::Proven(period) => {
                        proven += 1;
                        let far = values_of(&text, 4 * n);
                        let ok = (period.preperiod..far.len() - period.period)
                            .all(|m| far[m + period.period] == far[m] + period.saltus);
                        if !ok {
                            wrong += 1;
                        }
                        println!(
                            "{text:6} proven  e {:3} p {:3} s {:3} at {:4}{}",
                            period.preperiod,
                            period.period,
                            period.saltus,
                            period.proven_at,
                            if ok { "" } else { "  WRONG" }
                        );
                    }
                    other => println!(
                        "{text:6} observed e {:3} p {:3} s {:3}: {other:?}",
                        c.preperiod, c.period, c.saltus
                    ),
                }
            }
        }
    }
    println!("{observed} look arithmetic-periodic to {n}; {proven} proven; {wrong} proven wrongly");
}
