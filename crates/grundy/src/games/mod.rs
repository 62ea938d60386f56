//! The catalogue: one room per family, one registry that lists them, and the two traits every
//! game answers through.
//!
//! - [`Game`] is what front ends hold (`Arc<dyn Game>`): a loaded game that solves positions
//!   written as text, explains its answers, and says which families of positions it has (one
//!   heap for `seq`, pairs for `table`).
//! - [`Rules`] is what a family writes: its ruleset, how one component is written and read, and
//!   whatever it knows better than the generic answer path (closed forms). Every `Rules` is a
//!   `Game` through [`crate::games::generic`], so a family with no theory at all gets values,
//!   cycles (Smith's ∞), misère play and winning moves for nothing.
//! - [`Family`] recognises a GAME string and loads the game; [`Registry::builtin`] lists every
//!   built-in family once, and the GAME parser, the unknown-game message and the help text all
//!   come from that list. A family not known at compile time (a script, a Python callable)
//!   registers through the same trait ([`Registry::with`]).
//!
//! A new family is one file here and one line in [`BUILTIN_FAMILIES`].

pub mod coins;
pub mod fibonacci;
pub mod generic;
pub mod georgia_bob;
pub mod graph;
pub mod heap;
pub mod listed;
pub mod moore;
pub mod nim;
pub mod northcott;
mod period;
#[cfg(feature = "script")]
pub mod script;
pub mod staircase;
pub mod wythoff;

use crate::analysis::{Analysis, Convention, MoveReport, RankedMove};
use crate::codec::Codec;
use crate::error::{Error, Result};
use crate::explore::{EncodedOptions, EncodedRules};
use crate::i18n::Lang;
use crate::limits::Limits;
use crate::ruleset::Ruleset;
use crate::solve::loopy::LoopyValue;
use crate::table::{PairTable, Verification};
use num_bigint::BigUint;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

/// A loaded game, as every front end sees it.
///
/// ```
/// use grundy::analysis::Convention;
/// let game = grundy::game("kayles")?;
/// let answer = game.solve(&["5", "7"], Convention::Normal, &grundy::Limits::default())?;
/// assert_eq!(answer.value.unwrap().to_string(), "6");
/// # Ok::<(), grundy::Error>(())
/// ```
pub trait Game: Send + Sync + std::fmt::Debug {
    /// The canonical name, as answers print it (`0.77` is printed `kayles` when asked so).
    fn name(&self) -> String;

    /// Value, outcome and every winning move of the position made of `components`.
    fn solve(
        &self,
        components: &[&str],
        convention: Convention,
        limits: &Limits,
    ) -> Result<Analysis>;

    /// The learner's walk-through of an answer this game gave, in `lang`.
    fn explain(&self, analysis: &Analysis, lang: Lang, limits: &Limits) -> Result<String>;

    /// The game as a heap game, for `seq` and `period`; `None` when its components are not
    /// heaps.
    fn heap_game(&self) -> Option<heap::HeapGame> {
        None
    }

    /// The values of a one-parameter family that is not a heap game (a script's `heap(n)`),
    /// for n = 0..=up_to, pushed to `visit` in order; `None` when the game has no such family.
    fn family_values(
        &self,
        _up_to: u64,
        _limits: &Limits,
        _visit: &mut dyn FnMut(u64, &LoopyValue) -> Result<()>,
    ) -> Option<Result<()>> {
        None
    }

    /// The `size × size` table of pair values, for `table`; `None` when the game has no pairs.
    fn pair_table(&self, _size: usize, _limits: &Limits) -> Option<Result<PairTable>> {
        None
    }

    /// The table checked against the game's closed form; `None` when it has none.
    fn verify_table(&self, _table: &PairTable) -> Option<Verification> {
        None
    }

    /// The closed form of the pair table, with the theorem that proves it (`pattern --table`).
    fn table_formula(&self) -> Option<(&'static str, &'static str)> {
        None
    }

    /// Whether the whole list of components is one game (`moore:K`) rather than a sum.
    fn is_one_game(&self) -> bool {
        false
    }

    /// Whether a position's answer under `convention` (value, outcome, moves) comes from a
    /// formula in time about the position's size, never from a search: front ends that share
    /// computation slots keep one free for such answers, so that they never wait behind long
    /// ones.
    fn answers_at_once(&self, _convention: Convention) -> bool {
        false
    }

    /// The `--batch` answer line of `line` by a fast path, written into `out`; `false` (and
    /// nothing written) when the game has none for this line, which is then answered by
    /// [`Game::solve`] and [`Analysis::short_answer`]. Both give the same line.
    fn batch_line(
        &self,
        _line: &[u8],
        _convention: Convention,
        _scratch: &mut Vec<u64>,
        _out: &mut Vec<u8>,
    ) -> bool {
        false
    }
    /// Every legal move of the position (for play: checking a typed move), in component order
    /// then option order.
    fn legal_moves(&self, components: &[&str], limits: &Limits) -> Result<Vec<MoveReport>>;

