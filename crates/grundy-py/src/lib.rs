//! `grundy` from Python: thin calls over the library's answer contract. Every answer is the
//! same JSON document the command line's `--json` prints (handed to Python as text and read
//! with `json.loads`, so integers of any size stay exact); games defined by Python callables
//! are a `Rules` of the library like any built-in family. No game logic here.
//!
//! Long computations run with the GIL released on a worker thread, while the calling thread
//! polls for signals: Ctrl-C sets the library's cancellation flag and raises
//! `KeyboardInterrupt` promptly.

use grundy::games::script::ScriptValue;
use grundy::games::{Game, Rules};
use grundy::request::{Door, Kind, Request};
use grundy::ruleset::{Options, Ruleset};
use grundy::Limits;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyString, PyTuple};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

pyo3::create_exception!(
    _grundy,
    LimitError,
    pyo3::exceptions::PyException,
    "A limit was reached: the answer is not known (never guessed)."
);

/// A library error as a Python exception: a limit is a `LimitError`, anything else a
/// `ValueError`, with the command line's message.
fn to_py(error: grundy::Error) -> PyErr {
    if error.is_limit() {
        LimitError::new_err(error.to_string())
    } else if error.is_cancelled() {
        pyo3::exceptions::PyKeyboardInterrupt::new_err(error.to_string())
    } else {
        PyValueError::new_err(error.to_string())
    }
}

/// Runs `work` on a worker thread with the GIL released, polling for Ctrl-C.
fn run<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&Limits) -> grundy::Result<T> + Send,
) -> PyResult<T> {
    let cancel = Arc::new(AtomicBool::new(false));
    let limits = Limits { cancel: Some(Arc::clone(&cancel)), ..Limits::default() };
    std::thread::scope(|scope| {
        let worker = scope.spawn(|| work(&limits));
        loop {
            if worker.is_finished() {
                break;
            }
            py.allow_threads(|| std::thread::sleep(Duration::from_millis(20)));
            if let Err(interrupt) = py.check_signals() {
                cancel.store(true, Ordering::Relaxed);
                let _ = py.allow_threads(|| worker.join());
                return Err(interrupt);
            }
        }
        match py.allow_threads(|| worker.join()) {
            Ok(result) => result.map_err(to_py),
            Err(_) => Err(PyValueError::new_err("the computation failed (an internal error)")),
        }
    })
}

struct Files;

/// Game files are read by the command line's rules: regular files only (never a FIFO or
/// `/dev/zero`), at most [`grundy_files::DEFAULT_MAX_FILE_BYTES`].
impl grundy::games::FileSource for Files {
    fn read_to_string(&self, path: &str) -> grundy::Result<String> {
        grundy_files::read_regular_file(
            std::path::Path::new(path),
            grundy_files::DEFAULT_MAX_FILE_BYTES,
            "the command line's --max-file-bytes reads larger files",
        )
        .map_err(|reason| grundy::Error::Unreadable { path: path.to_string(), reason })
    }
}

/// `request_json(kind, game, fields)`: the library's answer to one question (`"solve"`,
/// `"period"`, `"misere"`, ...), as the contract's JSON text. `fields` is the request's low form
/// as JSON text (the web API's field names, defaults left out); `game` is a catalogue name (a
/// path too), a `grundy.Game`, or `None` for questions without one. Validation, defaults and
/// documents are the library's, as for the command line and the web API.
#[pyfunction]
#[pyo3(signature = (kind, game, fields))]
fn request_json(
    py: Python<'_>,
    kind: &str,
    game: Option<&Bound<'_, PyAny>>,
    fields: &str,
) -> PyResult<String> {
    let kind = Kind::from_name(kind)
        .ok_or_else(|| PyValueError::new_err(format!("'{kind}' is not a question of grundy")))?;
    let mut low: serde_json::Value = serde_json::from_str(fields)
        .map_err(|error| PyValueError::new_err(format!("the request is not JSON: {error}")))?;
    let mut held: Option<Arc<dyn Game>> = None;
    if let Some(game) = game {
        if let Ok(python_game) = game.downcast::<PyGame>() {
            held = Some(Arc::new(python_game.borrow().rules.clone()));
        } else {
            let name: String = game.extract().map_err(|_| {
                PyTypeError::new_err("game must be a name such as \"nim\", or a grundy.Game")
            })?;
            low["game"] = name.into();
        }
    }
    let door = Door { files: Some(&Files), max_count: None, game: held.as_ref() };
    let request = Request::from_json(kind, &low, &door, &Limits::default()).map_err(to_py)?;
    // Every core, as the command line does by default.
    let n_threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    run(py, move |limits| {
        let mut document = Vec::new();
        request.write_document(limits, n_threads, &mut |_, _| {}, &mut |chunk| {
            document.extend_from_slice(chunk);
            Ok(())
        })?;
        Ok(String::from_utf8_lossy(&document).into_owned())
    })
}

