//! `patience._engine`: the PyO3 layer over `patience-engine`. It only converts values,
//! runs searches on threads of their own, and maps engine errors to the exception classes
//! below. The Python package (`python/patience`) wraps these objects in its public API.
//!
//! A search never holds or waits for the interpreter: `start_solve` and `solve_seeds`
//! return a [`SolveJob`] at once, and Python polls it (sleeping in Python between polls).
//! So no Rust frame is ever on a thread's stack when the interpreter, exiting, stops the
//! threads that ask for it back (which would abort the process), and Ctrl-C is handled
//! by Python itself: the waiting code cancels its job, and `interrupt_all` cancels every
//! running job (the package calls it from its SIGINT handler, for searches on other
//! threads).

use patience_engine::card::Card;
use patience_engine::game::OptValue;
use patience_engine::games::{self, solve_positions, DynGame, Position, SolveReport};
use patience_engine::pack::SplitMix64;
use patience_engine::parts::options::OptKind;
use patience_engine::solver::{Limits, Progress, Stop, Verdict};
use patience_engine::EngineError;
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

create_exception!(
    patience,
    PatienceError,
    PyValueError,
    "Base of every error about bad input."
);
create_exception!(
    patience,
    UnknownGameError,
    PatienceError,
    "No game has this slug."
);
create_exception!(
    patience,
    OptionError,
    PatienceError,
    "Unknown option, or a bad option value."
);
create_exception!(
    patience,
    CardError,
    PatienceError,
    "A card's text cannot be read."
);
create_exception!(
    patience,
    DealError,
    PatienceError,
    "An explicit deal is not the game's pack."
);
create_exception!(
    patience,
    IllegalMoveError,
    PatienceError,
    "The move is not legal here."
);
create_exception!(
    patience,
    SeedError,
    PatienceError,
    "A seed outside 0 .. 2**64-1."
);
create_exception!(
    patience,
    EngineBug,
    PyRuntimeError,
    "An internal error of the engine."
);

/// `(slug, title, pack description, cards, [option], rules version)`.
/// An option: name, default (Python text), help, and its values: kind (`"bool"`,
/// `"int"` for a range, `"choice"` for a few integers), the range's ends or the choices,
/// and whether `None` is allowed.
type OptTuple = (String, String, String, &'static str, Vec<i64>, bool);
type InfoTuple = (String, String, String, usize, Vec<OptTuple>, u32);

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
        EngineBug::new_err(format!(
            "internal engine error (please report): {}",
            panic_text(&*p)
        ))
    })
}

/// The message of a caught panic.
fn panic_text(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into())
}

/// One search or batch of searches running on a thread of its own.
struct Job {
    cancel: AtomicBool,
    progress: Arc<Progress>,
    t0: Instant,
    /// Reports finished and not yet taken: (index, report).
    finished: Mutex<Vec<(usize, SolveReport)>>,
    /// Every report in order once the work is over, or the text of a panic.
    outcome: Mutex<Option<Result<Vec<SolveReport>, String>>>,
}

/// Every job that may still run, for [`interrupt_all`].
static JOBS: Mutex<Vec<Weak<Job>>> = Mutex::new(Vec::new());

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A report for a search that could not even start for want of memory (no thread).
fn memory_report() -> SolveReport {
    SolveReport {
        verdict: Verdict::Unknown,
        stop: Some(Stop::Memory),
        moves: Vec::new(),
        states: 0,
        nodes: 0,
        seconds: 0.0,
        peak_bytes: 0,
    }
}

/// Start `work` on a new thread; `count` is how many reports it gives (for the case
/// where no thread can be had: then each is `unknown` with stop `memory limit`).
fn spawn_job(
    count: usize,
    work: impl FnOnce(&Job) -> Vec<SolveReport> + Send + 'static,
) -> Arc<Job> {
    let job = Arc::new(Job {
        cancel: AtomicBool::new(false),
        progress: Arc::new(Progress::default()),
        t0: Instant::now(),
        finished: Mutex::new(Vec::new()),
        outcome: Mutex::new(None),
    });
    {
        let mut jobs = lock(&JOBS);
        jobs.retain(|j| j.strong_count() > 0);
        jobs.push(Arc::downgrade(&job));
    }
    let worker = job.clone();
    let spawned = std::thread::Builder::new()
        .name("patience-solve".into())
        .spawn(move || {
            let r = catch_unwind(AssertUnwindSafe(|| work(&worker)));
            *lock(&worker.outcome) = Some(r.map_err(|p| panic_text(&*p)));
        });
    if spawned.is_err() {
        let reports: Vec<SolveReport> = (0..count).map(|_| memory_report()).collect();
        *lock(&job.finished) = reports.iter().cloned().enumerate().collect();
        *lock(&job.outcome) = Some(Ok(reports));
    }
    job
}

