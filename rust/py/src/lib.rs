//! `patience._engine`: the PyO3 layer over `patience-engine`. It only converts values,
//! releases the interpreter during long work, turns Ctrl-C into `KeyboardInterrupt`, and
//! maps engine errors to the exception classes below. The Python package
//! (`python/patience`) wraps these objects in its public API.

use patience_engine::card::Card;
use patience_engine::game::OptValue;
use patience_engine::games::{self, DynGame, Position, SolveReport};
use patience_engine::pack::SplitMix64;
use patience_engine::solver::Limits;
use patience_engine::EngineError;
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

create_exception!(
    _engine,
    PatienceError,
    PyValueError,
    "Base of every error about bad input."
);
create_exception!(
    _engine,
    UnknownGameError,
    PatienceError,
    "No game has this slug."
);
create_exception!(
    _engine,
    OptionError,
    PatienceError,
    "Unknown option, or a bad option value."
);
create_exception!(
    _engine,
    CardError,
    PatienceError,
    "A card's text cannot be read."
);
create_exception!(
    _engine,
    DealError,
    PatienceError,
    "An explicit deal is not the game's pack."
);
create_exception!(
    _engine,
    IllegalMoveError,
    PatienceError,
    "The move is not legal here."
);
create_exception!(
    _engine,
    SeedError,
    PatienceError,
    "A seed outside 0 .. 2**64-1."
);
create_exception!(
    _engine,
    EngineBug,
    PyRuntimeError,
    "An internal error of the engine."
);

/// `(slug, title, pack description, cards, [(option, default, help)])`.
type InfoTuple = (String, String, String, usize, Vec<(String, String, String)>);

struct Error(EngineError);

impl From<EngineError> for Error {
    fn from(e: EngineError) -> Self {
        Error(e)
    }
}

impl From<Error> for PyErr {
    fn from(Error(e): Error) -> PyErr {
        let msg = e.to_string();
        match e {
            EngineError::UnknownGame(_) => UnknownGameError::new_err(msg),
            EngineError::UnknownOption { .. } | EngineError::BadOption { .. } => {
                OptionError::new_err(msg)
            }
            EngineError::BadCard(_) => CardError::new_err(msg),
            EngineError::WrongCount { .. }
            | EngineError::DuplicateCard { .. }
            | EngineError::MissingCard { .. }
            | EngineError::BadDeal(_) => DealError::new_err(msg),
            EngineError::IllegalMove { .. } => IllegalMoveError::new_err(msg),
            EngineError::BadSeed(_) => SeedError::new_err(msg),
        }
    }
}

/// Run engine code, turning a panic (a bug, never expected) into `EngineBug`.
fn guarded<T>(f: impl FnOnce() -> T) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|p| {
        let what = p
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| p.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".into());
        EngineBug::new_err(format!("internal engine error (please report): {what}"))
    })
}

/// Run `work` on another thread with the interpreter released, polling for Ctrl-C; on a
/// signal the cancel flag is raised, the work is awaited and the signal's error returned.
fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce(&AtomicBool) -> T + Send + 'static,
) -> PyResult<T> {
    let cancel = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel();
    let rx = std::sync::Mutex::new(rx);
    let flag = cancel.clone();
    let handle = std::thread::spawn(move || {
        let r = catch_unwind(AssertUnwindSafe(|| work(&flag)));
        let _ = tx.send(());
        r
    });
    let mut signal: Option<PyErr> = None;
    loop {
        let done = py.detach(|| match rx.lock() {
            Ok(r) => r.recv_timeout(Duration::from_millis(50)),
            Err(_) => Err(mpsc::RecvTimeoutError::Disconnected),
        });
        match done {
            Ok(()) | Err(mpsc::RecvTimeoutError::Disconnected) => break,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if signal.is_none() {
                    if let Err(e) = py.check_signals() {
                        cancel.store(true, Ordering::Relaxed);
                        signal = Some(e);
                    }
                }
            }
        }
    }
    let joined = py.detach(|| handle.join());
    if let Some(e) = signal {
        return Err(e);
    }
    match joined {
        Ok(Ok(v)) => Ok(v),
        _ => Err(EngineBug::new_err(
            "internal engine error (please report): a worker panicked",
        )),
    }
}

