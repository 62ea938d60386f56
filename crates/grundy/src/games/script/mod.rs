//! `script:PATH`: a game whose positions and moves a user's Rhai script defines, sandboxed.
//!
//! The script defines `moves(p)` (the options of `p`: an array of positions, or `sum([...])` for
//! an option made of independent components), and may define `parse(text)`, `show(p)`,
//! `heap(n)` (the family `seq`, `period` and `pattern` walk) and `pair(x, y)` (the family of
//! `table`). Positions are Rhai values made of integers, strings, booleans, characters, arrays
//! and object maps; they become a [`ScriptValue`] of our own (hashable, ordered), so the memo
//! tables, sums and every solver treat them like built-in positions. Whether the game is loopy
//! is never declared: the generic answer path finds cycles itself.
//!
//! **The sandbox.** Rhai has no file, network, process or environment access unless the host
//! registers it, and nothing of the kind is registered here; module loading is refused, `eval`
//! is disabled, `print` and `debug` go to the host's printer (stderr on the command line),
//! never into an answer. Each call of a script function runs within an operation budget
//! ([`Limits::max_operations`]), a call depth, and bounds on the size of strings, arrays and
//! maps (nested data counted whole), so a script that loops or grows data for ever stops with
//! an error that names the limit. Cancellation is checked as the script runs.
//!
//! Every error names the script, the line and column where known, and the cause.

use super::{Family, FileSource, Game, Rules, Spec};
use crate::analysis::{Analysis, Convention};
use crate::codec::Codec;
use crate::error::{Error, Result};
use crate::games::generic;
use crate::limits::{Limit, Limits};
use crate::ruleset::{Options, Ruleset};
use crate::solve::loopy::LoopyValue;
use crate::solve::values::ValueSolver;
use crate::table::PairTable;
use rhai::{CallFnOptions, Dynamic, Engine, EvalAltResult, Position, Scope, AST};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

mod fast;
#[cfg(test)]
mod tests;

/// A position of a scripted game: a Rhai value made of integers, strings, booleans,
/// characters, arrays and maps, in a form that can be hashed and ordered.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ScriptValue {
    /// An integer.
    Int(i64),
    /// A boolean.
    Bool(bool),
    /// A character.
    Char(char),
    /// A string.
    Str(String),
    /// An array.
    Array(Vec<ScriptValue>),
    /// An object map, keys in order.
    Map(BTreeMap<String, ScriptValue>),
}

impl Codec for ScriptValue {
    /// A tag byte (0 integer, 1 boolean, 2 character, 3 string, 4 array, 5 map), then the value.
    fn encode(&self, out: &mut Vec<u8>) {
        match self {
            ScriptValue::Int(n) => {
                out.push(0);
                n.encode(out);
            }
            ScriptValue::Bool(b) => {
                out.push(1);
                b.encode(out);
            }
            ScriptValue::Char(c) => {
                out.push(2);
                (*c as u32).encode(out);
            }
            ScriptValue::Str(text) => {
                out.push(3);
                text.encode(out);
            }
            ScriptValue::Array(items) => {
                out.push(4);
                items.encode(out);
            }
            ScriptValue::Map(map) => {
                out.push(5);
                crate::codec::put_varint(out, map.len() as u64);
                for (key, value) in map {
                    key.encode(out);
                    value.encode(out);
                }
            }
        }
    }

    fn decode_from(input: &mut &[u8]) -> Option<Self> {
        let (&tag, rest) = input.split_first()?;
        *input = rest;
        Some(match tag {
            0 => ScriptValue::Int(i64::decode_from(input)?),
            1 => ScriptValue::Bool(bool::decode_from(input)?),
            2 => ScriptValue::Char(char::from_u32(u32::decode_from(input)?)?),
            3 => ScriptValue::Str(String::decode_from(input)?),
            4 => ScriptValue::Array(Vec::decode_from(input)?),
            5 => {
                let len = crate::codec::get_varint(input)?;
                let mut map = BTreeMap::new();
                let mut last: Option<String> = None;
                for _ in 0..len {
                    let key = String::decode_from(input)?;
                    // Keys in increasing order: one encoding per map.
                    if last.as_ref().is_some_and(|last| *last >= key) {
                        return None;
                    }
                    last = Some(key.clone());
                    map.insert(key, ScriptValue::decode_from(input)?);
                }
                ScriptValue::Map(map)
            }
            _ => return None,
        })
    }
}