    /// Every legal move with the outcome and remoteness of what it leaves, by searching the
    /// whole position (exact, within `limits`).
    fn ranked_moves(
        &self,
        components: &[&str],
        convention: Convention,
        limits: &Limits,
    ) -> Result<Vec<RankedMove>>;

    /// The position drawn for a person playing it, in `lang`: one line per component.
    fn draw(&self, components: &[&str], lang: Lang) -> Result<String>;

    /// The components as the game writes them (`007` is `7`), or the error naming a bad one.
    fn canonical(&self, components: &[&str]) -> Result<Vec<String>>;

    /// The tokens in play, where the game has tokens (the fallback of play past the search
    /// limits: leave the most tokens).
    fn tokens(&self, _components: &[&str]) -> Option<u128> {
        None
    }

    /// The rules over encoded positions, for `explore`; `None` for a game that is not a sum of
    /// components (`moore:K`).
    fn encoded_rules(self: Arc<Self>) -> Option<Arc<dyn EncodedRules>> {
        None
    }
}

/// What a family writes: its rules and notation, and what it knows better than the generic
/// answer path. Everything not overridden is answered by [`generic::by_rules`].
pub trait Rules:
    Ruleset<Position: Codec + Send + 'static> + Send + Sync + std::fmt::Debug + 'static
{
    /// The canonical name.
    fn name(&self) -> String;

    /// Reads one component; the error says what is wrong with the text (the caller adds which
    /// component it was).
    fn parse_component(&self, text: &str) -> Result<Self::Position>;

    /// Writes one component in the input syntax.
    fn show_component(&self, position: &Self::Position) -> String;

    /// The component an emptied one is written as in answers (a heap `0`, a pair `0,0`), so it
    /// keeps its place; `None` where a vanished component is written as nothing.
    fn empty_component(&self) -> Option<Self::Position> {
        None
    }

    /// Reads the whole position, one component per text.
    fn parse_position(&self, components: &[&str]) -> Result<Vec<Self::Position>> {
        components
            .iter()
            .enumerate()
            .map(|(idx, text)| {
                self.parse_component(text).map_err(|error| error.at_component(idx + 1, text))
            })
            .collect()
    }

    /// Every legal move with what it leaves, where the family searches its own way (a coin
    /// board, whose heads are not independent games under misère play); `None` for the
    /// generic search over the sum of the components.
    fn whole_moves(
        &self,
        _position: &[Self::Position],
        _convention: Convention,
        _limits: &Limits,
    ) -> Option<Result<Vec<RankedMove>>> {
        None
    }

    /// The whole position drawn for play, where the family draws it as one picture (a row of
    /// coins); `None` to draw each component on a line of its own.
    fn draw_position(&self, _position: &[Self::Position], _lang: Lang) -> Option<String> {
        None
    }

    /// The normal-play answer by a closed form, where the family has one for this position.
    fn normal_play(
        &self,
        _position: &[Self::Position],
        _limits: &Limits,
    ) -> Option<Result<Analysis>> {
        None
    }

    /// The misère-play answer by a closed form, where the family has one.
    fn misere_play(
        &self,
        _position: &[Self::Position],
        _limits: &Limits,
    ) -> Option<Result<Analysis>> {
        None
    }

    /// A walk-through in the family's own terms, in `lang`; `None` for the general one (the
    /// values of the parts and their XOR).
    fn explain(
        &self,
        _position: &[Self::Position],
        _analysis: &Analysis,
        _lang: Lang,
        _limits: &Limits,
    ) -> Option<String> {
        None
    }

    /// See [`Game::heap_game`].
    fn heap_game(&self) -> Option<heap::HeapGame> {
        None
    }

    /// See [`Game::family_values`].
    fn family_values(
        &self,
        _up_to: u64,
        _limits: &Limits,
        _visit: &mut dyn FnMut(u64, &LoopyValue) -> Result<()>,
    ) -> Option<Result<()>> {
        None
    }

    /// See [`Game::pair_table`].
    fn pair_table(&self, _size: usize, _limits: &Limits) -> Option<Result<PairTable>> {
        None
    }

    /// See [`Game::verify_table`].
    fn verify_table(&self, _table: &PairTable) -> Option<Verification> {
        None
    }

    /// See [`Game::table_formula`].
    fn table_formula(&self) -> Option<(&'static str, &'static str)> {
        None
    }

    /// See [`Game::is_one_game`].
    fn is_one_game(&self) -> bool {
        false
    }

    /// See [`Game::answers_at_once`].
    fn answers_at_once(&self, _convention: Convention) -> bool {
        false
    }

    /// See [`Game::batch_line`].
    fn batch_line(
        &self,
        _line: &[u8],
        _convention: Convention,
        _scratch: &mut Vec<u64>,
        _out: &mut Vec<u8>,
    ) -> bool {
        false
    }

    /// One component drawn for play, in `lang` (default: as written).
    fn draw_component(&self, position: &Self::Position, _lang: Lang) -> String {
        self.show_component(position)
    }

    /// The tokens in one component, where the game has tokens.
    fn component_tokens(&self, _position: &Self::Position) -> Option<u128> {
        None
    }
}

impl<R: Rules> Game for R {
    fn name(&self) -> String {
        Rules::name(self)
    }

