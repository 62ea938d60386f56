//! Who wins: the outcome classes every answer states (P, N and, in loopy games, D).

/// Who wins a position under best play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// The previous player wins: the player to move loses.
    P,
    /// The next player (the one to move) wins.
    N,
    /// Neither can force a win: play goes on for ever.
    D,
}

impl Outcome {
    /// The one-letter name used in answers: `"P"`, `"N"` or `"D"`.
    pub fn letter(self) -> &'static str {
        match self {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::D => "D",
        }
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.letter())
    }
}
