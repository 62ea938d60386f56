//! The reference driver: every shard in one thread, messages delivered round by round.
//!
//! It is the plainest way to run [`super::label_all`]: each round delivers every message sent
//! in the round before, in order, so every phase (the ones that need rounds too) is run as the
//! definitions say. `explore` with many shards here and with the timely dataflow must agree
//! with each other and with `solve` and `graph`.

use super::{label_all, Driver, Job, Msg, Phase, Shard, Summary, Tally};
use crate::error::Result;
use crate::limits::Limits;

/// Shards driven in one thread.
pub struct Sequential {
    shards: Vec<Shard>,
    /// Messages sent, in all (for the benchmark's messages per move).
    pub messages: u64,
}

impl Sequential {
    /// `workers` shards over `job`'s rules.
    pub fn new(job: &Job, limits: &Limits, workers: u32) -> Sequential {
        let workers = workers.max(1);
        let shards = (0..workers)
            .map(|worker| {
                Shard::new(job.rules.clone(), limits.clone(), worker, workers, job.max_positions)
            })
            .collect();
        Sequential { shards, messages: 0 }
    }

    /// The shards, once run (for their labels).
    pub fn shards(&self) -> &[Shard] {
        &self.shards
    }
}

impl Driver for Sequential {
    fn run(&mut self, phase: Phase, starts: &[Vec<u8>]) -> Result<Tally> {
        let workers = self.shards.len() as u32;
        let mut inboxes: Vec<Vec<Msg>> = vec![Vec::new(); self.shards.len()];
        let mut out = Vec::new();
        let route = |out: &mut Vec<Msg>, inboxes: &mut Vec<Vec<Msg>>, count: &mut u64| {
            *count += out.len() as u64;
            for msg in out.drain(..) {
                inboxes[msg.destination(workers) as usize].push(msg);
            }
        };
        for shard in &mut self.shards {
            shard.begin(phase, starts, &mut out);
            route(&mut out, &mut inboxes, &mut self.messages);
        }
        let mut round = 1u32;
        while inboxes.iter().any(|inbox| !inbox.is_empty()) {
            let delivered = std::mem::replace(&mut inboxes, vec![Vec::new(); self.shards.len()]);
            for (shard, inbox) in self.shards.iter_mut().zip(delivered) {
                for msg in inbox {
                    shard.receive(phase, round, msg, &mut out);
                    route(&mut out, &mut inboxes, &mut self.messages);
                }
            }
            round += 1;
        }
        let mut tally = Tally::default();
        for shard in &mut self.shards {
            tally.merge(shard.end(phase));
        }
        Ok(tally)
    }
}

/// Explores `job` in one thread with `workers` shards: the reference answer.
pub fn explore(job: &Job, limits: &Limits, workers: u32) -> Result<(Summary, Sequential)> {
    let mut driver = Sequential::new(job, limits, workers);
    let tally = label_all(&mut driver, &job.starts, &mut |_, _| {})?;
    Ok((Summary::new(job, tally, 1, 1), driver))
}
