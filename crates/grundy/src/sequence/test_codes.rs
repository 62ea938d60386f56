//! Random octal and hexadecimal codes for property tests.

use crate::rules::heap::OctalCode;
use proptest::prelude::*;

/// A code `d0.d1…dk` with `d0 ∈ {0, 4, 8, c}` and 1 to `max_digits` hexadecimal digits after
/// the point, that allows at least one move.
pub fn hex_code(max_digits: usize) -> impl Strategy<Value = String> {
    (
        prop_oneof![Just(0u8), Just(4), Just(8), Just(12)],
        prop::collection::vec(0u8..16, 1..=max_digits),
    )
        .prop_filter_map("allows a move", |(zeroth, digits)| {
            let text = format!(
                "{zeroth:x}.{}",
                digits.iter().map(|d| format!("{d:x}")).collect::<String>()
            );
            text.parse::<OctalCode>().ok().map(|_| text)
        })
}