    fn solve(
        &self,
        components: &[&str],
        convention: Convention,
        limits: &Limits,
    ) -> Result<Analysis> {
        let position = self.parse_position(components)?;
        let special = match convention {
            Convention::Normal => self.normal_play(&position, limits),
            Convention::Misere => self.misere_play(&position, limits),
        };
        match special {
            Some(answer) => answer,
            None => generic::by_rules(self, &position, convention, limits),
        }
    }

    fn explain(&self, analysis: &Analysis, lang: Lang, limits: &Limits) -> Result<String> {
        let texts = analysis.positions();
        let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
        let position = self.parse_position(&texts)?;
        Ok(Rules::explain(self, &position, analysis, lang, limits)
            .unwrap_or_else(|| crate::games::explain_sum(self, analysis, lang, limits, true)))
    }

    fn heap_game(&self) -> Option<heap::HeapGame> {
        Rules::heap_game(self)
    }

    fn family_values(
        &self,
        up_to: u64,
        limits: &Limits,
        visit: &mut dyn FnMut(u64, &LoopyValue) -> Result<()>,
    ) -> Option<Result<()>> {
        Rules::family_values(self, up_to, limits, visit)
    }

    fn pair_table(&self, size: usize, limits: &Limits) -> Option<Result<PairTable>> {
        Rules::pair_table(self, size, limits)
    }

    fn verify_table(&self, table: &PairTable) -> Option<Verification> {
        Rules::verify_table(self, table)
    }

    fn table_formula(&self) -> Option<(&'static str, &'static str)> {
        Rules::table_formula(self)
    }

    fn is_one_game(&self) -> bool {
        Rules::is_one_game(self)
    }

    fn answers_at_once(&self, convention: Convention) -> bool {
        Rules::answers_at_once(self, convention)
    }

    fn batch_line(
        &self,
        line: &[u8],
        convention: Convention,
        scratch: &mut Vec<u64>,
        out: &mut Vec<u8>,
    ) -> bool {
        Rules::batch_line(self, line, convention, scratch, out)
    }
    fn legal_moves(&self, components: &[&str], limits: &Limits) -> Result<Vec<MoveReport>> {
        let position = self.parse_position(components)?;
        let texts: Vec<String> = position.iter().map(|p| self.show_component(p)).collect();
        let format = |p: &R::Position| self.show_component(p);
        let writer =
            generic::Writer { format: &format, empty: self.empty_component().map(|p| format(&p)) };
        let mut moves = Vec::new();
        let mut budget = crate::analysis::MoveBudget::new(&texts);
        let mut options = crate::ruleset::Options::new();
        for (idx, component) in position.iter().enumerate() {
            crate::ruleset::options_within(self, component, &mut options, limits)?;
            for parts in options.iter() {
                budget.charge(limits)?;
                moves.push(MoveReport::new(&texts, idx, writer.parts(parts)));
            }
        }
        Ok(moves)
    }

    fn ranked_moves(
        &self,
        components: &[&str],
        convention: Convention,
        limits: &Limits,
    ) -> Result<Vec<RankedMove>> {
        let position = self.parse_position(components)?;
        if let Some(moves) = self.whole_moves(&position, convention, limits) {
            return moves;
        }
        generic::ranked_moves(self, &position, convention, limits)
    }

    fn draw(&self, components: &[&str], lang: Lang) -> Result<String> {
        let position = self.parse_position(components)?;
        if let Some(picture) = self.draw_position(&position, lang) {
            return Ok(picture);
        }
        let lines: Vec<String> = position
            .iter()
            .enumerate()
            .map(|(idx, p)| format!("  {}: {}", idx + 1, self.draw_component(p, lang)))
            .collect();
        Ok(lines.join("\n"))
    }

    fn canonical(&self, components: &[&str]) -> Result<Vec<String>> {
        let position = self.parse_position(components)?;
        Ok(position.iter().map(|p| self.show_component(p)).collect())
    }

    fn tokens(&self, components: &[&str]) -> Option<u128> {
        let position = self.parse_position(components).ok()?;
        position.iter().map(|p| self.component_tokens(p)).sum()
    }

    fn encoded_rules(self: Arc<Self>) -> Option<Arc<dyn EncodedRules>> {
        if Rules::is_one_game(&*self) {
            return None;
        }
        Some(self)
    }
}

impl<R: Rules> EncodedRules for R {
    fn name(&self) -> String {
        Rules::name(self)
    }

    fn encode_component(&self, text: &str) -> Result<Vec<u8>> {
        let position = self.parse_component(text)?;
        let mut bytes = Vec::new();
        position.encode(&mut bytes);
        Ok(bytes)
    }

    fn show(&self, position: &[u8]) -> String {
        match R::Position::decode(position) {
            Some(position) => self.show_component(&position),
            None => format!("<undecodable {position:?}>"),
        }
    }

    fn describe(&self, position: &[u8]) -> String {
        match R::Position::decode(position) {
            Some(position) => format!("{position:?}"),
            None => format!("<undecodable {position:?}>"),
        }
    }

