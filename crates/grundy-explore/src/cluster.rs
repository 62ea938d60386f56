//! Connecting the processes of one run, and ending every process when one is lost.
//!
//! Timely's own start-up retries for ever and reports on stdout; a run here must give up after
//! `--connect-timeout` and name the peer, and must never print on stdout but the answer. So the
//! sockets are made here — process `i` listens on line `i` of the host file, connects to every
//! process before it and accepts every process after it, each side checking a handshake (the
//! protocol, the process's number and a fingerprint of the command, so that processes started
//! with different games or positions refuse each other) — and handed to timely's
//! `initialize_networking_from_sockets`. A peer lost during the run makes timely's network
//! thread for it panic; [`watch_peers`] turns that panic into one line naming the peer and exit
//! status 1, in every process that notices.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

const MAGIC: &[u8; 8] = b"grundyX1";

/// Where the processes of a run listen, in process order.
#[derive(Debug, Clone)]
pub struct Hosts {
    /// `host:port`, one per process.
    pub addresses: Vec<String>,
}

impl Hosts {
    /// Reads a host file: one `host:port` a line, blank lines and `#` comments ignored.
    pub fn parse(text: &str, path: &str) -> Result<Hosts, String> {
        let mut addresses = Vec::new();
        for (idx, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            if line.split_whitespace().count() != 1 || !line.contains(':') {
                return Err(format!(
                    "host file '{path}', line {}: '{line}' is not host:port",
                    idx + 1
                ));
            }
            addresses.push(line.to_string());
        }
        Ok(Hosts { addresses })
    }
}

/// A process that could not be reached, or a handshake that failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PeerError(pub String);

impl std::fmt::Display for PeerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn resolve(address: &str) -> Result<Vec<SocketAddr>, String> {
    address
        .to_socket_addrs()
        .map(Iterator::collect)
        .map_err(|error| format!("cannot resolve '{address}': {error}"))
}

