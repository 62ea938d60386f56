//! A quotient written as the literature writes it: generators `a, b, c, …` (the heaps, in
//! increasing size, whose element is not a product of earlier generators), each element by its
//! normal form — the least word in the order "fewer letters first, then more of the earlier
//! generators" — and the relations `<a,b,c | a2=1,b3=b,bc=ab,c2=b2>`: one for each minimal word
//! that is not a normal form.

use super::MisereQuotient;
use std::collections::{HashMap, HashSet};

/// Generators, normal forms and relations of a quotient.
#[derive(Debug, Clone, Default)]
pub struct Presentation {
    /// The generators: (name, heap, element).
    pub generators: Vec<(String, u64, u32)>,
    /// Each element's normal form as a word.
    pub words: Vec<String>,
    /// The elements in the order of their normal forms.
    pub order: Vec<u32>,
    /// The relations, `lhs=rhs`.
    pub relations: Vec<String>,
}

/// The Greek small letters, for generators past `z` (final sigma left out).
const GREEK: &str = "αβγδεζηθικλμνξοπρστυφχψω";

/// Generator `i`'s name: `a` to `z`, then `α` to `ω`, then `⟨51⟩`, `⟨52⟩`, …: every name one
/// symbol, so that a word reads one way (`ag2` is a·g², never a generator `g2`).
fn generator_name(i: usize) -> String {
    if i < 26 {
        char::from(b'a' + i as u8).to_string()
    } else if let Some(letter) = GREEK.chars().nth(i - 26) {
        letter.to_string()
    } else {
        format!("⟨{}⟩", i + 1)
    }
}

fn write_word(exponents: &[u32], names: &[String]) -> String {
    let mut word = String::new();
    for (e, name) in exponents.iter().zip(names) {
        match e {
            0 => {}
            1 => word.push_str(name),
            _ => {
                word.push_str(name);
                word.push_str(&e.to_string());
            }
        }
    }
    if word.is_empty() {
        "1".into()
    } else {
        word
    }
}

/// "Fewer letters first, then more of the earlier generators": `true` when a comes first.
fn before(a: &[u32], b: &[u32]) -> bool {
    let (da, db): (u32, u32) = (a.iter().sum(), b.iter().sum());
    da < db || (da == db && a > b)
}

impl Presentation {
    /// The presentation of the quotient with this multiplication table and pretending
    /// function.
    pub(crate) fn of(product: &[u32], order: usize, pretending: &[u32]) -> Presentation {
        let mul = |x: u32, y: u32| product[x as usize * order + y as usize];
        // Generators: heaps whose element is outside the submonoid of the earlier ones.
        let mut generated: HashSet<u32> = HashSet::from([0]);
        let mut generators = Vec::new();
        for (heap, &x) in pretending.iter().enumerate() {
            if generated.contains(&x) {
                continue;
            }
            generators.push((generator_name(generators.len()), heap as u64, x));
            let mut frontier: Vec<u32> = generated.iter().copied().collect();
            while let Some(y) = frontier.pop() {
                for (_, _, g) in &generators {
                    let z = mul(y, *g);
                    if generated.insert(z) {
                        frontier.push(z);
                    }
                }
            }
        }
        let names: Vec<String> = generators.iter().map(|g| g.0.clone()).collect();
        let k = generators.len();
        // Normal forms, degree by degree: the normal forms are closed under division, so each
        // of degree d is one of degree d - 1 times a generator.
        let mut normal: Vec<Option<Vec<u32>>> = vec![None; order];
        normal[0] = Some(vec![0; k]);
        let mut level: Vec<u32> = vec![0];
        let mut order_list = vec![0u32];
        while !level.is_empty() {
            let mut best: HashMap<u32, Vec<u32>> = HashMap::new();
            for &x in &level {
                let base = normal[x as usize].clone().unwrap_or_default();
                for (i, (_, _, g)) in generators.iter().enumerate() {
                    let y = mul(x, *g);
                    if normal[y as usize].is_some() {
                        continue;
                    }
                    let mut word = base.clone();
                    word[i] += 1;
                    match best.get(&y) {
                        Some(current) if !before(&word, current) => {}
                        _ => {
                            best.insert(y, word);
                        }
                    }
                }
            }
            let mut next: Vec<(Vec<u32>, u32)> = best.into_iter().map(|(y, w)| (w, y)).collect();
            next.sort_by(|a, b| b.0.cmp(&a.0));
            level = next.iter().map(|(_, y)| *y).collect();
            for (word, y) in next {
                normal[y as usize] = Some(word);
                order_list.push(y);
            }
        }
        let words: Vec<String> = normal
            .iter()
            .map(|w| w.as_ref().map_or_else(|| "?".into(), |w| write_word(w, &names)))
            .collect();
        // Relations: words one letter past a normal form that are not normal forms themselves,
        // and all of whose one-letter-shorter divisors are.
        let normal_set: HashSet<Vec<u32>> = normal.iter().flatten().cloned().collect();
        let mut lhs: Vec<(Vec<u32>, u32)> = Vec::new();
        let mut seen: HashSet<Vec<u32>> = HashSet::new();
        for x in 0..order as u32 {
            let Some(base) = &normal[x as usize] else { continue };
            for (i, (_, _, g)) in generators.iter().enumerate() {
                let mut word = base.clone();
                word[i] += 1;
                if normal_set.contains(&word) || !seen.insert(word.clone()) {
                    continue;
                }
                let minimal = (0..k).filter(|&j| word[j] > 0).all(|j| {
                    let mut divisor = word.clone();
                    divisor[j] -= 1;
                    normal_set.contains(&divisor)
                });
                if minimal {
                    lhs.push((word, mul(x, *g)));
                }
            }
        }
        lhs.sort_by(|a, b| b.0.cmp(&a.0));
        let relations = lhs
            .iter()
            .map(|(word, y)| format!("{}={}", write_word(word, &names), words[*y as usize]))
            .collect();
        Presentation { generators, words, order: order_list, relations }
    }