impl ScriptValue {
    /// The value as Rhai sees it.
    pub fn to_dynamic(&self) -> Dynamic {
        match self {
            ScriptValue::Int(v) => Dynamic::from_int(*v),
            ScriptValue::Bool(v) => Dynamic::from_bool(*v),
            ScriptValue::Char(v) => Dynamic::from_char(*v),
            ScriptValue::Str(v) => Dynamic::from(v.clone()),
            ScriptValue::Array(items) => {
                Dynamic::from_array(items.iter().map(ScriptValue::to_dynamic).collect())
            }
            ScriptValue::Map(map) => Dynamic::from_map(
                map.iter().map(|(k, v)| (k.as_str().into(), v.to_dynamic())).collect(),
            ),
        }
    }

    /// The bytes this value takes in memory, nested parts included (what a solver that stores
    /// it is charged).
    ///
    /// ```
    /// use grundy::games::script::ScriptValue;
    /// let small = ScriptValue::Int(7);
    /// let big = ScriptValue::Array(vec![ScriptValue::Int(7); 1000]);
    /// assert!(big.bytes() >= 1000 * small.bytes());
    /// ```
    pub fn bytes(&self) -> usize {
        let own = std::mem::size_of::<ScriptValue>();
        match self {
            ScriptValue::Int(_) | ScriptValue::Bool(_) | ScriptValue::Char(_) => own,
            ScriptValue::Str(text) => own + text.capacity(),
            ScriptValue::Array(items) => own + items.iter().map(ScriptValue::bytes).sum::<usize>(),
            // A B-tree node holds its keys and values with some slack; three words an entry
            // over its parts is a fair charge.
            ScriptValue::Map(map) => {
                own + map
                    .iter()
                    .map(|(key, value)| 24 + key.capacity() + value.bytes())
                    .sum::<usize>()
            }
        }
    }

    /// A Rhai value as a position; `None` if it is not made of position parts.
    pub fn from_dynamic(value: &Dynamic) -> Option<ScriptValue> {
        if let Ok(v) = value.as_int() {
            return Some(ScriptValue::Int(v));
        }
        if let Ok(v) = value.as_bool() {
            return Some(ScriptValue::Bool(v));
        }
        if let Ok(v) = value.as_char() {
            return Some(ScriptValue::Char(v));
        }
        if value.is_string() {
            return Some(ScriptValue::Str(value.clone().into_string().ok()?));
        }
        if value.is_array() {
            let array = value.read_lock::<rhai::Array>()?;
            return array
                .iter()
                .map(ScriptValue::from_dynamic)
                .collect::<Option<_>>()
                .map(ScriptValue::Array);
        }
        if value.is_map() {
            let map = value.read_lock::<rhai::Map>()?;
            return map
                .iter()
                .map(|(k, v)| Some((k.to_string(), ScriptValue::from_dynamic(v)?)))
                .collect::<Option<_>>()
                .map(ScriptValue::Map);
        }
        None
    }
}

/// How a position is written by default: integers as they are, an array of integers with
/// commas (the inverse of the default `parse`), a string as it is, anything else in Rhai's
/// literal syntax.
impl std::fmt::Display for ScriptValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ScriptValue::Int(v) => write!(f, "{v}"),
            ScriptValue::Str(s) => f.write_str(s),
            ScriptValue::Array(items) if items.iter().all(|v| matches!(v, ScriptValue::Int(_))) => {
                let texts: Vec<String> = items.iter().map(ToString::to_string).collect();
                f.write_str(&texts.join(","))
            }
            other => f.write_str(&literal(other)),
        }
    }
}