/// `seq(game, n)`: the values of heaps 0..=n, as little-endian u64 bytes (a loopy value as
/// 2^64 - 1), for arrays: the `seq` request's values, packed as they are computed.
#[pyfunction]
fn seq_bytes(py: Python<'_>, game: &Bound<'_, PyAny>, n: u64) -> PyResult<Vec<u8>> {
    let mut low = serde_json::json!({ "n": n });
    let mut held: Option<Arc<dyn Game>> = None;
    if let Ok(python_game) = game.downcast::<PyGame>() {
        held = Some(Arc::new(python_game.borrow().rules.clone()));
    } else {
        let name: String = game.extract().map_err(|_| {
            PyTypeError::new_err("game must be a name such as \"nim\", or a grundy.Game")
        })?;
        low["game"] = name.into();
    }
    let door = Door { files: Some(&Files), max_count: None, game: held.as_ref() };
    let request = Request::from_json(Kind::Seq, &low, &door, &Limits::default()).map_err(to_py)?;
    let n_threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    run(py, move |limits| {
        let mut bytes = Vec::new();
        request.write_values(limits, n_threads, &mut |values| {
            for value in values {
                bytes.extend_from_slice(&value.to_le_bytes());
            }
            Ok(())
        })?;
        Ok(bytes)
    })
}

/// The SVG heatmap of a table of values (for notebooks); a table wider than the SVG limit is
/// refused with ValueError before it is drawn.
#[pyfunction]
fn heatmap_svg(title: &str, rows: Vec<Vec<u64>>) -> PyResult<String> {
    let side = rows.len().max(rows.iter().map(Vec::len).max().unwrap_or(0));
    if let Some(problem) = grundy_plot::svg_refusal(side as u64) {
        return Err(pyo3::exceptions::PyValueError::new_err(problem));
    }
    Ok(grundy_plot::heatmap(title, &rows).to_svg())
}

/// The SVG plot of a sequence of values (for notebooks).
#[pyfunction]
fn sequence_svg(title: &str, values: Vec<u64>) -> String {
    grundy_plot::sequence_plot(title, &values).to_svg()
}

/// An option made of independent components: `grundy.sum([a, b])`.
#[pyclass(name = "sum", module = "grundy", frozen)]
struct PySum {
    parts: Vec<PyObject>,
}

#[pymethods]
impl PySum {
    #[new]
    fn new(parts: Vec<PyObject>) -> Self {
        PySum { parts }
    }
}

/// A game defined by Python callables, with the same meaning as a script's functions.
#[pyclass(name = "Game", module = "grundy", frozen)]
struct PyGame {
    rules: PythonRules,
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (moves, heap=None, pair=None, parse=None, show=None, name=None))]
    fn new(
        moves: PyObject,
        heap: Option<PyObject>,
        pair: Option<PyObject>,
        parse: Option<PyObject>,
        show: Option<PyObject>,
        name: Option<String>,
    ) -> Self {
        let callables = Callables { moves, heap, pair, parse, show };
        PyGame {
            rules: PythonRules {
                name: name.unwrap_or_else(|| "python".into()),
                callables: Arc::new(callables),
            },
        }
    }

    fn __repr__(&self) -> String {
        format!("grundy.Game({})", self.rules.name)
    }
}

struct Callables {
    moves: PyObject,
    heap: Option<PyObject>,
    pair: Option<PyObject>,
    parse: Option<PyObject>,
    show: Option<PyObject>,
}

/// The library's rules, asking Python for each position's options.
#[derive(Clone)]
struct PythonRules {
    name: String,
    callables: Arc<Callables>,
}

impl std::fmt::Debug for PythonRules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PythonRules({})", self.name)
    }
}

/// The deepest nesting of a position taken from Python: deeper (or a list that contains
/// itself) is not a position, rather than a stack overflow.
const MAX_POSITION_DEPTH: usize = 256;

fn to_value(object: &Bound<'_, PyAny>) -> Option<ScriptValue> {
    to_value_within(object, MAX_POSITION_DEPTH)
}