    /// `<a,b,c | a2=1,b3=b,bc=ab,c2=b2>`.
    pub fn text(&self) -> String {
        let names: Vec<&str> = self.generators.iter().map(|g| g.0.as_str()).collect();
        if self.relations.is_empty() {
            format!("<{}>", names.join(","))
        } else {
            format!("<{} | {}>", names.join(","), self.relations.join(","))
        }
    }
}

/// Whether the quotient is isomorphic, with its P-portion, to a quotient of misère Nim: the
/// trivial one, `<a | a2=1>` (heaps of 1), or for k ≥ 2 the one of order 2^k + 2 whose
/// elements are (nim-sum, whether some heap has 2 or more), P-portion {(0, yes), (1, no)}.
///
/// Decided from the structure, in time about the order squared: that quotient is the identity,
/// an element a with a² = 1 in P, and the ideal `I = Q·z` of an idempotent z ≠ 1 in P, a group
/// of 2^k elements each its own inverse (elementary abelian: Z₂^k) with z its only element in
/// P, and a·z ≠ z. A quotient with these has an isomorphism onto misère Nim's: 1 and a to
/// themselves, and I onto Z₂^k by any group isomorphism sending a·z to 1 (the P-portions
/// agree, and a·x = (a·z)·x for x in I keeps products). Checked against the search for an
/// isomorphism generator by generator in the tests.
pub(crate) fn is_tame(q: &MisereQuotient) -> bool {
    let order = q.order();
    if order == 1 {
        return true;
    }
    if order == 2 {
        // <a | a2=1> with P = {a}.
        let a = 1;
        return q.multiply(a, a) == 0 && q.in_p_portion(a) && !q.in_p_portion(0);
    }
    if order < 6 || !(order - 2).is_power_of_two() || q.in_p_portion(0) {
        return false;
    }
    let n = order as u32;
    let mut in_ideal = vec![false; order];
    (1..n).filter(|&z| q.multiply(z, z) == z && q.in_p_portion(z)).any(|z| {
        in_ideal.fill(false);
        for x in 0..n {
            in_ideal[q.multiply(x, z) as usize] = true;
        }
        let outside: Vec<u32> = (0..n).filter(|&x| !in_ideal[x as usize]).collect();
        let &[identity, a] = &outside[..] else { return false };
        identity == 0
            && q.multiply(a, a) == 0
            && q.in_p_portion(a)
            && q.multiply(a, z) != z
            && (0..n).filter(|&x| in_ideal[x as usize]).all(|x| {
                q.multiply(x, z) == x && q.multiply(x, x) == z && (q.in_p_portion(x) == (x == z))
            })
    })
}

/// [`is_tame`] by searching for an isomorphism generator by generator (the reference): the
/// trivial one, `<a | a2=1>` (heaps of 1), or for k ≥ 2 the one of order 2^k + 2 whose
/// elements are (nim-sum, whether some heap has 2 or more), P-portion {(0, yes), (1, no)}.
#[cfg(test)]
pub(crate) fn is_tame_by_search(q: &MisereQuotient) -> bool {
    let order = q.order();
    if order == 1 {
        return true;
    }
    if order == 2 {
        // <a | a2=1> with P = {a}.
        let a = 1;
        return q.multiply(a, a) == 0 && q.in_p_portion(a) && !q.in_p_portion(0);
    }
    let k = (order - 2).trailing_zeros();
    if order < 6 || (order - 2) != 1 << k {
        return false;
    }
    // Nim's quotient: element (v, big) with v < 2^k; small elements only for v in {0, 1}.
    // Encode big as v, small (0) as 2^k, small (1) as 2^k + 1.
    let n = 1u32 << k;
    let nim_mul = |x: u32, y: u32| -> u32 {
        let (vx, bx) = if x >= n { (x - n, false) } else { (x, true) };
        let (vy, by) = if y >= n { (y - n, false) } else { (y, true) };
        let v = vx ^ vy;
        if bx || by {
            v
        } else {
            n + v
        }
    };
    let nim_p = |x: u32| x == 0 || x == n + 1;
    // Map the generators, then check the map is a bijective homomorphism preserving P.
    let gens: Vec<u32> = q.presentation.generators.iter().map(|g| g.2).collect();
    let mut images = vec![0u32; gens.len()];
    search_isomorphism(q, &gens, &mut images, 0, order as u32, &nim_mul, &nim_p)
}

