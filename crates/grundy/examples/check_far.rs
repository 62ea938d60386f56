//! Checks far-out values of Grundy's game in a saved state against the definition and the
//! sparse-space theorem alone (no window, no engine): for heap h, the common values among its
//! options come only from pairs with one rare part (every rare position is in the prefix), so
//! whether a common value is an option is decided exactly; rare values below it are looked for
//! among pairs with both parts kept.
//!
//! Run: `cargo run --release -p grundy --example check_far -- STATE FROM TO`
use grundy::sequence::store::LegState;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut file = std::io::BufReader::new(std::fs::File::open(&args[1]).expect("state"));
    let state = LegState::read_from(&mut file).expect("a state");
    let e = &state.engine;
    let (n, prefix, shift) = (e.n, e.prefix, e.shift);
    let base = prefix + shift;
    println!(
        "n {n} prefix {prefix} shift {shift} tail from {base} mask {:#x} rare {}",
        e.mask,
        e.rare.len()
    );
    let g = |i: u64| -> Option<u32> {
        if i < prefix {
            Some(e.values[i as usize] as u32)
        } else if i >= base && i < n {
            Some(e.values[(i - shift) as usize] as u32)
        } else {
            None
        }
    };
    let rare = |v: u32| (v & e.mask).count_ones().is_multiple_of(2);
    let from: u64 = args[2].parse().unwrap();
    let to: u64 = args[3].parse().unwrap();
    let (mut checked, mut bad, mut unknown) = (0u64, 0u64, 0u64);
    let mut largest = (0u32, 0u64);
    for h in from..=to {
        let Some(v) = g(h) else {
            unknown += 1;
            continue;
        };
        if v > largest.0 {
            largest = (v, h);
        }
        // The common values among the options: pairs (r, h − r) with r rare (r < h − r).
        let mut seen = vec![false; 1024];
        let mut ok = true;
        for &(r, gr) in &e.rare {
            if r == 0 || 2 * r >= h {
                continue;
            }
            match g(h - r) {
                Some(p) => seen[(p ^ gr as u32) as usize] = true,
                None => ok = false,
            }
        }
        // Rare values from pairs with both parts kept, until every rare value below v is seen.
        let need = |seen: &Vec<bool>| (0..v).filter(|&x| rare(x)).all(|x| seen[x as usize]);
        let last = (prefix - 1).min(h - base).min((h - 1) / 2);
        let mut a = 1;
        while a <= last && !need(&seen) {
            let end = (a + 4096).min(last + 1);
            for b in a..end {
                seen[(g(b).unwrap() ^ g(h - b).unwrap()) as usize] = true;
            }
            a = end;
        }
        let below_all = (0..v).all(|x| seen[x as usize]);
        // v must be common far out, and then absent from the pairs with a rare part is exact.
        let v_absent = !rare(v) && !seen[v as usize];
        checked += 1;
        if !(ok && below_all && v_absent) {
            bad += 1;
            if bad < 10 {
                println!("heap {h}: value {v}: rare pairs kept {ok}, all below present {below_all}, value absent {v_absent}");
            }
        }
    }
    println!("checked {checked} heaps {from}..={to}: {bad} not confirmed, {unknown} not kept; largest {} at {}", largest.0, largest.1);
}