    fn options(&self, position: &[u8], out: &mut EncodedOptions, limits: &Limits) -> Result<()> {
        out.clear();
        let position = R::Position::decode(position).ok_or_else(|| {
            Error::Unsupported(format!(
                "bytes {position:?} are not a position of {}",
                Rules::name(self)
            ))
        })?;
        let mut options = match out
            .scratch
            .take()
            .map(|scratch| scratch.downcast::<crate::ruleset::Options<R::Position>>())
        {
            Some(Ok(options)) => options,
            _ => Box::new(crate::ruleset::Options::new()),
        };
        let listed = crate::ruleset::options_within(self, &position, &mut options, limits);
        if listed.is_ok() {
            for parts in options.iter() {
                for part in parts {
                    part.encode(out.part_buffer());
                    out.end_part();
                }
                out.end_option();
            }
        }
        out.scratch = Some(options);
        listed
    }
}

/// The GAME string being parsed, for [`Family::load`].
#[derive(Clone, Copy)]
pub struct Spec<'a> {
    /// The string as given, trimmed.
    pub text: &'a str,
    /// The same, lowercase (spellings are case-insensitive).
    pub lower: &'a str,
    /// Where `graph:PATH` and `script:PATH` files are read from.
    pub files: &'a dyn FileSource,
    /// The limits the game will run within (a script takes its operation budget from them).
    pub limits: &'a Limits,
}

impl Spec<'_> {
    /// An error about this game's parameters.
    pub fn bad(&self, problem: impl Into<String>) -> Error {
        Error::BadGame { name: self.text.to_string(), problem: problem.into() }
    }

    /// The text after `prefix` (matched case-insensitively), with its original case.
    pub fn after_prefix(&self, prefix: &str) -> Option<&str> {
        self.lower.starts_with(prefix).then(|| &self.text[prefix.len()..])
    }
}

/// A family of games in the registry: how its GAME strings look, and how one is loaded.
pub trait Family: Send + Sync {
    /// How the GAME string is written, for help and for the unknown-game message: `sub:S`.
    fn syntax(&self) -> &'static str;

    /// What the family is, in a few words.
    fn about(&self) -> &'static str;

    /// How one component is written: `a heap size: 7`.
    fn component(&self) -> &'static str;

    /// The game `spec` names, if it is of this family (`None`: another family's).
    fn load(&self, spec: &Spec<'_>) -> Option<Result<Arc<dyn Game>>>;
}

/// The built-in families, in the order help lists them. The one list: the GAME parser, the
/// unknown-game message and the help text all come from it.
pub static BUILTIN_FAMILIES: &[&dyn Family] = &[
    &nim::NimFamily,
    &heap::SubtractionFamily,
    &heap::BoundedFamily,
    &heap::CodeFamily,
    &heap::NamedFamily { name: "kayles", code: "0.77", about: "Kayles (0.77)" },
    &heap::NamedFamily { name: "dawson", code: "0.07", about: "Dawson's Kayles (0.07)" },
    &heap::NamedFamily { name: "treblecross", code: "0.007", about: "Treblecross (0.007)" },
    &heap::NamedFamily { name: "lasker", code: "4.[3]", about: "Lasker's Nim (4.[3])" },
    &heap::GrundysGameFamily,
    &wythoff::WythoffFamily,
    &moore::MooreFamily,
    &staircase::StaircaseFamily,
    &georgia_bob::GeorgiaBobFamily,
    &fibonacci::FibonacciNimFamily,
    &northcott::NorthcottFamily,
    &coins::CoinFamily { rule: coins::CoinRule::TurningTurtles },
    &coins::CoinFamily { rule: coins::CoinRule::MockTurtles },
    &coins::CoinFamily { rule: coins::CoinRule::Ruler },
    &coins::CoinFamily { rule: coins::CoinRule::Twins },
    &coins::CornersFamily,
    &coins::TartanFamily,
    &coins::CoinSetFamily,
    &graph::GraphFamily,
    #[cfg(feature = "script")]
    &script::ScriptFamily,
];

/// A list of families to parse GAME strings with.
#[derive(Clone)]
pub struct Registry {
    families: Vec<Arc<dyn Family>>,
}

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.families.iter().map(|family| family.syntax())).finish()
    }
}

struct Builtin(&'static dyn Family);

impl Family for Builtin {
    fn syntax(&self) -> &'static str {
        self.0.syntax()
    }
    fn about(&self) -> &'static str {
        self.0.about()
    }
    fn component(&self) -> &'static str {
        self.0.component()
    }
    fn load(&self, spec: &Spec<'_>) -> Option<Result<Arc<dyn Game>>> {
        self.0.load(spec)
    }
}