fn to_value_within(object: &Bound<'_, PyAny>, depth: usize) -> Option<ScriptValue> {
    let depth = depth.checked_sub(1)?;
    let to_value = |item: &Bound<'_, PyAny>| to_value_within(item, depth);
    if object.is_instance_of::<PyBool>() {
        return object.extract().ok().map(ScriptValue::Bool);
    }
    if let Ok(v) = object.extract::<i64>() {
        return Some(ScriptValue::Int(v));
    }
    if let Ok(s) = object.downcast::<PyString>() {
        return s.extract::<String>().ok().map(ScriptValue::Str);
    }
    if let Ok(t) = object.downcast::<PyTuple>() {
        return t.iter().map(|item| to_value(&item)).collect::<Option<_>>().map(ScriptValue::Array);
    }
    if let Ok(l) = object.downcast::<PyList>() {
        return l.iter().map(|item| to_value(&item)).collect::<Option<_>>().map(ScriptValue::Array);
    }
    if let Ok(d) = object.downcast::<PyDict>() {
        return d
            .iter()
            .map(|(k, v)| Some((k.extract::<String>().ok()?, to_value(&v)?)))
            .collect::<Option<_>>()
            .map(ScriptValue::Map);
    }
    None
}

fn from_value(py: Python<'_>, value: &ScriptValue) -> PyObject {
    match value {
        ScriptValue::Int(v) => {
            v.into_pyobject(py).map(|o| o.into_any().unbind()).unwrap_or_else(|_| py.None())
        }
        ScriptValue::Bool(v) => PyBool::new(py, *v).to_owned().into_any().unbind(),
        ScriptValue::Char(c) => PyString::new(py, &c.to_string()).into_any().unbind(),
        ScriptValue::Str(s) => PyString::new(py, s).into_any().unbind(),
        ScriptValue::Array(items) => {
            let items: Vec<PyObject> = items.iter().map(|item| from_value(py, item)).collect();
            PyTuple::new(py, items).map(|t| t.into_any().unbind()).unwrap_or_else(|_| py.None())
        }
        ScriptValue::Map(map) => {
            let dict = PyDict::new(py);
            for (k, v) in map {
                let _ = dict.set_item(k, from_value(py, v));
            }
            dict.into_any().unbind()
        }
    }
}

/// A value that is not a position, described without its `repr` (which may recurse without
/// end, or be megabytes long).
fn describe(object: &Bound<'_, PyAny>) -> String {
    let type_name = object.get_type().name().map(|name| name.to_string()).unwrap_or_default();
    let shown = match to_value_within(object, MAX_POSITION_DEPTH) {
        Some(_) => None,
        None if ["list", "tuple", "dict"].contains(&type_name.as_str()) => None,
        None => object
            .str()
            .ok()
            .map(|text| text.to_string_lossy().chars().take(60).collect::<String>()),
    };
    let what = match shown {
        Some(text) => format!("{text} (a {type_name})"),
        None => format!("a {type_name}"),
    };
    format!(
        "{what} (positions are ints, strings, bools, tuples, lists and dicts, nested at most \
         {MAX_POSITION_DEPTH} deep, never containing themselves)"
    )
}

impl PythonRules {
    fn fail(&self, what: &str, error: PyErr) -> grundy::Error {
        // Ctrl-C inside a callback stops the computation: KeyboardInterrupt, not a bad game.
        let interrupted = Python::with_gil(|py| {
            error.is_instance_of::<pyo3::exceptions::PyKeyboardInterrupt>(py)
        });
        if interrupted {
            return grundy::Error::Cancelled(format!("{}: interrupted in {what}", self.name));
        }
        grundy::Error::rules(&self.name, format!("{what} raised {error}"))
    }

    fn position_from<'py>(
        &self,
        py: Python<'py>,
        function: &PyObject,
        args: impl IntoPyObject<'py, Target = PyTuple>,
        what: &str,
    ) -> grundy::Result<ScriptValue> {
        let result = function.call1(py, args).map_err(|e| self.fail(what, e))?;
        to_value(result.bind(py)).ok_or_else(|| {
            grundy::Error::rules(
                &self.name,
                format!("{what} returned {}, which is not a position", describe(result.bind(py))),
            )
        })
    }
}

impl Ruleset for PythonRules {
    type Position = ScriptValue;

    fn position_bytes(&self, position: &ScriptValue) -> usize {
        position.bytes()
    }

