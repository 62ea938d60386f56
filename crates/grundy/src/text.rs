//! Text for people filled to a width: paragraphs broken at spaces or between Chinese
//! characters, measured in terminal columns (a Chinese character takes two), and never broken
//! inside a formula (`13 ⊕ 10 = 7`), a short position (`8 13 15`), a set or list in braces or
//! brackets (`mex{0, 1, 3}`), or a command (`grundy pattern`). The lessons fill their
//! paragraphs with it, and explanations wrap their long lines with it.

/// Whether `c` takes two columns on a terminal and may stand at either end of a line without
/// a space beside it (Chinese characters and punctuation).
pub(crate) fn is_wide(c: char) -> bool {
    (c as u32) >= 0x2E80
}

/// Terminal columns of `text`: CJK characters take two.
pub fn columns(text: &str) -> usize {
    text.chars().map(|c| if is_wide(c) { 2 } else { 1 }).sum()
}

/// Punctuation that never begins a line, and punctuation that never ends one.
const NO_BREAK_BEFORE: &str = "，。：；、）」”！？·";
const NO_BREAK_AFTER: &str = "（「“";

/// Signs that keep their neighbours on their line (`13 ⊕ 10 = 7` is never broken), and the
/// dash, which keeps the word before it.
const FORMULA_SIGNS: &[&str] = &["⊕", "⊗", "·", "=", "−", "+", "<", ">", "≠", "≤", "→", "×"];
const DASH: &str = "—";

/// The most numbers in a row kept on one line (a position such as `8 13 15`).
const MAX_POSITION_WORDS: usize = 4;

/// `text` as one paragraph filled to `width` columns: lines break at spaces, or between two
/// Chinese characters (never before closing or after opening punctuation, never inside a
/// formula). A line break in the message is a space, except beside a Chinese character.
pub fn reflow(text: &str, width: usize) -> String {
    // Units that a line may break between, each with whether a space precedes it.
    let mut units: Vec<(String, bool)> = Vec::new();
    let (mut pending_space, mut pending_newline, mut in_word) = (false, false, false);
    let mut previous: Option<char> = None;
    for c in text.trim().chars() {
        if c.is_whitespace() {
            pending_space = true;
            pending_newline |= c == '\n';
            in_word = false;
            continue;
        }
        // Chinese text has no spaces between its characters, but keeps one beside Latin
        // letters and digits.
        let is_cjk_punctuation = |c: char| is_wide(c) && !c.is_alphanumeric();
        let between_wide = previous.is_some_and(is_wide) && is_wide(c);
        let beside_punctuation = previous.is_some_and(is_cjk_punctuation) || is_cjk_punctuation(c);
        let space = pending_space && !(pending_newline && (between_wide || beside_punctuation));
        let glued = match units.last() {
            None => false,
            Some((last, _)) => {
                let after_opening = last.chars().last().is_some_and(|l| NO_BREAK_AFTER.contains(l));
                !pending_space
                    && (in_word && !is_wide(c) || NO_BREAK_BEFORE.contains(c) || after_opening)
            }
        };
        match units.last_mut() {
            Some((last, _)) if glued => last.push(c),
            _ => units.push((c.to_string(), space)),
        }
        in_word = !is_wide(c);
        (pending_space, pending_newline, previous) = (false, false, Some(c));
    }
    // A formula sign joins the unit before it and the one after it; a dash, the one before; a
    // number, the numbers just before it, so that a short position (`3 4 5`) stays on one line
    // (long lists of values still wrap).
    let is_number = |word: &str| {
        let digits = word.trim_end_matches(|c: char| !c.is_ascii_digit());
        !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
    };
    let mut joined: Vec<(String, bool)> = Vec::new();
    let mut join_next = false;
    for (unit, space) in units {
        let sign = FORMULA_SIGNS.contains(&unit.as_str());
        let short_position = |last: &str| {
            let words: Vec<&str> = last.split(' ').collect();
            let trailing = words.iter().rev().take_while(|w| is_number(w)).count();
            space && is_number(&unit) && trailing == words.len() && trailing < MAX_POSITION_WORDS
        };
        // A set or list still open (`mex{0,` or `[2`) takes the next unit, and so does a
        // command name (`grundy pattern`).
        let open = |last: &str| {
            let depth = |open: char, close: char| {
                last.chars().filter(|&c| c == open).count()
                    > last.chars().filter(|&c| c == close).count()
            };
            depth('{', '}') || depth('[', ']')
        };
        let command = |last: &str| {
            last.ends_with("grundy") && unit.chars().all(|c| c.is_ascii_lowercase() || c == '-')
        };
        match joined.last_mut() {
            Some((last, _))
                if join_next
                    || sign
                    || unit == DASH
                    || short_position(last)
                    || open(last)
                    || command(last) =>
            {
                if space {
                    last.push(' ');
                }
                last.push_str(&unit);
            }
            _ => joined.push((unit, space)),
        }
        join_next = sign;
    }
    // A unit wider than a line (a relation list `a2=1,b3=b,…` has no spaces) breaks after its
    // commas instead.
    let joined = joined.into_iter().flat_map(|(unit, space)| {
        if columns(&unit) <= width || !unit.contains(',') {
            return vec![(unit, space)];
        }
        let mut pieces: Vec<(String, bool)> = Vec::new();
        for piece in unit.split_inclusive(',') {
            pieces.push((piece.to_string(), pieces.is_empty() && space));
        }
        pieces
    });
    let mut out = String::new();
    let mut line_columns = 0;
    for (unit, space_before) in joined {
        let unit_columns = columns(&unit);
        let separator = usize::from(space_before && line_columns > 0);
        if line_columns > 0 && line_columns + separator + unit_columns > width {
            out.push('\n');
            line_columns = 0;
        } else if separator == 1 {
            out.push(' ');
            line_columns += 1;
        }
        out.push_str(&unit);
        line_columns += unit_columns;
    }
    out
}