/// The sockets to every other process (`None` at `me`), within `timeout`.
pub fn connect(
    hosts: &Hosts,
    me: usize,
    fingerprint: u64,
    timeout: Duration,
) -> Result<Vec<Option<TcpStream>>, PeerError> {
    let deadline = Instant::now() + timeout;
    let n = hosts.addresses.len();
    let mine = &hosts.addresses[me];
    let listen_on = resolve(mine).map_err(PeerError)?;
    let listener = TcpListener::bind(&listen_on[..])
        .map_err(|error| PeerError(format!("process {me} cannot listen on {mine}: {error}")))?;
    let mut sockets: Vec<Option<TcpStream>> = (0..n).map(|_| None).collect();
    let unreachable = |peer: usize, why: &str| {
        PeerError(format!(
            "process {peer} ({}) could not be reached within {} s: {why}",
            hosts.addresses[peer],
            timeout.as_secs()
        ))
    };
    // Every process before this one: connect, retrying until the deadline.
    for (peer, socket) in sockets.iter_mut().enumerate().take(me) {
        let address = &hosts.addresses[peer];
        let targets = resolve(address).map_err(PeerError)?;
        let mut last = String::from("no attempt");
        let stream = loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(unreachable(peer, &last));
            }
            match TcpStream::connect_timeout(&targets[0], left.min(Duration::from_secs(2))) {
                Ok(stream) => break stream,
                Err(error) => {
                    last = error.to_string();
                    std::thread::sleep(Duration::from_millis(100).min(left));
                }
            }
        };
        let mut stream = stream;
        let mut hello = Vec::with_capacity(24);
        hello.extend_from_slice(MAGIC);
        hello.extend_from_slice(&(me as u64).to_le_bytes());
        hello.extend_from_slice(&fingerprint.to_le_bytes());
        stream.write_all(&hello).map_err(|error| unreachable(peer, &error.to_string()))?;
        let mut answer = [0u8; 8];
        stream
            .set_read_timeout(Some(
                deadline.saturating_duration_since(Instant::now()).max(Duration::from_millis(1)),
            ))
            .ok();
        stream
            .read_exact(&mut answer)
            .map_err(|error| unreachable(peer, &format!("no handshake ({error})")))?;
        if &answer != MAGIC {
            return Err(PeerError(format!(
                "process {peer} ({address}) refused this process: it runs another command \
                 (every process must be given the same game, positions and options)"
            )));
        }
        *socket = Some(stream);
    }
    // Every process after this one: accept until the deadline.
    listener.set_nonblocking(true).map_err(|error| PeerError(error.to_string()))?;
    while let Some(waiting) = (me + 1..n).find(|&peer| sockets[peer].is_none()) {
        if Instant::now() >= deadline {
            return Err(unreachable(waiting, "it did not connect"));
        }
        match listener.accept() {
            Ok((mut stream, _)) => {
                stream.set_nonblocking(false).ok();
                stream.set_read_timeout(Some(Duration::from_secs(10))).ok();
                let mut hello = [0u8; 24];
                if stream.read_exact(&mut hello).is_err() || &hello[..8] != MAGIC {
                    continue; // not one of ours
                }
                let peer = u64::from_le_bytes(hello[8..16].try_into().expect("8 bytes")) as usize;
                let theirs = u64::from_le_bytes(hello[16..24].try_into().expect("8 bytes"));
                if peer <= me || peer >= n || sockets[peer].is_some() {
                    continue;
                }
                if theirs != fingerprint {
                    let _ = stream.write_all(b"grundyNO");
                    return Err(PeerError(format!(
                        "process {peer} ({}) runs another command than this one (every process \
                         must be given the same game, positions and options)",
                        hosts.addresses[peer]
                    )));
                }
                stream.write_all(MAGIC).map_err(|error| unreachable(peer, &error.to_string()))?;
                sockets[peer] = Some(stream);
            }
            Err(error) if error.kind() == std::io::ErrorKind::WouldBlock => {
                std::thread::sleep(Duration::from_millis(20));
            }
            Err(error) => return Err(PeerError(format!("accepting on {mine}: {error}"))),
        }
    }
    for stream in sockets.iter().flatten() {
        stream.set_read_timeout(None).ok();
        stream.set_nodelay(true).ok();
    }
    Ok(sockets)
}

static WATCHING: AtomicBool = AtomicBool::new(false);
static REPORTED: AtomicBool = AtomicBool::new(false);

/// How long a process that lost a peer keeps its other connections before it exits.
const LEAVING_GRACE: Duration = Duration::from_millis(500);

/// From now on, a network thread of timely that fails (its peer closed the connection or
/// vanished) ends this process with one line naming the peer and status 1, instead of a panic
/// that could leave the workers waiting for ever.
pub fn watch_peers(hosts: &Hosts) {
    if WATCHING.swap(true, Ordering::SeqCst) {
        return;
    }
    let addresses = hosts.addresses.clone();
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        // Once a lost peer is being reported, whatever else fails (a worker whose channel
        // went with it) says nothing more: one line.
        if REPORTED.load(Ordering::SeqCst) {
            loop {
                std::thread::park();
            }
        }
        let thread = std::thread::current();
        let peer = thread.name().and_then(|name| {
            name.strip_prefix("timely:recv-")
                .or_else(|| name.strip_prefix("timely:send-"))
                .and_then(|idx| idx.parse::<usize>().ok())
        });
        match peer {
            Some(peer) => {
                // The threads for one peer (sending, receiving) fail together: one line.
                if REPORTED.swap(true, Ordering::SeqCst) {
                    loop {
                        std::thread::park();
                    }
                }
                let address = addresses.get(peer).map_or("?", String::as_str);
                eprintln!("error: process {peer} ({address}) was lost during the run");
                // This process's own connections stay open a moment, so that the others see
                // the peer that was lost, not this one leaving because of it.
                std::thread::sleep(LEAVING_GRACE);
                std::process::exit(1);
            }
            None => previous(info),
        }
    }));
}