impl Registry {
    /// The built-in families.
    pub fn builtin() -> &'static Registry {
        static REGISTRY: OnceLock<Registry> = OnceLock::new();
        REGISTRY.get_or_init(|| Registry {
            families: BUILTIN_FAMILIES
                .iter()
                .map(|&family| Arc::new(Builtin(family)) as Arc<dyn Family>)
                .collect(),
        })
    }

    /// This registry with one more family, tried after the others.
    pub fn with(mut self, family: Arc<dyn Family>) -> Registry {
        self.families.push(family);
        self
    }

    /// The families, in order.
    pub fn families(&self) -> impl Iterator<Item = &dyn Family> + '_ {
        self.families.iter().map(|family| &**family)
    }

    /// Parses a GAME string (case-insensitive), reading the files of `graph:PATH` and
    /// `script:PATH` through `files`.
    pub fn parse(&self, text: &str, files: &dyn FileSource) -> Result<Arc<dyn Game>> {
        self.parse_within(text, files, &Limits::default())
    }

    /// As [`Registry::parse`], for a game that will run within `limits`.
    pub fn parse_within(
        &self,
        text: &str,
        files: &dyn FileSource,
        limits: &Limits,
    ) -> Result<Arc<dyn Game>> {
        let trimmed = text.trim();
        let lower = trimmed.to_ascii_lowercase();
        let spec = Spec { text: trimmed, lower: &lower, files, limits };
        for family in &self.families {
            if let Some(loaded) = family.load(&spec) {
                return loaded;
            }
        }
        Err(Error::UnknownGame {
            name: text.to_string(),
            known: self.known(),
            suggestion: self.nearest_name(&lower),
        })
    }

    /// The family name nearest to `name` by edits (a letter changed, added, dropped or two
    /// swapped), when it is near enough to be a typo: one edit for names of up to four letters,
    /// two for longer ones.
    ///
    /// ```
    /// let registry = grundy::games::Registry::builtin();
    /// assert_eq!(registry.nearest_name("nmi").as_deref(), Some("nim"));
    /// assert_eq!(registry.nearest_name("kayels").as_deref(), Some("kayles"));
    /// assert_eq!(registry.nearest_name("chess"), None);
    /// ```
    pub fn nearest_name(&self, name: &str) -> Option<String> {
        let name = name.trim().to_ascii_lowercase();
        let (prefix, rest) = match name.split_once(':') {
            Some((prefix, rest)) => (prefix, Some(rest)),
            None => (name.as_str(), None),
        };
        let allowed = if prefix.chars().count() <= 4 { 1 } else { 2 };
        self.families()
            .flat_map(|family| family.syntax().split([',', ' ']))
            .filter_map(|word| {
                let word = word.trim();
                let base = word.split(':').next().unwrap_or(word);
                let is_name =
                    base.len() > 1 && base.chars().all(|c| c.is_ascii_lowercase() || c == '-');
                is_name.then_some((base, word.contains(':')))
            })
            .filter(|(base, _)| *base != prefix)
            .map(|(base, takes_parameter)| (edit_distance(prefix, base), base, takes_parameter))
            .filter(|(distance, _, _)| *distance <= allowed)
            .min_by_key(|(distance, _, _)| *distance)
            .map(|(_, base, takes_parameter)| match (rest, takes_parameter) {
                (Some(rest), true) => format!("{base}:{rest}"),
                _ => base.to_string(),
            })
    }

    /// The spellings of every family, for the unknown-game message.
    pub fn known(&self) -> String {
        self.families().map(Family::syntax).collect::<Vec<_>>().join(", ")
    }

    /// The catalogue as help text: one line per family.
    pub fn help(&self) -> String {
        let width = self.families().map(|f| f.syntax().chars().count()).max().unwrap_or(0);
        let mut out = String::from("Games (GAME; spellings are case-insensitive):\n");
        for family in self.families() {
            let pad = width - family.syntax().chars().count();
            out.push_str(&format!(
                "  {}{}  {}; a component is {}\n",
                family.syntax(),
                " ".repeat(pad),
                family.about(),
                family.component()
            ));
        }
        out
    }
}

/// Parses a GAME string with the built-in families, without a file system (so `graph:PATH`
/// is refused; front ends with files call [`Registry::parse`]).
///
/// ```
/// assert_eq!(grundy::game("Kayles")?.name(), "kayles");
/// let err = grundy::game("chess").unwrap_err().to_string();
/// assert!(err.starts_with("unknown game 'chess'") && err.contains("fibonacci-nim"));
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn game(text: &str) -> Result<Arc<dyn Game>> {
    Registry::builtin().parse(text, &NoFiles)
}

/// The game of a code: Nim's own family for `0.[3]` (its closed forms, big heaps and batch
/// path), a heap game otherwise. Here, above both families, so that neither imports the other.
fn code_game(code: heap::OctalCode) -> Arc<dyn Game> {
    if code == heap::OctalCode::nim() {
        Arc::new(nim::Nim)
    } else {
        heap::heap_family_game(heap::HeapGame::of_code(code))
    }
}

/// Optimal-string-alignment distance: substitutions, insertions, deletions and swaps of two
/// neighbouring letters each count one.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best =
                (rows[i - 1][j] + 1).min(rows[i][j - 1] + 1).min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()]
}