fn literal(value: &ScriptValue) -> String {
    match value {
        ScriptValue::Int(v) => v.to_string(),
        ScriptValue::Bool(v) => v.to_string(),
        ScriptValue::Char(c) => format!("'{c}'"),
        ScriptValue::Str(s) => format!("{s:?}"),
        ScriptValue::Array(items) => {
            format!("[{}]", items.iter().map(literal).collect::<Vec<_>>().join(", "))
        }
        ScriptValue::Map(map) => format!(
            "#{{{}}}",
            map.iter().map(|(k, v)| format!("{k}: {}", literal(v))).collect::<Vec<_>>().join(", ")
        ),
    }
}

/// The value `sum([...])` returns in a script: an option made of independent components
/// (shared, because Rhai clones a value each time it is pushed or passed).
#[derive(Debug, Clone)]
struct Split(Arc<rhai::Array>);

/// `script:PATH` in the registry.
#[derive(Debug, Clone, Copy)]
pub struct ScriptFamily;

impl Family for ScriptFamily {
    fn syntax(&self) -> &'static str {
        "script:PATH"
    }
    fn about(&self) -> &'static str {
        "a game whose moves a Rhai script defines (sandboxed; docs/script.md)"
    }
    fn component(&self) -> &'static str {
        "whatever the script's parse reads (by default 7, or 3,5 as an array)"
    }
    fn load(&self, spec: &Spec<'_>) -> Option<Result<Arc<dyn Game>>> {
        let path = spec.after_prefix("script:")?;
        Some((|| {
            if path.is_empty() {
                return Err(Error::Unreadable {
                    path: String::new(),
                    reason: "no path after 'script:'".into(),
                });
            }
            let text = spec.files.read_to_string(path)?;
            let game =
                ScriptGame::compile(&format!("script:{path}"), &text, spec.files, spec.limits)?;
            Ok(Arc::new(game) as Arc<dyn Game>)
        })())
    }
}

/// Fixed bounds of the sandbox (the operation budget comes from [`Limits`]).
const MAX_CALL_LEVELS: usize = 64;
const MAX_EXPR_DEPTH: usize = 128;
const MAX_STRING_BYTES: usize = 1 << 20;
const MAX_ARRAY_ELEMENTS: usize = 1 << 20;
const MAX_MAP_ENTRIES: usize = 1 << 16;

/// What a script calling `sleep` is told.
const NO_SLEEP: &str = "scripts cannot sleep (sleep is not available in the sandbox)";

/// A compiled script, ready to answer.
pub struct ScriptGame {
    name: String,
    engine: Engine,
    ast: AST,
    /// The script's top-level constants and variables, evaluated once at load; every call sees
    /// them (a copy, so no call can change what another sees).
    globals: Scope<'static>,
    has: Functions,
    /// Where `fn moves` is defined, for errors about what it returned.
    moves_at: Position,
    /// Where each function is defined, for errors that the engine gives no place of its own.
    defined_at: Vec<(String, Position)>,
    /// The operation budget of one call, read by the engine's progress callback.
    max_operations: Arc<AtomicU64>,
    /// The cancellation flag and deadline of the computation under way, read by the engine's
    /// progress callback.
    stop: Arc<Mutex<Stop>>,
    /// `moves` compiled for the fast path (`None` if the script has none the path can read).
    fast: Option<fast::Program>,
}

/// What stops a running script other than its operation budget.
#[derive(Debug, Default, Clone)]
struct Stop {
    cancel: Option<Arc<AtomicBool>>,
    deadline: Option<std::time::Instant>,
}

impl Stop {
    fn now(&self) -> bool {
        self.cancel.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|at| std::time::Instant::now() >= at)
    }
}

impl std::fmt::Debug for ScriptGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ScriptGame").field("name", &self.name).finish()
    }
}

#[derive(Debug, Clone, Copy, Default)]
struct Functions {
    parse: bool,
    show: bool,
    heap: bool,
    pair: bool,
}