#[cfg(test)]
fn search_isomorphism(
    q: &MisereQuotient,
    gens: &[u32],
    images: &mut Vec<u32>,
    at: usize,
    order: u32,
    nim_mul: &dyn Fn(u32, u32) -> u32,
    nim_p: &dyn Fn(u32) -> bool,
) -> bool {
    if at == gens.len() {
        return check_map(q, gens, images, order, nim_mul, nim_p);
    }
    for image in 0..order {
        if q.in_p_portion(gens[at]) != nim_p(image) {
            continue;
        }
        images[at] = image;
        // Cheap necessary conditions first: the image's powers, and its products with the
        // images already chosen, must fall in Nim's P-portion exactly where the generator's do
        // (this cuts the search from minutes to milliseconds on Nim's own quotient).
        let g = gens[at];
        let (mut power, mut image_power) = (g, image);
        let powers_agree = (0..3).all(|_| {
            power = q.multiply(power, g);
            image_power = nim_mul(image_power, image);
            q.in_p_portion(power) == nim_p(image_power)
        });
        let products_agree = (0..at)
            .all(|j| q.in_p_portion(q.multiply(g, gens[j])) == nim_p(nim_mul(image, images[j])));
        if !powers_agree || !products_agree {
            continue;
        }
        if !well_defined(q, &gens[..=at], &images[..=at], order, nim_mul) {
            continue;
        }
        if search_isomorphism(q, gens, images, at + 1, order, nim_mul, nim_p) {
            return true;
        }
    }
    false
}

/// Whether the generators' images extend to a well-defined map on the submonoid they generate.
#[cfg(test)]
fn well_defined(
    q: &MisereQuotient,
    gens: &[u32],
    images: &[u32],
    order: u32,
    nim_mul: &dyn Fn(u32, u32) -> u32,
) -> bool {
    extend_map(q, gens, images, order, nim_mul).is_some()
}

/// The map from the submonoid the generators generate, sending each generator to its image and
/// the identity to Nim's identity; `None` where two words for one element get different images.
#[cfg(test)]
fn extend_map(
    q: &MisereQuotient,
    gens: &[u32],
    images: &[u32],
    order: u32,
    nim_mul: &dyn Fn(u32, u32) -> u32,
) -> Option<Vec<Option<u32>>> {
    let identity = order - 2;
    let mut map: Vec<Option<u32>> = vec![None; q.order()];
    map[0] = Some(identity);
    let mut frontier = vec![0u32];
    while let Some(x) = frontier.pop() {
        let fx = map[x as usize].unwrap_or(identity);
        for (g, &image) in gens.iter().zip(images) {
            let y = q.multiply(x, *g);
            let fy = nim_mul(fx, image);
            match map[y as usize] {
                Some(existing) if existing != fy => return None,
                Some(_) => {}
                None => {
                    map[y as usize] = Some(fy);
                    frontier.push(y);
                }
            }
        }
    }
    Some(map)
}

#[cfg(test)]
fn check_map(
    q: &MisereQuotient,
    gens: &[u32],
    images: &[u32],
    order: u32,
    nim_mul: &dyn Fn(u32, u32) -> u32,
    nim_p: &dyn Fn(u32) -> bool,
) -> bool {
    let Some(map) = extend_map(q, gens, images, order, nim_mul) else { return false };
    let mut hit = vec![false; order as usize];
    for (x, fx) in map.iter().enumerate() {
        let Some(fx) = *fx else { return false };
        if hit[fx as usize] || q.in_p_portion(x as u32) != nim_p(fx) {
            return false;
        }
        hit[fx as usize] = true;
    }
    true
}

#[cfg(test)]
mod naming_tests {
    use super::*;

    /// Names past `z` read one way: each is one symbol, so `aα2⟨51⟩` is a·α²·⟨51⟩ and no
    /// name is a letter followed by digits (which would read as a power).
    #[test]
    fn words_with_names_past_z_read_one_way() {
        let names: Vec<String> = (0..52).map(generator_name).collect();
        assert_eq!(names[25], "z");
        assert_eq!(names[26], "α");
        assert_eq!(names[49], "ω");
        assert_eq!(names[50], "⟨51⟩");
        let distinct: HashSet<&String> = names.iter().collect();
        assert_eq!(distinct.len(), names.len());
        for name in &names[..50] {
            assert_eq!(name.chars().count(), 1, "{name}");
        }
        let mut exponents = vec![0u32; 52];
        exponents[0] = 1;
        exponents[26] = 2;
        exponents[50] = 1;
        assert_eq!(write_word(&exponents, &names), "aα2⟨51⟩");
    }
}
