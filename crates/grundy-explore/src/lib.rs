//! `grundy explore` on timely dataflow: the library's explore engine
//! ([`grundy::explore`]) driven across worker threads and processes.
//!
//! Every worker holds one [`Shard`] and runs the same sequence of phases
//! ([`grundy::explore::label_all`]); a phase is one timely dataflow: a loop whose operator
//! hands each message to its shard ([`Shard::receive`]) and sends what the shard says on, to
//! the worker [`Msg::destination`] names, one round later. The phase ends when the loop has
//! no message left anywhere (timely's progress tracking says so: the frontier is empty); the
//! shards' tallies are then exchanged so that every worker takes the same next step. Phases
//! whose messages must be taken round by round (remoteness) hold each round until the
//! frontier has passed it.
//!
//! The library stays free of threads and networking: all of that is here and in timely.

pub mod cluster;

use grundy::explore::{label_all, Driver, Job, Msg, Phase, Shard, Summary, Tally};
use grundy::{Error, Limits, Result};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use timely::dataflow::channels::pact::Exchange;
use timely::dataflow::operators::generic::operator::Operator;
use timely::dataflow::operators::{Capability, ConnectLoop, Feedback, Probe, ToStream};
use timely::worker::Worker;

pub use cluster::Hosts;

/// How a run is spread.
#[derive(Debug, Clone)]
pub struct Spread {
    /// Worker threads in each process.
    pub threads: usize,
    /// The processes, when more than one: this one's number and where all listen.
    pub cluster: Option<(usize, Hosts)>,
    /// How long to wait for the other processes at the start.
    pub connect_timeout: Duration,
}

impl Spread {
    /// The number of processes.
    pub fn processes(&self) -> usize {
        self.cluster.as_ref().map_or(1, |(_, hosts)| hosts.addresses.len())
    }

    /// This process's number.
    pub fn process(&self) -> usize {
        self.cluster.as_ref().map_or(0, |(me, _)| *me)
    }
}