impl ScriptGame {
    /// Compiles `text` as the game `name` (`script:PATH`), with `print` and `debug` going to
    /// `host`'s printer and each call within `limits`.
    pub fn compile(
        name: &str,
        text: &str,
        host: &dyn FileSource,
        limits: &Limits,
    ) -> Result<ScriptGame> {
        let mut engine = Engine::new();
        engine.set_max_call_levels(MAX_CALL_LEVELS);
        engine.set_max_expr_depths(MAX_EXPR_DEPTH, MAX_EXPR_DEPTH);
        engine.set_max_string_size(MAX_STRING_BYTES);
        engine.set_max_array_size(MAX_ARRAY_ELEMENTS);
        engine.set_max_map_size(MAX_MAP_ENTRIES);
        engine.set_module_resolver(rhai::module_resolvers::DummyModuleResolver::new());
        engine.disable_symbol("eval");
        let max_operations = Arc::new(AtomicU64::new(limits.max_operations));
        let stop =
            Arc::new(Mutex::new(Stop { cancel: limits.cancel.clone(), deadline: limits.deadline }));
        {
            let budget = Arc::clone(&max_operations);
            let stop = Arc::clone(&stop);
            engine.on_progress(move |ops| {
                if ops > budget.load(Ordering::Relaxed) {
                    return Some(Dynamic::from("operations"));
                }
                if ops % 4096 == 0 && stop.lock().is_ok_and(|stop| stop.now()) {
                    return Some(Dynamic::from("cancelled"));
                }
                None
            });
        }
        let printer = host.printer();
        let debug_printer = printer.clone();
        let script = name.to_string();
        engine.on_print(move |text| {
            if let Some(print) = &printer {
                print(text);
            }
        });
        engine.on_debug(move |text, _source, at| {
            if let Some(print) = &debug_printer {
                print(&format!("{script}, {}: {text}", place(at)));
            }
        });
        // Rhai's standard library blocks the thread in `sleep`: a script could hold a worker
        // (and a server's computation permit) for as long as it liked, outside every budget.
        // Functions registered here are found before the packages', so these replace it.
        engine
            .register_fn("sleep", |_: rhai::INT| -> std::result::Result<(), Box<EvalAltResult>> {
                Err(NO_SLEEP.into())
            });
        engine.register_fn(
            "sleep",
            |_: rhai::FLOAT| -> std::result::Result<(), Box<EvalAltResult>> {
                Err(NO_SLEEP.into())
            },
        );
        engine.register_type_with_name::<Split>("sum");
        engine.register_fn("sum", |parts: rhai::Array| Split(Arc::new(parts)));
        check_parse_work(name, text)?;
        let ast = engine.compile(text).map_err(|error| {
            Error::rules(name, format!("{}: {}", place(error.position()), error.err_type()))
        })?;
        let mut has = Functions::default();
        let mut moves_at = None;
        let positions = function_positions(text);
        let position_of = |name: &str| positions.get(name).copied().unwrap_or(Position::NONE);
        let defined_at: Vec<(String, Position)> = ast
            .iter_functions()
            .map(|function| (function.name.to_string(), position_of(function.name)))
            .collect();
        for function in ast.iter_functions() {
            let n_params = function.params.len();
            match (function.name, n_params) {
                ("moves", 1) => moves_at = Some(position_of("moves")),
                ("parse", 1) => has.parse = true,
                ("show", 1) => has.show = true,
                ("heap", 1) => has.heap = true,
                ("pair", 2) => has.pair = true,
                _ => {}
            }
        }
        let Some(moves_at) = moves_at else {
            return Err(Error::rules(
                name,
                "the script defines no function moves(p): it must list the options of a position",
            ));
        };
        let mut game = ScriptGame {
            name: name.to_string(),
            engine,
            ast,
            globals: Scope::new(),
            has,
            moves_at,
            defined_at,
            max_operations,
            stop,
            fast: None,
        };
        // The top level runs once, within the same budget as any call.
        let mut globals = Scope::new();
        game.engine
            .run_ast_with_scope(&mut globals, &game.ast)
            .map_err(|error| game.runtime_error(&error, "the script's top level"))?;
        game.fast = fast::Program::compile(&game.ast, &globals);
        game.globals = globals;
        Ok(game)
    }