fn to_options(options: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<(String, OptValue)>> {
    let mut out = Vec::new();
    if let Some(d) = options {
        for (k, v) in d.iter() {
            let name: String = k
                .extract()
                .map_err(|_| PyTypeError::new_err("option names must be strings"))?;
            let value = if v.is_none() {
                OptValue::Unset
            } else if v.is_instance_of::<PyBool>() {
                OptValue::Bool(v.extract()?)
            } else if v.is_instance_of::<PyInt>() {
                OptValue::Int(v.extract().map_err(|_| {
                    OptionError::new_err(format!("option {name:?}: integer out of range"))
                })?)
            } else {
                return Err(PyTypeError::new_err(format!(
                    "option {name:?} must be an int, a bool or None, not {}",
                    v.get_type().name()?
                )));
            };
            out.push((name, value));
        }
    }
    Ok(out)
}

fn parse_cards(cards: Vec<String>) -> PyResult<Vec<Card>> {
    cards
        .iter()
        .map(|c| Card::parse(c).map_err(|e| Error(e).into()))
        .collect()
}

fn limits(
    max_states: Option<u64>,
    timeout: Option<f64>,
    max_bytes: Option<u64>,
    prune: bool,
) -> PyResult<Limits> {
    let timeout = match timeout {
        None => None,
        Some(t) if t.is_finite() && t >= 0.0 => Some(Duration::from_secs_f64(t)),
        Some(t) => {
            return Err(PyValueError::new_err(format!(
                "timeout must be >= 0 seconds, got {t}"
            )))
        }
    };
    Ok(Limits {
        max_states,
        timeout,
        max_bytes,
        plain: !prune,
    })
}

fn report_dict<'py>(py: Python<'py>, r: &SolveReport) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("verdict", r.verdict.as_str())?;
    d.set_item("stop", r.stop.map(|s| s.as_str()))?;
    d.set_item("moves", &r.moves)?;
    d.set_item("states", r.states)?;
    d.set_item("nodes", r.nodes)?;
    d.set_item("seconds", r.seconds)?;
    d.set_item("peak_bytes", r.peak_bytes)?;
    Ok(d)
}

/// A game with its options (engine object; see `patience.Game`).
#[pyclass(module = "patience._engine", name = "RustGame", frozen)]
struct RustGame {
    inner: Arc<dyn DynGame>,
}

#[pymethods]
impl RustGame {
    #[new]
    #[pyo3(signature = (slug, options=None))]
    fn new(slug: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let opts = to_options(options)?;
        Ok(RustGame {
            inner: games::game(slug, &opts).map_err(Error)?,
        })
    }

    /// `(slug, title, pack description, number of cards, [(option, default, help)])`.
    fn info(&self) -> InfoTuple {
        info_tuple(&self.inner.info())
    }

    /// The shuffled pack of `seed` as card texts, and the stream's state after the shuffle.
    fn shuffled(&self, seed: u64) -> (Vec<String>, u64) {
        let (cards, rng) = self.inner.deal_order(seed);
        (cards.iter().map(|c| c.to_string()).collect(), rng.state)
    }

    /// Validate an explicit pack (card texts in dealing order); returns the normalised texts.
    fn check_cards(&self, cards: Vec<String>) -> PyResult<Vec<String>> {
        let cards = parse_cards(cards)?;
        self.inner.info().pack.validate(&cards).map_err(Error)?;
        Ok(cards.iter().map(|c| c.to_string()).collect())
    }

    /// The first position of a deal: the shuffled pack (card texts) and the stream state.
    fn start(&self, cards: Vec<String>, rng_state: u64) -> PyResult<RustState> {
        let cards = parse_cards(cards)?;
        let g = self.inner.clone();
        let pos = guarded(move || g.start(cards, SplitMix64::new(rng_state)))?.map_err(Error)?;
        Ok(RustState { inner: pos.into() })
    }