    fn options(
        &self,
        position: &ScriptValue,
        options: &mut Options<ScriptValue>,
    ) -> grundy::Result<()> {
        Python::with_gil(|py| {
            let what = format!("moves({position})");
            let result = self
                .callables
                .moves
                .call1(py, (from_value(py, position),))
                .map_err(|e| self.fail(&what, e))?;
            let listed = result.bind(py);
            if listed.is_instance_of::<PyString>() || listed.is_instance_of::<PyDict>() {
                return Err(grundy::Error::rules(
                    &self.name,
                    format!(
                        "{what} returned a {}, not a list of options (a list or tuple of positions)",
                        listed.get_type().name().map(|n| n.to_string()).unwrap_or_default()
                    ),
                ));
            }
            let iter = listed.try_iter().map_err(|_| {
                grundy::Error::rules(
                    &self.name,
                    format!("{what} returned something that is not a list of options"),
                )
            })?;
            for option in iter {
                let option = option.map_err(|e| self.fail(&what, e))?;
                if let Ok(split) = option.downcast::<PySum>() {
                    let mut parts = Vec::new();
                    for part in &split.get().parts {
                        parts.push(to_value(part.bind(py)).ok_or_else(|| {
                            grundy::Error::rules(
                                &self.name,
                                format!("{what}: a part of a sum is not a position"),
                            )
                        })?);
                    }
                    options.push(parts);
                } else {
                    let part = to_value(&option).ok_or_else(|| {
                        grundy::Error::rules(
                            &self.name,
                            format!("{what} listed {}, which is not a position", describe(&option)),
                        )
                    })?;
                    options.push_one(part);
                }
                if options.overflowed() {
                    break;
                }
            }
            Ok(())
        })
    }
}

impl Rules for PythonRules {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn parse_component(&self, text: &str) -> grundy::Result<ScriptValue> {
        match &self.callables.parse {
            Some(parse) => Python::with_gil(|py| {
                self.position_from(py, parse, (text,), &format!("parse({text:?})"))
                    .map_err(|e| grundy::Error::invalid(e.to_string()))
            }),
            None => {
                if let Ok(v) = text.trim().parse::<i64>() {
                    return Ok(ScriptValue::Int(v));
                }
                let items: Option<Vec<ScriptValue>> = text
                    .split(',')
                    .map(|i| i.trim().parse::<i64>().ok().map(ScriptValue::Int))
                    .collect();
                match items {
                    Some(items) if text.contains(',') => Ok(ScriptValue::Array(items)),
                    _ => Err(grundy::Error::invalid("not a position of this game: without parse= a component is an integer (7) or integers separated by commas (3,5)")),
                }
            }
        }
    }

    fn show_component(&self, position: &ScriptValue) -> String {
        if let Some(show) = &self.callables.show {
            let shown = Python::with_gil(|py| {
                show.call1(py, (from_value(py, position),)).and_then(|s| s.extract::<String>(py))
            });
            if let Ok(text) = shown {
                return text;
            }
        }
        position.to_string()
    }

    fn family_values(
        &self,
        up_to: u64,
        limits: &Limits,
        visit: &mut dyn FnMut(u64, &grundy::solve::loopy::LoopyValue) -> grundy::Result<()>,
    ) -> Option<grundy::Result<()>> {
        let heap = self.callables.heap.as_ref()?;
        Some((|| {
            let mut solver = grundy::solve::values::ValueSolver::new(self, limits.clone());
            for n in 0..=up_to {
                let position = Python::with_gil(|py| {
                    self.position_from(py, heap, (n,), &format!("heap({n})"))
                })?;
                let value = solver.value(&position)?;
                visit(n, &value)?;
            }
            Ok(())
        })())
    }

    fn pair_table(
        &self,
        size: usize,
        limits: &Limits,
    ) -> Option<grundy::Result<grundy::table::PairTable>> {
        let pair = self.callables.pair.as_ref()?;
        Some(grundy::table::table_of_positions(self, &self.name, size, limits, &mut |x, y| {
            Python::with_gil(|py| self.position_from(py, pair, (x, y), &format!("pair({x}, {y})")))
        }))
    }
}

#[pymodule]
fn _grundy(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(request_json, module)?)?;
    module.add_function(wrap_pyfunction!(seq_bytes, module)?)?;
    module.add_function(wrap_pyfunction!(heatmap_svg, module)?)?;
    module.add_function(wrap_pyfunction!(sequence_svg, module)?)?;
    module.add_class::<PyGame>()?;
    module.add_class::<PySum>()?;
    module.add("LimitError", module.py().get_type::<LimitError>())?;
    Ok(())
}