/// Solves the position made of `components` (in the game's syntax) under `convention`, within
/// the default [`Limits`].
///
/// ```
/// use grundy::{analysis::Convention, games::solve};
/// let game = grundy::game("nim")?;
/// let answer = solve(&*game, &["1", "1"], Convention::Misere)?;
/// assert_eq!(answer.outcome, grundy::Outcome::N);
/// assert_eq!(answer.winning_moves.len(), 2); // take either heap whole
/// let answer = solve(&*game, &["3", "3", "4"], Convention::Normal)?;
/// assert_eq!(answer.winning_moves[0].after, ["3", "3", "0"]); // an emptied heap keeps its place
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn solve<S: AsRef<str>>(
    game: &dyn Game,
    components: &[S],
    convention: Convention,
) -> Result<Analysis> {
    let texts: Vec<&str> = components.iter().map(AsRef::as_ref).collect();
    game.solve(&texts, convention, &Limits::default())
}

/// Computes the `size × size` table of a game with pair positions.
///
/// ```
/// let table = grundy::games::pair_table(&*grundy::game("nim")?, 4)?;
/// assert_eq!(table.rows[2], [2, 3, 0, 1]);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn pair_table(game: &dyn Game, size: usize) -> Result<PairTable> {
    let limits = Limits::default();
    crate::table::checked_size(size, &limits)?;
    game.pair_table(size, &limits).unwrap_or_else(|| {
        Err(Error::BadArgument {
            argument: "GAME".into(),
            problem: format!(
                "{} has no table of pairs: use nim, wythoff or a heap game",
                game.name()
            ),
        })
    })
}

/// Checks a table against the theory: for Nim every cell is `x XOR y`; for Wythoff the zeros are
/// exactly the pairs `(⌊kφ⌋, ⌊kφ⌋ + k)` and their mirror images.
pub fn verify_table(game: &dyn Game, table: &PairTable) -> Result<Verification> {
    game.verify_table(table).ok_or_else(|| Error::BadArgument {
        argument: "--verify".into(),
        problem: format!("there is no closed form to check {} against", game.name()),
    })
}

/// The walk-through of `analysis` in `lang` ([`Game::explain`]), its long lines wrapped to
/// [`crate::text::WIDTH`] terminal columns as the lessons are (never inside a formula).
pub fn explanation(
    game: &dyn Game,
    analysis: &Analysis,
    lang: Lang,
    limits: &Limits,
) -> Result<String> {
    let text = game.explain(analysis, lang, limits)?;
    Ok(crate::text::wrap_long_lines(&text, crate::text::WIDTH))
}

/// The general walk-through of an answer ([`crate::explain::sum_with_check`]), ending with the check that
/// the first winning move leaves what it should: the position after it is solved again, within
/// `limits`. `header`: whether to begin by saying what the position is.
pub fn explain_sum(
    game: &dyn Game,
    answer: &Analysis,
    lang: Lang,
    limits: &Limits,
    header: bool,
) -> String {
    let checked = answer.winning_moves.first().and_then(|first| {
        let after: Vec<&str> = first.after.iter().map(String::as_str).collect();
        game.solve(&after, answer.convention, limits).ok()
    });
    crate::explain::sum_with_check(answer, checked.as_ref(), lang, header)
}

/// Where games that live in files (`graph:PATH`) are read from. The library does no I/O: the
/// front end that has a file system passes one in.
pub trait FileSource {
    /// The whole text of the file at `path`, or why it cannot be read.
    fn read_to_string(&self, path: &str) -> Result<String>;

    /// Where a script's `print` and `debug` go (the command line: stderr); `None` drops them.
    fn printer(&self) -> Option<Printer> {
        None
    }
}

/// A sink for text a script prints.
pub type Printer = Arc<dyn Fn(&str) + Send + Sync>;

/// A [`FileSource`] that refuses every file, for contexts without a file system.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoFiles;

impl FileSource for NoFiles {
    fn read_to_string(&self, path: &str) -> Result<String> {
        Err(Error::Unreadable {
            path: path.to_string(),
            reason: "games from files are not available here".to_string(),
        })
    }
}

/// A heap size that fits a machine word.
pub fn parse_word(text: &str) -> Result<u64> {
    let heap = parse_heap(text)?;
    u64::try_from(&heap).map_err(|_| {
        Error::invalid(format!("too large: heaps of this game are limited to {}", u64::MAX))
    })
}

/// Reads a comma-separated list of whole numbers that fit machine words (a staircase, piece
/// cells), each called a `noun` in errors, naming the bad element.
///
/// ```
/// use grundy::games::parse_word_list;
/// assert_eq!(parse_word_list("0,3,1", "number of coins").unwrap(), [0, 3, 1]);
/// let err = parse_word_list("1,-2", "number of coins").unwrap_err();
/// assert_eq!(err.to_string(), "element 2 ('-2'): negative: a number of coins is 0 or more");
/// ```
pub fn parse_word_list(text: &str, noun: &str) -> Result<Vec<u64>> {
    text.split(',')
        .enumerate()
        .map(|(idx, item)| {
            let item_trimmed = item.trim();
            let problem = match whole_number(item_trimmed) {
                Ok(value) => match u64::try_from(&value) {
                    Ok(word) => return Ok(word),
                    Err(_) => format!("too large: a {noun} is at most {}", u64::MAX),
                },
                Err(NumberProblem::Empty) => format!("empty: a {noun} is a whole number"),
                Err(NumberProblem::Negative) => format!("negative: a {noun} is 0 or more"),
                Err(NumberProblem::Fraction) => format!("a {noun} cannot be a fraction"),
                Err(NumberProblem::NotANumber) => {
                    format!("not a number: a {noun} is a whole number, 0 or more")
                }
                Err(NumberProblem::TooManyDigits(n_digits)) => {
                    NumberProblem::too_many_digits(n_digits)
                }
            };
            Err(Error::invalid(format!("element {} ('{item}'): {problem}", idx + 1)))
        })
        .collect()
}