/// A batch of `count` searches as a job: `run` gets the job's cancel flag and the
/// callback that hands each finished report to `take()`.
fn batch_job(
    count: usize,
    run: impl FnOnce(&AtomicBool, &(dyn Fn(usize, &SolveReport) + Sync)) -> Vec<SolveReport>
        + Send
        + 'static,
) -> SolveJob {
    let job = spawn_job(count, move |job| {
        run(&job.cancel, &|i, r| {
            lock(&job.finished).push((i, r.clone()))
        })
    });
    SolveJob { job }
}

/// A running search (or batch): poll it from Python, never block on it.
#[pyclass(module = "patience._engine", name = "SolveJob", frozen)]
struct SolveJob {
    job: Arc<Job>,
}

#[pymethods]
impl SolveJob {
    /// True once every report is in (read it before `take` so nothing is missed).
    fn done(&self) -> bool {
        lock(&self.job.outcome).is_some()
    }

    /// The reports finished since the last call: `[(index, report dict)]`.
    fn take<'py>(&self, py: Python<'py>) -> PyResult<Vec<(usize, Bound<'py, PyDict>)>> {
        let got = std::mem::take(&mut *lock(&self.job.finished));
        got.iter()
            .map(|(i, r)| Ok((*i, report_dict(py, r)?)))
            .collect()
    }

    /// Every report in order, once `done()`; `None` before.
    fn results<'py>(&self, py: Python<'py>) -> PyResult<Option<Vec<Bound<'py, PyDict>>>> {
        match &*lock(&self.job.outcome) {
            None => Ok(None),
            Some(Ok(reports)) => Ok(Some(
                reports
                    .iter()
                    .map(|r| report_dict(py, r))
                    .collect::<PyResult<_>>()?,
            )),
            Some(Err(what)) => Err(EngineBug::new_err(format!(
                "internal engine error (please report): {what}"
            ))),
        }
    }

    /// Ask the search to stop (it ends with stop `cancelled` within a moment).
    fn cancel(&self) {
        self.job.cancel.store(true, Ordering::Relaxed);
    }

    /// `(states, bytes, seconds)` so far (a single search publishes its figures).
    fn progress(&self) -> (u64, u64, f64) {
        (
            self.job.progress.states.load(Ordering::Relaxed),
            self.job.progress.bytes.load(Ordering::Relaxed),
            self.job.t0.elapsed().as_secs_f64(),
        )
    }
}