    /// A limit reached while solving, naming the script (a solver knows positions, not whose).
    fn named(&self, error: Error) -> Error {
        match error {
            Error::Limit { limit, bound, what } if !what.contains(&self.name) => {
                Error::Limit { limit, bound, what: format!("{}: {what}", self.name) }
            }
            other => other,
        }
    }

    /// Calls a script function; errors name the script, the place and the cause.
    fn call(&self, function: &str, args: Vec<Dynamic>, about: &str) -> Result<Dynamic> {
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        let mut scope = self.globals.clone();
        self.engine
            .call_fn_with_options::<Dynamic>(options, &mut scope, &self.ast, function, args)
            .map_err(|error| {
                let at = if error.position().is_none() {
                    self.defined_at
                        .iter()
                        .find(|(name, _)| name == function)
                        .map_or(Position::NONE, |(_, at)| *at)
                } else {
                    error.position()
                };
                self.runtime_error_at(&error, about, at)
            })
    }

    fn runtime_error(&self, error: &EvalAltResult, about: &str) -> Error {
        self.runtime_error_at(error, about, error.position())
    }

    fn runtime_error_at(&self, error: &EvalAltResult, about: &str, at: Position) -> Error {
        let at = place(at);
        match error {
            EvalAltResult::ErrorTerminated(token, _) => {
                if token.clone().into_string().ok().as_deref() == Some("cancelled") {
                    Error::Cancelled(format!("{}: stopped while computing {about}", self.name))
                } else {
                    let bound = self.max_operations.load(Ordering::Relaxed);
                    Error::limit(
                        Limit::Operations,
                        bound,
                        format!("{}, {at}: {about} ran past {bound} operations (an endless loop?)", self.name),
                    )
                }
            }
            EvalAltResult::ErrorTooManyOperations(_) => {
                let bound = self.max_operations.load(Ordering::Relaxed);
                Error::limit(
                    Limit::Operations,
                    bound,
                    format!("{}, {at}: {about} ran past {bound} operations", self.name),
                )
            }
            EvalAltResult::ErrorStackOverflow(_) => Error::rules(
                &self.name,
                format!("{at}: {about} called functions more than {MAX_CALL_LEVELS} deep (endless recursion?)"),
            ),
            EvalAltResult::ErrorDataTooLarge(what, _) => Error::rules(
                &self.name,
                format!("{at}: {about}: {what} passes the sandbox's bound (strings {MAX_STRING_BYTES} bytes, arrays {MAX_ARRAY_ELEMENTS} elements, maps {MAX_MAP_ENTRIES} entries)"),
            ),
            EvalAltResult::ErrorModuleNotFound(module, _) => Error::rules(
                &self.name,
                format!("{at}: {about}: scripts cannot load modules ('{module}')"),
            ),
            EvalAltResult::ErrorRuntime(value, _) => {
                Error::rules(&self.name, format!("{at}: {about} threw: {value}"))
            }
            EvalAltResult::ErrorFunctionNotFound(signature, _) => Error::rules(
                &self.name,
                format!("{at}: {about}: no function {signature}"),
            ),
            other => {
                let text = other.to_string();
                let cause = text.split(" (line ").next().unwrap_or(&text).to_string();
                Error::rules(&self.name, format!("{at}: {about}: {cause}"))
            }
        }
    }

    fn not_a_position(&self, about: &str, value: &Dynamic) -> Error {
        Error::rules(
            &self.name,
            format!(
                "{}: {about} returned {}, which is not a position (positions are integers, strings, booleans, characters, arrays and maps)",
                place(self.moves_at),
                describe(value)
            ),
        )
    }