/// Numbers joined by commas, as lists are written.
pub fn join<T: ToString>(items: &[T]) -> String {
    items.iter().map(ToString::to_string).collect::<Vec<_>>().join(",")
}

/// The most significant decimal digits a number of the input may have, unless raised with
/// [`set_max_digits`]: 100,000. Reading and printing decimal numbers costs time quadratic in
/// their length (num-bigint's conversions, and the arithmetic of some families: Wythoff's
/// square roots), so a 10 MB heap would take minutes; at this bound it takes milliseconds.
pub const DEFAULT_MAX_DIGITS: usize = 100_000;

static MAX_DIGITS: AtomicUsize = AtomicUsize::new(DEFAULT_MAX_DIGITS);

/// The most significant digits a number of the input may have ([`DEFAULT_MAX_DIGITS`] unless
/// raised).
pub fn max_digits() -> usize {
    MAX_DIGITS.load(Ordering::Relaxed)
}

/// Sets [`max_digits`] for the whole process: a front end does this once, from its options
/// (the command line's `--max-digits`), before it reads any input. Numbers are read before any
/// [`Limits`] reach a game, which is why this is not one of them.
///
/// ```
/// use grundy::games::{parse_heap, set_max_digits, DEFAULT_MAX_DIGITS};
/// set_max_digits(5);
/// assert!(parse_heap("123456").unwrap_err().to_string().contains("6 digits"));
/// assert!(parse_heap("0000012345").is_ok()); // leading zeros do not count
/// set_max_digits(DEFAULT_MAX_DIGITS);
/// ```
pub fn set_max_digits(max_digits: usize) {
    MAX_DIGITS.store(max_digits.max(1), Ordering::Relaxed);
}

/// What is wrong with a text that should be a whole number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum NumberProblem {
    Empty,
    Negative,
    Fraction,
    NotANumber,
    /// More significant digits than [`max_digits`] (how many).
    TooManyDigits(usize),
}

impl NumberProblem {
    /// The words for a number with too many digits.
    fn too_many_digits(n_digits: usize) -> String {
        format!(
            "too large: {n_digits} digits, more than the {} allowed (--max-digits raises it)",
            max_digits()
        )
    }
}

fn whole_number(text: &str) -> std::result::Result<BigUint, NumberProblem> {
    if text.is_empty() {
        return Err(NumberProblem::Empty);
    }
    if text.bytes().all(|byte| byte.is_ascii_digit()) {
        let significant = text.trim_start_matches('0');
        if significant.len() > max_digits() {
            return Err(NumberProblem::TooManyDigits(significant.len()));
        }
        return BigUint::parse_bytes(text.as_bytes(), 10).ok_or(NumberProblem::NotANumber);
    }
    let looks_numeric = |s: &str| {
        !s.is_empty()
            && s.bytes().all(|b| b.is_ascii_digit() || b == b'.' || b == b'e' || b == b'E')
            && s.bytes().any(|b| b.is_ascii_digit())
    };
    if let Some(rest) = text.strip_prefix('-') {
        if looks_numeric(rest) {
            // "-0" is zero written oddly, not a negative number.
            if rest.bytes().all(|b| b == b'0') {
                return Ok(BigUint::ZERO);
            }
            return Err(NumberProblem::Negative);
        }
    }
    if looks_numeric(text) && text.contains('.') {
        return Err(NumberProblem::Fraction);
    }
    Err(NumberProblem::NotANumber)
}

pub use heap::parse_subtraction_set;

/// Reads a count such as a heap size bound: digits, `10^9` or `1e9`.
///
/// ```
/// use grundy::games::parse_count;
/// assert_eq!(parse_count("10^9"), Ok(1_000_000_000));
/// assert_eq!(parse_count("3e2"), Ok(300));
/// assert!(parse_count("10^20").unwrap_err().to_string().contains("too large"));
/// assert!(parse_count("ten").unwrap_err().to_string().contains("not a whole number"));
/// ```
pub fn parse_count(text: &str) -> Result<u64> {
    let text = text.trim();
    let not_a_number =
        || Error::invalid("not a whole number (digits, or a power such as 10^9 or 1e9)");
    let too_large = || Error::invalid(format!("too large: the largest allowed is {}", u64::MAX));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if digits(text) {
        return text.parse::<u64>().map_err(|_| too_large());
    }
    let (mantissa, base, exponent) = if let Some((base, exponent)) = text.split_once('^') {
        ("1", base, exponent)
    } else if let Some((mantissa, exponent)) = text.split_once(['e', 'E']) {
        (mantissa, "10", exponent)
    } else {
        return Err(not_a_number());
    };
    if !digits(mantissa) || !digits(base) || !digits(exponent) {
        return Err(not_a_number());
    }
    let mantissa: u64 = mantissa.parse().map_err(|_| too_large())?;
    let base: u64 = base.parse().map_err(|_| too_large())?;
    let exponent: u32 = exponent.parse().map_err(|_| too_large())?;
    base.checked_pow(exponent).and_then(|power| mantissa.checked_mul(power)).ok_or_else(too_large)
}