/// Why a run failed.
#[derive(Debug)]
pub enum RunError {
    /// The game's error, the same in every process (exit status 2).
    Game(Error),
    /// A peer could not be reached or was refused (exit status 1).
    Peer(String),
    /// Writing `--out` failed (exit status 1).
    Output(String),
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::Game(error) => write!(f, "{error}"),
            RunError::Peer(message) | RunError::Output(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for RunError {}

/// What a process ends with: the summary (every process has it; process 0 prints it) and
/// figures for the benchmark.
#[derive(Debug)]
pub struct Finished {
    /// The answer.
    pub summary: Summary,
    /// Messages this process's workers sent.
    pub messages: u64,
}

/// A fingerprint of what a process was asked, so that processes given different commands
/// refuse each other.
pub fn fingerprint(job: &Job, threads: usize, extra: &str) -> u64 {
    let mut bytes = Vec::new();
    bytes.extend_from_slice(job.rules.name().as_bytes());
    bytes.push(0);
    for start in &job.starts {
        bytes.extend_from_slice(&(start.len() as u64).to_le_bytes());
        bytes.extend_from_slice(start);
    }
    bytes.extend_from_slice(&(threads as u64).to_le_bytes());
    bytes.extend_from_slice(&job.max_positions.to_le_bytes());
    bytes.extend_from_slice(extra.as_bytes());
    grundy::codec::position_hash(&bytes)
}

/// Progress lines on stderr from the first worker of process 0, once a run has taken a
/// second.
struct Progress {
    started: Instant,
    shown: bool,
}

impl Progress {
    fn tell(&mut self, phase: Phase, tally: &Tally, positions: u64) {
        if self.started.elapsed() < Duration::from_secs(1) {
            return;
        }
        self.shown = true;
        let what = match phase {
            Phase::Taint => format!(", {} not yet labelled", tally.unknown),
            _ => String::new(),
        };
        eprintln!(
            "explore: {:.1} s: {} done ({positions} positions{what})",
            self.started.elapsed().as_secs_f64(),
            phase.name()
        );
    }
}

/// Messages a worker takes in one activation before it looks at its input again.
const BUDGET: usize = 16384;
/// Messages for other workers gathered before they are sent.
const BATCH: usize = 1024;

/// One worker's driver: each phase a dataflow on this worker's shard.
struct TimelyDriver<'w> {
    worker: &'w mut Worker,
    shard: Rc<RefCell<Shard>>,
    messages: Rc<RefCell<u64>>,
}

impl Driver for TimelyDriver<'_> {
    fn run(&mut self, phase: Phase, starts: &[Vec<u8>]) -> Result<Tally> {
        let workers = self.worker.peers() as u32;
        let me = self.worker.index() as u32;
        let shard = self.shard.clone();
        let messages = self.messages.clone();
        let starts = starts.to_vec();
        let probe = self.worker.dataflow::<u32, _, _>(move |scope| {
            let (handle, cycle) = scope.feedback::<Vec<Msg>>(1);
            let stream = cycle.unary_frontier(
                Exchange::new(move |msg: &Msg| u64::from(msg.destination(workers))),
                "phase",
                move |capability, info| {
                    let activator = scope.activator_for(info.address);
                    let mut first = Some(capability);
                    let mut held: BTreeMap<u32, (Capability<u32>, Vec<Msg>)> = BTreeMap::new();
                    let mut out: Vec<Msg> = Vec::new();
                    let mut local: std::collections::VecDeque<Msg> =
                        std::collections::VecDeque::new();
                    // The least capability of the messages taken but not yet answered.
                    let mut pending: Option<Capability<u32>> = None;
                    let mut remote: Vec<Msg> = Vec::new();
                    let mut ready: Vec<Msg> = Vec::new();
                    move |(input, frontier), output| {
                        let mut shard = shard.borrow_mut();
                        if let Some(capability) = first.take() {
                            shard.begin(phase, &starts, &mut out);
                            *messages.borrow_mut() += out.len() as u64;
                            output.session(&capability).give_container(&mut out);
                            out.clear();
                        }
                        input.for_each(|time, data| {
                            let Some(round) = time.least().copied() else {
                                return;
                            };
                            if phase.in_rounds() {
                                let entry = held.entry(round).or_insert_with(|| {
                                    (time.retain_least(0).expect("a time"), Vec::new())
                                });
                                entry.1.append(data);
                                return;
                            }
                            local.extend(data.drain(..));
                            if pending.as_ref().is_none_or(|held| *held.time() > round) {
                                pending = Some(time.retain_least(0).expect("a time"));
                            }
                        });
                        // Order does not matter in these phases: what is for this worker is
                        // taken at once, and what is for others is sent as soon as a batch is
                        // full, so that they work while this worker does. A worker takes at
                        // most BUDGET messages before it looks at its input again.
                        if let Some(capability) = &pending {
                            let round = *capability.time();
                            let mut budget = BUDGET;
                            while budget > 0 {
                                let Some(msg) = local.pop_front() else { break };
                                budget -= 1;
                                shard.receive(phase, round, msg, &mut out);
                                *messages.borrow_mut() += out.len() as u64;
                                for msg in out.drain(..) {
                                    if msg.destination(workers) == me {
                                        local.push_back(msg);
                                    } else {
                                        remote.push(msg);
                                    }
                                }
                                if remote.len() >= BATCH {
                                    output.session(capability).give_container(&mut remote);
                                    remote.clear();
                                }
                            }
                            if !remote.is_empty() {
                                output.session(capability).give_container(&mut remote);
                                remote.clear();
                            }
                            if local.is_empty() {
                                pending = None;
                            } else {
                                activator.activate();
                            }
                        }
                        // Round by round: a round is taken once no message of it can come.
                        while let Some(&round) = held.keys().next() {
                            if frontier.less_equal(&round) {
                                break;
                            }
                            let (capability, mut data) = held.remove(&round).expect("held");
                            ready.append(&mut data);
                            for msg in ready.drain(..) {
                                shard.receive(phase, round, msg, &mut out);
                            }
                            *messages.borrow_mut() += out.len() as u64;
                            output.session(&capability).give_container(&mut out);
                            out.clear();
                        }
                    }
                },
            );
            let (probe, stream) = stream.probe();
            stream.connect_loop(handle);
            probe
        });
        while !probe.done() {
            self.worker.step_or_park(None);
        }
        let tally = self.shard.borrow_mut().end(phase);
        Ok(all_reduce(self.worker, tally))
    }
}

/// Every worker's tally, summed, on every worker.
fn all_reduce(worker: &mut Worker, tally: Tally) -> Tally {
    let peers = worker.peers();
    let gathered: Rc<RefCell<Vec<Tally>>> = Rc::new(RefCell::new(Vec::new()));
    let sink = gathered.clone();
    let copies: Vec<(u64, Tally)> = (0..peers as u64).map(|to| (to, tally.clone())).collect();
    let probe = worker.dataflow::<u32, _, _>(move |scope| {
        let stream = copies.to_stream(scope).container::<Vec<_>>();
        let (probe, stream) = stream
            .unary(Exchange::new(|(to, _): &(u64, Tally)| *to), "tally", move |_cap, _info| {
                move |input,
                      _output: &mut timely::dataflow::operators::generic::OutputBuilderSession<
                    '_,
                    u32,
                    timely::container::CapacityContainerBuilder<Vec<()>>,
                >| {
                    input.for_each(|_time, data| {
                        sink.borrow_mut().extend(data.drain(..).map(|(_, tally)| tally));
                    });
                }
            })
            .probe();
        let _ = stream;
        probe
    });
    while !probe.done() {
        worker.step_or_park(None);
    }
    let mut total = Tally::default();
    for tally in gathered.borrow_mut().drain(..) {
        total.merge(tally);
    }
    total
}