#[pyfunction]
/// Cancel every running search of this process (on any thread); returns how many.
fn interrupt_all() -> usize {
    let mut jobs = lock(&JOBS);
    jobs.retain(|j| j.strong_count() > 0);
    let mut n = 0;
    for j in jobs.iter().filter_map(Weak::upgrade) {
        if lock(&j.outcome).is_none() {
            j.cancel.store(true, Ordering::Relaxed);
            n += 1;
        }
    }
    n
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
        // Past what a Duration holds (about 5.8e11 years) is no limit at all.
        Some(t) if t >= 0.0 => Duration::try_from_secs_f64(t).ok(),
        Some(t) => {
            return Err(PatienceError::new_err(format!(
                "timeout must be a number of seconds >= 0, got {t}"
            )))
        }
    };
    Ok(Limits {
        max_states,
        timeout,
        max_bytes,
        plain: !prune,
        progress: None,
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

    /// `(slug, title, pack description, number of cards, [(option, default, help)], rules
    /// version)`.
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

    /// Start solving the deals of `seeds` on `threads` threads (0 = all cores); returns
    /// the job at once. Reports arrive in finishing order through `take()`, all of them
    /// in seed order through `results()`.
    #[pyo3(signature = (seeds, max_states=None, timeout=None, max_bytes=None, threads=0, prune=true))]
    fn solve_seeds(
        &self,
        seeds: Vec<u64>,
        max_states: Option<u64>,
        timeout: Option<f64>,
        max_bytes: Option<u64>,
        threads: usize,
        prune: bool,
    ) -> PyResult<SolveJob> {
        let lim = limits(max_states, timeout, max_bytes, prune)?;
        let g = self.inner.clone();
        Ok(batch_job(seeds.len(), move |cancel, done| {
            g.solve_seeds(&seeds, &lim, threads, cancel, done)
        }))
    }

    /// Start solving explicit deals (`[(card texts, stream state)]`) on `threads`
    /// threads, like `solve_seeds`; every deal is laid out (and checked) first.
    #[pyo3(signature = (deals, max_states=None, timeout=None, max_bytes=None, threads=0, prune=true))]
    fn solve_deals(
        &self,
        deals: Vec<(Vec<String>, u64)>,
        max_states: Option<u64>,
        timeout: Option<f64>,
        max_bytes: Option<u64>,
        threads: usize,
        prune: bool,
    ) -> PyResult<SolveJob> {
        let lim = limits(max_states, timeout, max_bytes, prune)?;
        let positions = self.lay_out(deals)?;
        Ok(batch_job(positions.len(), move |cancel, done| {
            solve_positions(&positions, &lim, threads, cancel, done)
        }))
    }
}

impl RustGame {
    /// Lay out explicit deals (card texts and stream state each), before any search
    /// starts, so that a bad deal is an error naming it rather than a report.
    fn lay_out(&self, deals: Vec<(Vec<String>, u64)>) -> PyResult<Vec<Box<dyn Position>>> {
        deals
            .into_iter()
            .enumerate()
            .map(|(i, (cards, rng))| {
                let cards = parse_cards(cards)
                    .map_err(|e| DealError::new_err(format!("deal {} of the list: {e}", i + 1)))?;
                let g = self.inner.clone();
                guarded(move || g.start(cards, SplitMix64::new(rng)))?
                    .map_err(|e| DealError::new_err(format!("deal {} of the list: {e}", i + 1)))
            })
            .collect()
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
                let (kind, values, none) = match o.kind {
                    OptKind::Bool => ("bool", vec![], false),
                    OptKind::Int { lo, hi, none } => ("int", vec![lo, hi], none),
                    OptKind::OneOf(list) => ("choice", list.to_vec(), false),
                };
                (
                    o.name.to_string(),
                    o.default.to_string(),
                    o.help.to_string(),
                    kind,
                    values,
                    none,
                )
            })
            .collect(),
        games::rules_version(i.slug),
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

    /// The position after the move `mv` (its text form, in any case).
    fn play(&self, mv: &str) -> PyResult<RustState> {
        let next = guarded(|| self.inner.play(mv))?.map_err(Error)?;
        Ok(RustState { inner: next.into() })
    }

    /// The position after the move `mv` (its text form, in any case) and the move's own
    /// text (as `moves()` writes it).
    fn play_named(&self, mv: &str) -> PyResult<(RustState, String)> {
        let (next, text) = guarded(|| self.inner.play_named(mv))?.map_err(Error)?;
        Ok((RustState { inner: next.into() }, text))
    }

    /// Every legal move's text with the key of the position after it, in the engine's
    /// order (one call for a whole move list).
    fn successors(&self) -> PyResult<Vec<(String, String)>> {
        guarded(|| self.inner.successors())
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

    /// Start an exhaustive search from this position; returns the job at once. Its one
    /// report (a dict: verdict, stop, moves, states, nodes, seconds, peak_bytes) comes
    /// from `results()`. `prune=False` searches the plain legal moves with no pruning at
    /// all (a brute-force re-check).
    #[pyo3(signature = (max_states=None, timeout=None, max_bytes=None, prune=true))]
    fn start_solve(
        &self,
        max_states: Option<u64>,
        timeout: Option<f64>,
        max_bytes: Option<u64>,
        prune: bool,
    ) -> PyResult<SolveJob> {
        let mut lim = limits(max_states, timeout, max_bytes, prune)?;
        let pos = self.inner.clone();
        let job = spawn_job(1, move |job| {
            lim.progress = Some(job.progress.clone());
            let r = pos.solve(&lim, &job.cancel);
            lock(&job.finished).push((0, r.clone()));
            vec![r]
        });
        Ok(SolveJob { job })
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
    m.add_class::<SolveJob>()?;
    m.add_function(wrap_pyfunction!(games_info, m)?)?;
    m.add_function(wrap_pyfunction!(interrupt_all, m)?)?;
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