/// The width explanations are wrapped to, in terminal columns (as the lessons are filled).
pub const WIDTH: usize = 88;

/// `text` with every line wider than `width` columns filled to it (tables and short lines are
/// kept as they are); a wrapped line's continuations keep its indentation.
pub fn wrap_long_lines(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 32);
    for (idx, line) in text.split('\n').enumerate() {
        if idx > 0 {
            out.push('\n');
        }
        if columns(line) <= width {
            out.push_str(line);
            continue;
        }
        let body = line.trim_start();
        let indent = &line[..line.len() - body.len()];
        let filled = reflow(body, width.saturating_sub(columns(indent)).max(20));
        for (n, piece) in filled.split('\n').enumerate() {
            if n > 0 {
                out.push('\n');
            }
            out.push_str(indent);
            out.push_str(piece);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_commands_and_formulas_stay_on_one_line() {
        let text = "the options have values mex{0, 1, 2, 3, 5} and the command grundy pattern \
                    kayles finds 13 ⊕ 10 = 7 in the list [1, 2, 4, 7]";
        for width in 20..60 {
            let filled = reflow(text, width);
            for piece in ["mex{0, 1, 2, 3, 5}", "grundy pattern", "13 ⊕ 10 = 7", "[1, 2, 4, 7]"] {
                assert!(filled.contains(piece), "{piece:?} broken at width {width}:\n{filled}");
            }
        }
        // Chinese: measured by display width, broken between characters.
        let chinese =
            "这是一段很长的中文说明，用来检查按显示宽度换行是否正确，每个汉字占两列。".repeat(3);
        let filled = reflow(&chinese, 30);
        assert!(filled.lines().all(|line| columns(line) <= 30), "{filled}");
        // A list with no spaces wider than the line breaks after its commas.
        let relations =
            "relations: <a,b | a2=1,b3=b,b2c=acf,b2g=g,bc2=b,bd=bc,be=bc,bf=ab,c3=c,c2f=ab2>";
        let filled = reflow(relations, 30);
        assert!(filled.lines().all(|line| columns(line) <= 30), "{filled}");
        let letters = |text: &str| text.split_whitespace().collect::<String>();
        assert_eq!(letters(&filled), letters(relations));
        assert!(filled.lines().all(|line| columns(line) <= 30), "{filled}");
    }
}

#[cfg(test)]
mod doc_examples {
    //! The examples of this module's functions, run as tests (the module is private).

    #[test]
    fn example_1() -> crate::Result<()> {
        let long = format!("  {}", "word ".repeat(30));
        let wrapped = crate::text::wrap_long_lines(&format!("short\n{long}"), 40);
        assert!(wrapped.lines().all(|line| crate::text::columns(line) <= 40));
        assert!(wrapped.lines().skip(1).all(|line| line.starts_with("  word")));
        Ok(())
    }
}