/// Explores `job` as `spread` says; every process returns the summary (process 0 prints it),
/// and with `out` each process writes its positions to `out/part-I`.
pub fn run(
    job: Job,
    limits: &Limits,
    spread: &Spread,
    out: Option<&Path>,
) -> std::result::Result<Finished, RunError> {
    let threads = spread.threads.max(1);
    let processes = spread.processes();
    let process = spread.process();
    let workers = (threads * processes) as u32;
    let builders = match &spread.cluster {
        None => {
            timely::CommunicationConfig::Process(threads).try_build().map_err(RunError::Peer)?
        }
        Some((me, hosts)) => {
            let fingerprint = fingerprint(&job, threads, &format!("{processes}"));
            let sockets = cluster::connect(hosts, *me, fingerprint, spread.connect_timeout)
                .map_err(|error| RunError::Peer(error.0))?;
            cluster::watch_peers(hosts);
            let hooks = timely::communication::Hooks::default();
            let local = timely::communication::allocator::ProcessBuilder::new_typed_vector(
                threads,
                hooks.refill.clone(),
                hooks.spill.clone(),
            );
            let (builders, guard) = timely::communication::allocator::zero_copy::initialize::initialize_networking_from_sockets(
                local, sockets, *me, threads, hooks,
            )
            .map_err(|error| RunError::Peer(format!("starting the network: {error}")))?;
            (
                builders.into_iter().map(timely::communication::AllocatorBuilder::Tcp).collect(),
                Box::new(guard) as Box<dyn std::any::Any + Send>,
            )
        }
    };
    let job = Arc::new(job);
    let job_kept = job.clone();
    let per_worker = job.max_positions.div_ceil(threads as u64).max(1);
    let mut worker_limits = limits.clone();
    worker_limits.max_bytes = (limits.max_bytes / threads as u64).max(1);
    let shards: Arc<Mutex<Vec<(usize, Shard)>>> = Arc::new(Mutex::new(Vec::new()));
    let kept = shards.clone();
    let guards = timely::execute::execute_from(
        builders.0,
        builders.1,
        timely::WorkerConfig::default(),
        move |worker| -> std::result::Result<(Tally, u64), Error> {
            let index = worker.index();
            let shard = Shard::new(
                job.rules.clone(),
                worker_limits.clone(),
                index as u32,
                workers,
                per_worker,
            );
            let shard = Rc::new(RefCell::new(shard));
            let messages = Rc::new(RefCell::new(0u64));
            let mut progress = Progress { started: Instant::now(), shown: false };
            let tally = {
                let mut driver =
                    TimelyDriver { worker, shard: shard.clone(), messages: messages.clone() };
                label_all(&mut driver, &job.starts, &mut |phase, tally| {
                    if index == 0 {
                        progress.tell(phase, tally, tally.positions);
                    }
                })?
            };
            if progress.shown {
                eprintln!("explore: {:.1} s: done", progress.started.elapsed().as_secs_f64());
            }
            let shard = Rc::try_unwrap(shard).ok().expect("the dataflows have ended").into_inner();
            kept.lock().expect("no worker panicked").push((index, shard));
            let sent = *messages.borrow();
            Ok((tally, sent))
        },
    )
    .map_err(RunError::Peer)?;
    let mut result = None;
    let mut messages = 0;
    for joined in guards.join() {
        match joined {
            Ok(Ok((tally, sent))) => {
                messages += sent;
                result.get_or_insert(tally);
            }
            Ok(Err(error)) => return Err(RunError::Game(error)),
            Err(panic) => return Err(RunError::Peer(format!("a worker failed: {panic}"))),
        }
    }
    let tally = result.expect("at least one worker");
    let mut shards = std::mem::take(&mut *shards.lock().expect("workers joined"));
    shards.sort_by_key(|(index, _)| *index);
    if let Some(dir) = out {
        write_part(dir, process, &shards).map_err(RunError::Output)?;
    }
    Ok(Finished { summary: Summary::new(&job_kept, tally, processes, threads), messages })
}

/// Writes this process's positions to `dir/part-I`: first to a `.partial` file, renamed when
/// complete, so that no file looks complete that is not.
fn write_part(
    dir: &Path,
    process: usize,
    shards: &[(usize, Shard)],
) -> std::result::Result<(), String> {
    std::fs::create_dir_all(dir)
        .map_err(|error| format!("cannot create '{}': {error}", dir.display()))?;
    let path: PathBuf = dir.join(format!("part-{process}"));
    let partial = dir.join(format!("part-{process}.partial"));
    let fail = |error: std::io::Error| format!("cannot write '{}': {error}", partial.display());
    let file = std::fs::File::create(&partial).map_err(fail)?;
    let mut writer = std::io::BufWriter::with_capacity(1 << 20, file);
    for (_, shard) in shards {
        let rules = shard.rules().clone();
        for (bytes, label) in shard.labels() {
            writeln!(writer, "{}", label.line(&rules.show(bytes))).map_err(fail)?;
        }
    }
    writer.flush().map_err(fail)?;
    writer.into_inner().map_err(|error| fail(error.into_error()))?.sync_all().map_err(fail)?;
    std::fs::rename(&partial, &path)
        .map_err(|error| format!("cannot write '{}': {error}", path.display()))
}