/// Reads a heap size: a whole number of tokens, 0 or more, of any size.
///
/// The error says what kind of wrong it is (empty, negative, fractional, not a number), so a
/// user sees at once how to fix the input.
///
/// ```
/// use grundy::games::parse_heap;
/// assert_eq!(parse_heap("42").unwrap(), 42u32.into());
/// assert!(parse_heap("-3").unwrap_err().to_string().contains("negative"));
/// assert!(parse_heap("2.5").unwrap_err().to_string().contains("fraction"));
/// ```
pub fn parse_heap(text: &str) -> Result<BigUint> {
    whole_number(text).map_err(|problem| {
        let message = match problem {
            NumberProblem::Empty => {
                "empty heap size: a heap is a whole number of tokens, 0 or more"
            }
            NumberProblem::Negative => "negative heap size: a heap holds 0 or more tokens",
            NumberProblem::Fraction => {
                "a heap size cannot be a fraction: it is a whole number of tokens"
            }
            NumberProblem::NotANumber => {
                "not a number: a heap size is a whole number of tokens, 0 or more"
            }
            NumberProblem::TooManyDigits(n_digits) => {
                return Error::invalid(NumberProblem::too_many_digits(n_digits))
            }
        };
        Error::invalid(message)
    })
}

/// Reads every component of a heap-game position, naming the first bad one.
pub fn parse_heaps<S: AsRef<str>>(components: &[S]) -> Result<Vec<BigUint>> {
    components
        .iter()
        .enumerate()
        .map(|(idx, text)| {
            let text = text.as_ref();
            parse_heap(text).map_err(|error| error.at_component(idx + 1, text))
        })
        .collect()
}

/// Reads a comma-separated list of whole numbers (a Wythoff pair, a staircase, piece cells),
/// naming the bad element.
///
/// ```
/// use grundy::games::parse_number_list;
/// assert_eq!(parse_number_list("3,5").unwrap(), [3u32.into(), 5u32.into()]);
/// assert!(parse_number_list("3,,5").unwrap_err().to_string().contains("element 2"));
/// ```
pub fn parse_number_list(text: &str) -> Result<Vec<BigUint>> {
    text.split(',')
        .enumerate()
        .map(|(idx, item)| {
            parse_heap(item.trim()).map_err(|error| {
                Error::invalid(format!("element {} ('{item}'): {}", idx + 1, error.problem()))
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn game_names_are_case_insensitive() {
        assert_eq!(game("NiM").unwrap().name(), "nim");
        let err = game("chess").unwrap_err().to_string();
        assert!(err.contains("unknown game 'chess'"), "{err}");
    }

    #[test]
    fn registry_names_message_and_help_list_the_same_families() {
        let registry = Registry::builtin();
        let message = game("chess").unwrap_err().to_string();
        let help = registry.help();
        for family in registry.families() {
            assert!(message.contains(family.syntax()), "{} not in {message}", family.syntax());
            assert!(help.contains(family.syntax()), "{} not in help", family.syntax());
        }
        let listed = message.split("(known games: ").nth(1).unwrap().trim_end_matches(')');
        assert_eq!(listed.split(", ").count(), registry.families().count());
        assert_eq!(help.lines().count(), registry.families().count() + 1);
        for name in
            ["wythoff", "moore:K", "staircase", "georgia-bob", "fibonacci-nim", "graph:PATH"]
        {
            assert!(message.contains(name), "{name} missing from {message}");
        }
    }

    #[test]
    fn heap_errors_say_what_is_wrong() {
        for (text, word) in [
            ("", "empty"),
            ("-3", "negative"),
            ("3.5", "fraction"),
            ("1e3", "not a number"),
            ("abc", "not a number"),
            ("3a", "not a number"),
            ("+3", "not a number"),
        ] {
            let err = parse_heap(text).unwrap_err().to_string();
            assert!(err.contains(word), "{text:?}: {err}");
        }
        let err = parse_heaps(&["1", "x"]).unwrap_err().to_string();
        assert_eq!(
            err,
            "component 2 of the position, 'x': not a number: a heap size is a whole number of tokens, 0 or more"
        );
    }

    proptest! {
        #[test]
        fn heap_parse_round_trips(digits in "[0-9]{1,120}") {
            let parsed = parse_heap(&digits).unwrap();
            let canonical = digits.trim_start_matches('0');
            let canonical = if canonical.is_empty() { "0" } else { canonical };
            prop_assert_eq!(parsed.to_string(), canonical);
        }
    }
}