    /// Takes the operation budget, cancellation flag and deadline of the computation that is
    /// starting (the rules' `options` are called without limits in hand).
    fn refresh_limits(&self, limits: &Limits) {
        self.max_operations.store(limits.max_operations, Ordering::Relaxed);
        if let Ok(mut stop) = self.stop.lock() {
            *stop = Stop { cancel: limits.cancel.clone(), deadline: limits.deadline };
        }
    }

    fn position_of(&self, function: &str, args: Vec<Dynamic>, about: &str) -> Result<ScriptValue> {
        let value = self.call(function, args, about)?;
        ScriptValue::from_dynamic(&value).ok_or_else(|| self.not_a_position(about, &value))
    }

    /// The position `heap(n)`.
    pub fn heap_position(&self, n: u64) -> Result<ScriptValue> {
        if !self.has.heap {
            return Err(self.missing("heap(n)", "seq, period and pattern"));
        }
        self.position_of("heap", vec![Dynamic::from_int(n as i64)], &format!("heap({n})"))
    }

    /// The position `pair(x, y)`.
    pub fn pair_position(&self, x: u64, y: u64) -> Result<ScriptValue> {
        if !self.has.pair {
            return Err(self.missing("pair(x, y)", "table and pattern --table"));
        }
        self.position_of(
            "pair",
            vec![Dynamic::from_int(x as i64), Dynamic::from_int(y as i64)],
            &format!("pair({x}, {y})"),
        )
    }

    fn missing(&self, function: &str, commands: &str) -> Error {
        Error::BadArgument {
            argument: "GAME".into(),
            problem: format!(
                "{} has no {function}: {commands} walk the family it defines",
                self.name
            ),
        }
    }

    /// Whether the script defines `heap(n)`.
    pub fn has_heap(&self) -> bool {
        self.has.heap
    }

    /// Whether the script defines `pair(x, y)`.
    pub fn has_pair(&self) -> bool {
        self.has.pair
    }

    /// The values of `heap(0..=up_to)`, pushed to `visit` in order.
    pub fn heap_values(
        &self,
        up_to: u64,
        limits: &Limits,
        visit: &mut dyn FnMut(u64, &LoopyValue) -> Result<()>,
    ) -> Result<()> {
        self.refresh_limits(limits);
        let mut solver = ValueSolver::new(self, limits.clone());
        for n in 0..=up_to {
            let position = self.heap_position(n)?;
            let value = solver.value(&position)?;
            visit(n, &value)?;
        }
        Ok(())
    }
}

/// The heaps of a script's family that a position may use, at most this many in a table.
const HEAP_TABLE_ROWS: u64 = 30;

impl ScriptGame {
    /// The table of g(heap(n)) for n up to the largest heap the position holds, when every
    /// component is some `heap(n)` (n at most [`HEAP_TABLE_ROWS`]).
    fn heap_table(
        &self,
        position: &[ScriptValue],
        lang: crate::i18n::Lang,
        limits: &Limits,
    ) -> Option<String> {
        if !self.has_heap() || position.is_empty() {
            return None;
        }
        let mut heaps: Vec<ScriptValue> = Vec::new();
        for n in 0..=HEAP_TABLE_ROWS {
            heaps.push(self.heap_position(n).ok()?);
        }
        let sizes: Option<Vec<usize>> =
            position.iter().map(|p| heaps.iter().position(|h| h == p)).collect();
        let largest = sizes?.into_iter().max()? as u64;
        let mut rows = Vec::new();
        self.heap_values(largest, limits, &mut |n, value| {
            rows.push(format!("  g(heap({n})) = {}", crate::analysis::Value::from(value)));
            Ok(())
        })
        .ok()?;
        let title = lang.tr0("explain-script-heap-table");
        Some(format!("{title}\n{}\n", rows.join("\n")))
    }
}

/// `line L, column C` (or what is known of it).
fn place(at: Position) -> String {
    match (at.line(), at.position()) {
        (Some(line), Some(column)) => format!("line {line}, column {column}"),
        (Some(line), None) => format!("line {line}"),
        _ => "at the call".to_string(),
    }
}