    /// Solve the deals of `seeds` on `threads` threads (0 = all cores). `on_done(i, report)`
    /// is called (with the interpreter held) as each deal finishes, in finishing order.
    #[pyo3(signature = (seeds, max_states=None, timeout=None, max_bytes=None, threads=0, on_done=None, prune=true))]
    #[allow(clippy::too_many_arguments)]
    fn solve_seeds<'py>(
        &self,
        py: Python<'py>,
        seeds: Vec<u64>,
        max_states: Option<u64>,
        timeout: Option<f64>,
        max_bytes: Option<u64>,
        threads: usize,
        on_done: Option<Bound<'py, PyAny>>,
        prune: bool,
    ) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let lim = limits(max_states, timeout, max_bytes, prune)?;
        let g = self.inner.clone();
        let (tx, rx) = mpsc::channel::<(usize, SolveReport)>();
        let rx = std::sync::Mutex::new(rx);
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = cancel.clone();
        let handle = std::thread::spawn(move || {
            catch_unwind(AssertUnwindSafe(|| {
                let tx = std::sync::Mutex::new(tx);
                g.solve_seeds(&seeds, &lim, threads, &flag, &|i, r| {
                    if let Ok(t) = tx.lock() {
                        let _ = t.send((i, r.clone()));
                    }
                })
            }))
        });
        let mut signal: Option<PyErr> = None;
        loop {
            let got = py.detach(|| match rx.lock() {
                Ok(r) => r.recv_timeout(Duration::from_millis(50)),
                Err(_) => Err(mpsc::RecvTimeoutError::Disconnected),
            });
            match got {
                Ok((i, r)) => {
                    if let (Some(cb), None) = (&on_done, &signal) {
                        if let Err(e) = cb.call1((i, report_dict(py, &r)?)) {
                            cancel.store(true, Ordering::Relaxed);
                            signal = Some(e);
                        }
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if signal.is_none() {
                        if let Err(e) = py.check_signals() {
                            cancel.store(true, Ordering::Relaxed);
                            signal = Some(e);
                        }
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
        let joined = py.detach(|| handle.join());
        if let Some(e) = signal {
            return Err(e);
        }
        match joined {
            Ok(Ok(reports)) => reports.iter().map(|r| report_dict(py, r)).collect(),
            _ => Err(EngineBug::new_err(
                "internal engine error (please report): a worker panicked",
            )),
        }
    }
}

fn info_tuple(i: &patience_engine::GameInfo) -> InfoTuple {
    (
        i.slug.to_string(),
        i.title.to_string(),
        i.pack.describe(),
        i.pack.len(),
        i.options
            .iter()
            .map(|o| {
                (
                    o.name.to_string(),
                    o.default.to_string(),
                    o.help.to_string(),
                )
            })
            .collect(),
    )
}

/// A position (engine object; see `patience.State`).
#[pyclass(module = "patience._engine", name = "RustState", frozen)]
struct RustState {
    inner: Arc<dyn Position>,
}

#[pymethods]
impl RustState {
    /// Text forms of the legal moves, in the engine's order.
    fn moves(&self) -> PyResult<Vec<String>> {
        guarded(|| self.inner.moves())
    }

    /// The position after the move `mv` (its text form).
    fn play(&self, mv: &str) -> PyResult<RustState> {
        let next = guarded(|| self.inner.play(mv))?.map_err(Error)?;
        Ok(RustState { inner: next.into() })
    }

    #[getter]
    fn key(&self) -> PyResult<String> {
        guarded(|| self.inner.key())
    }

    fn display(&self) -> PyResult<String> {
        guarded(|| self.inner.display())
    }

    #[getter]
    fn is_won(&self) -> PyResult<bool> {
        guarded(|| self.inner.is_won())
    }

    /// Exhaustive search from this position; returns a dict (verdict, stop, moves, states,
    /// nodes, seconds, peak_bytes). Ctrl-C stops it with KeyboardInterrupt. `prune=False`
    /// searches the plain legal moves with no pruning at all (a brute-force re-check).
    #[pyo3(signature = (max_states=None, timeout=None, max_bytes=None, prune=true))]
    fn solve<'py>(
        &self,
        py: Python<'py>,
        max_states: Option<u64>,
        timeout: Option<f64>,
        max_bytes: Option<u64>,
        prune: bool,
    ) -> PyResult<Bound<'py, PyDict>> {
        let lim = limits(max_states, timeout, max_bytes, prune)?;
        let pos = self.inner.clone();
        let r = interruptible(py, move |cancel| pos.solve(&lim, cancel))?;
        report_dict(py, &r)
    }
}

#[pyfunction]
/// Metadata of every game with default options.
fn games_info() -> Vec<InfoTuple> {
    games::all_games().iter().map(info_tuple).collect()
}

/// The compiled core of `patience`.
#[pymodule]
fn _engine(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<RustGame>()?;
    m.add_class::<RustState>()?;
    m.add_function(wrap_pyfunction!(games_info, m)?)?;
    m.add("PatienceError", py.get_type::<PatienceError>())?;
    m.add("UnknownGameError", py.get_type::<UnknownGameError>())?;
    m.add("OptionError", py.get_type::<OptionError>())?;
    m.add("CardError", py.get_type::<CardError>())?;
    m.add("DealError", py.get_type::<DealError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("SeedError", py.get_type::<SeedError>())?;
    m.add("EngineBug", py.get_type::<EngineBug>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