/// Where `fn NAME` is written in the source.
/// The most work Rhai's parser is given: the number of function definitions times the number
/// of names in the script. Its parser looks every name up in the list of functions defined so
/// far, one by one, and cannot be stopped while it runs, so a megabyte of small functions would
/// hold a worker for minutes; a game script has a few functions and a few thousand names.
const MAX_PARSE_WORK: u64 = 100_000_000;

/// Refuses, before parsing, a script whose parse would take longer than any game needs.
fn check_parse_work(name: &str, text: &str) -> Result<()> {
    let mut n_functions = 0u64;
    let mut n_names = 0u64;
    let mut in_word = false;
    let mut word_start = 0;
    for (at, c) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
        let word_char = c.is_alphanumeric() || c == '_';
        if word_char && !in_word {
            word_start = at;
        } else if !word_char && in_word {
            let word = &text[word_start..at];
            if word == "fn" {
                n_functions += 1;
            } else if !word.starts_with(|c: char| c.is_ascii_digit()) {
                n_names += 1;
            }
        }
        in_word = word_char;
    }
    if n_functions.saturating_mul(n_names) > MAX_PARSE_WORK {
        return Err(Error::rules(
            name,
            format!(
                "{n_functions} functions and {n_names} names: the parser's work grows with their \
                 product, and this one passes {MAX_PARSE_WORK} (a game needs far fewer functions)"
            ),
        ));
    }
    Ok(())
}

/// Where each function is defined (`fn name(`, its first definition), in one pass over the
/// text: a lookup per function would be quadratic in a script of many small functions.
fn function_positions(text: &str) -> std::collections::HashMap<&str, Position> {
    let mut found = std::collections::HashMap::new();
    for (line_idx, line) in text.lines().enumerate() {
        let mut from = 0;
        while let Some(offset) = line[from..].find("fn ") {
            let column = from + offset;
            from = column + 3;
            // `fn` must start a word (not the end of `myfn`).
            if line[..column].chars().next_back().is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let rest = line[from..].trim_start();
            let name_len =
                rest.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(rest.len());
            let (name, after) = rest.split_at(name_len);
            if !name.is_empty() && after.trim_start().starts_with('(') {
                found.entry(name).or_insert_with(|| {
                    Position::new(
                        u16::try_from(line_idx + 1).unwrap_or(u16::MAX),
                        u16::try_from(column + 1).unwrap_or(u16::MAX),
                    )
                });
            }
        }
    }
    found
}

fn describe(value: &Dynamic) -> String {
    if value.is::<Split>() {
        return "sum([...]) where a single position is needed".into();
    }
    let text = value.to_string();
    if text.chars().count() > 60 {
        format!("{}… (a {})", text.chars().take(60).collect::<String>(), value.type_name())
    } else if value.is_unit() {
        "nothing (())".into()
    } else {
        text
    }
}

impl Ruleset for ScriptGame {
    type Position = ScriptValue;

    fn position_bytes(&self, position: &ScriptValue) -> usize {
        position.bytes()
    }

    fn options(&self, position: &ScriptValue, options: &mut Options<ScriptValue>) -> Result<()> {
        if let Some(program) = &self.fast {
            let budget = self.max_operations.load(Ordering::Relaxed);
            let stop = || self.stop.lock().is_ok_and(|stop| stop.now());
            if let Ok(list) = program.moves(position, budget, &stop) {
                for choice in list {
                    match choice {
                        fast::Choice::One(part) => options.push_one(part),
                        fast::Choice::Sum(parts) => options.push(parts),
                    }
                    if options.overflowed() {
                        break;
                    }
                }
                return Ok(());
            }
        }
        // Rhai answers what the fast path leaves (and gives every error).
        self.rhai_options(position, options)
    }
}

impl ScriptGame {
    /// The options of `position` as Rhai computes them.
    fn rhai_options(
        &self,
        position: &ScriptValue,
        options: &mut Options<ScriptValue>,
    ) -> Result<()> {
        let about = || format!("moves({position})");
        let result = self.call("moves", vec![position.to_dynamic()], &about())?;
        let Some(list) = result.read_lock::<rhai::Array>() else {
            return Err(Error::rules(
                &self.name,
                format!(
                    "{}: {} returned {}, not an array of options",
                    place(self.moves_at),
                    about(),
                    describe(&result)
                ),
            ));
        };
        for option in list.iter() {
            if let Some(split) = option.read_lock::<Split>() {
                let mut parts = Vec::with_capacity(split.0.len());
                for part in split.0.iter() {
                    parts.push(ScriptValue::from_dynamic(part).ok_or_else(|| {
                        self.not_a_position(&format!("{} (in a sum)", about()), part)
                    })?);
                }
                options.push(parts);
            } else {
                let part = ScriptValue::from_dynamic(option)
                    .ok_or_else(|| self.not_a_position(&about(), option))?;
                options.push_one(part);
            }
            if options.overflowed() {
                break;
            }
        }
        Ok(())
    }
}

impl Rules for ScriptGame {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn parse_component(&self, text: &str) -> crate::error::Result<ScriptValue> {
        if self.has.parse {
            return self
                .position_of(
                    "parse",
                    vec![Dynamic::from(text.to_string())],
                    &format!("parse(\"{text}\")"),
                )
                .map_err(|error| Error::invalid(error.to_string()));
        }
        // The script is named: a message about a position must say whose position it is.
        default_parse(text).map_err(|problem| Error::invalid(format!("{}: {problem}", self.name)))
    }

    fn show_component(&self, position: &ScriptValue) -> String {
        if self.has.show {
            if let Ok(value) = self.call("show", vec![position.to_dynamic()], "show") {
                return value.to_string();
            }
        }
        position.to_string()
    }

    fn normal_play(&self, position: &[ScriptValue], limits: &Limits) -> Option<Result<Analysis>> {
        self.refresh_limits(limits);
        Some(
            generic::by_rules(self, position, Convention::Normal, limits)
                .map_err(|e| self.named(e)),
        )
    }

    fn misere_play(&self, position: &[ScriptValue], limits: &Limits) -> Option<Result<Analysis>> {
        self.refresh_limits(limits);
        Some(
            generic::by_rules(self, position, Convention::Misere, limits)
                .map_err(|e| self.named(e)),
        )
    }

    /// The general walk-through (the components' values and their XOR), and for a script with
    /// a heap family whose heaps the position uses, the table of their values.
    fn explain(
        &self,
        position: &[ScriptValue],
        analysis: &Analysis,
        lang: crate::i18n::Lang,
        limits: &Limits,
    ) -> Option<String> {
        let mut text = crate::games::explain_sum(self, analysis, lang, limits, true);
        if let Some(table) = self.heap_table(position, lang, limits) {
            text.push('\n');
            text.push_str(&table);
        }
        Some(text)
    }

    fn family_values(
        &self,
        up_to: u64,
        limits: &Limits,
        visit: &mut dyn FnMut(u64, &LoopyValue) -> Result<()>,
    ) -> Option<Result<()>> {
        Some(self.heap_values(up_to, limits, visit))
    }

    fn pair_table(&self, size: usize, limits: &Limits) -> Option<Result<PairTable>> {
        if !self.has.pair {
            return None;
        }
        self.refresh_limits(limits);
        Some(crate::table::table_of_positions(self, &self.name, size, limits, &mut |x, y| {
            self.pair_position(x, y)
        }))
    }
}

/// Without `parse`: an integer, or integers separated by commas as an array.
fn default_parse(text: &str) -> std::result::Result<ScriptValue, String> {
    let number = |item: &str| item.trim().parse::<i64>().ok();
    if let Some(value) = number(text) {
        return Ok(ScriptValue::Int(value));
    }
    if text.contains(',') {
        if let Some(items) = text.split(',').map(number).collect::<Option<Vec<i64>>>() {
            return Ok(ScriptValue::Array(items.into_iter().map(ScriptValue::Int).collect()));
        }
    }
    Err("not a position of this script: without a parse function a component is an integer (7) or integers separated by commas (3,5)".into())
}
