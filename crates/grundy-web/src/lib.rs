//! The local web page of `grundy`: a JSON API over the library, and a page (embedded in the
//! binary: no build step, no network, no CDN) that uses it to analyse positions, play against
//! the perfect strategy, and draw sequences and tables.
//!
//! The answers are the library's contract documents (`grundy::contract`), the same as the
//! command line's `--json`. The server is safe to leave running: it listens on loopback by
//! default, limits request bodies, runs every computation off the async runtime within a time
//! and position budget (cancelled at the deadline), caps concurrent computations, never opens a
//! file a request names (graphs and scripts come as text), answers every bad request with a
//! 4xx status and `{"error": ...}`, and survives a panic in one request.
//!
//! Other web pages the user visits can reach a server on loopback too, so it answers only
//! requests that name it (a `Host` of localhost, or an address literal: a page of another site
//! rebinding its own name to 127.0.0.1 is refused with 421) and only JSON bodies (a page of
//! another site cannot post `application/json` across origins without a preflight, which this
//! server never grants). Answers, memoised positions and tables count against a memory budget
//! ([`Config::max_bytes`]): past it, 422 naming the limit.
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! let addr = "127.0.0.1:8000".parse().unwrap();
//! grundy_web::serve(addr, grundy_web::Config::default()).await
//! # }
//! ```

use axum::body::Body;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use grundy::games::Registry;
use grundy::request::{Door, Kind, Request};
use grundy::Limits;
use serde_json::{json, Value as Json};
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// How much one request may ask of the server.
#[derive(Debug, Clone)]
pub struct Config {
    /// The largest request body accepted.
    pub max_body_bytes: usize,
    /// How long one computation may run before it is cancelled.
    pub time_limit: Duration,
    /// Computations running at once; more wait their turn (no longer than the time limit).
    /// All but one may be long ones: the last is kept for quick answers
    /// ([`Request::is_quick`]), so that long requests never make a quick one wait.
    pub max_concurrent: usize,
    /// Requests waiting for a computation to end; past them, 429 with `Retry-After`.
    pub max_waiting: usize,
    /// How long a request body may take to arrive.
    pub body_time_limit: Duration,
    /// How long a request's headers may take to arrive (a connection that trickles them, or
    /// sits idle between requests, is closed after it).
    pub header_time_limit: Duration,
    /// Connections open at once; more wait to be accepted until one closes.
    pub max_connections: usize,
    /// Distinct positions one answer may explore.
    pub max_positions: usize,
    /// The longest sequence `/api/seq` returns, and the largest `max` of `/api/period`.
    pub max_heap: u64,
    /// The memory one answer may take (its tables, stored positions and moves).
    pub max_bytes: u64,
    /// Host names answered besides `localhost` and address literals (a machine's own name,
    /// when it serves beyond loopback).
    pub host_names: Vec<String>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            max_body_bytes: 1 << 20,
            time_limit: Duration::from_secs(10),
            max_concurrent: 4,
            max_waiting: 256,
            body_time_limit: Duration::from_secs(10),
            header_time_limit: Duration::from_secs(10),
            max_connections: 512,
            max_positions: 2_000_000,
            max_heap: 1_000_000,
            max_bytes: 512 << 20,
            host_names: Vec::new(),
        }
    }
}

struct AppState {
    config: Config,
    permits: Arc<Semaphore>,
    /// The long lane: every answer but a quick one ([`Request::is_quick`]) also holds one of
    /// these, one fewer than the slots, so that a quick answer never waits behind long ones.
    long: Arc<Semaphore>,
    /// Requests waiting for a turn.
    waiting: std::sync::atomic::AtomicUsize,
    /// The address served on (which address literals a `Host` may name).
    local: IpAddr,
}

/// The routes of a server on loopback: the page and its assets, and the JSON API.
pub fn router(config: Config) -> Router {
    router_on(config, IpAddr::V4(std::net::Ipv4Addr::LOCALHOST))
}

/// The routes of a server listening on `local`.
fn router_on(config: Config, local: IpAddr) -> Router {
    let permits = Arc::new(Semaphore::new(config.max_concurrent.max(1)));
    let long = Arc::new(Semaphore::new(config.max_concurrent.max(2) - 1));
    let state = Arc::new(AppState { config, permits, long, waiting: 0.into(), local });
    Router::new()
        .route("/", get(|| async { page("text/html; charset=utf-8", INDEX_HTML) }))
        .route("/app.js", get(|| async { page("text/javascript; charset=utf-8", APP_JS) }))
        .route("/style.css", get(|| async { page("text/css; charset=utf-8", STYLE_CSS) }))
        .route("/api/games", get(games))
        .route("/api/solve", post(|s: State<Arc<AppState>>, b: Body| answer(s, b, Kind::Solve)))
        .route("/api/seq", post(|s: State<Arc<AppState>>, b: Body| answer(s, b, Kind::Seq)))
        .route("/api/period", post(|s: State<Arc<AppState>>, b: Body| answer(s, b, Kind::Period)))
        .route("/api/pattern", post(|s: State<Arc<AppState>>, b: Body| answer(s, b, Kind::Pattern)))
        .route("/api/table", post(|s: State<Arc<AppState>>, b: Body| answer(s, b, Kind::Table)))
        .route("/api/play", post(|s: State<Arc<AppState>>, b: Body| answer(s, b, Kind::Play)))
        .route("/api/move", post(|s: State<Arc<AppState>>, b: Body| answer(s, b, Kind::Move)))
        .route("/api/graph", post(|s: State<Arc<AppState>>, b: Body| answer(s, b, Kind::Graph)))
        .route("/api/misere", post(|s: State<Arc<AppState>>, b: Body| answer(s, b, Kind::Misere)))
        .route("/api/genus", post(|s: State<Arc<AppState>>, b: Body| answer(s, b, Kind::Genus)))
        .route("/api/lesson", post(|s: State<Arc<AppState>>, b: Body| answer(s, b, Kind::Lesson)))
        .route("/api/explore", post(|s: State<Arc<AppState>>, b: Body| answer(s, b, Kind::Explore)))
        .route("/api/nimber", post(|s: State<Arc<AppState>>, b: Body| answer(s, b, Kind::Nimber)))
        .fallback(|| async { error(StatusCode::NOT_FOUND, "no such page or endpoint") })
        .method_not_allowed_fallback(|| async {
            error(StatusCode::METHOD_NOT_ALLOWED, "this endpoint takes POST with a JSON body")
        })
        .layer(axum::middleware::from_fn_with_state(Arc::clone(&state), guard))
        .with_state(state)
}

/// Refuses, before anything else, a request that does not name this server in its `Host`
/// (DNS rebinding: another site's name pointed at 127.0.0.1) or posts anything but JSON (a
/// cross-site form or `text/plain` fetch, which browsers send without asking first).
async fn guard(
    State(state): State<Arc<AppState>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let host = request.headers().get(header::HOST).and_then(|value| value.to_str().ok());
    match host {
        Some(host) if host_allowed(host, state.local, &state.config.host_names) => {}
        Some(host) => {
            return error(
                StatusCode::MISDIRECTED_REQUEST,
                format!(
                    "Host '{}' is not this server's name: it answers localhost and its address",
                    host.chars().take(100).collect::<String>()
                ),
            )
        }
        None => return error(StatusCode::BAD_REQUEST, "the request has no Host header"),
    }
    if request.method() == axum::http::Method::POST {
        let content_type = request
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|value| value.to_str().ok())
            .unwrap_or("");
        let media_type = content_type.split(';').next().unwrap_or("").trim();
        if !media_type.eq_ignore_ascii_case("application/json") {
            return error(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "the API takes JSON: send Content-Type: application/json",
            );
        }
    }
    next.run(request).await
}

/// Whether `host` (a `Host` header: a name or an address, with or without a port) names a
/// server listening on `local`: localhost, a loopback address, the address listened on (any
/// address when listening on all of them), or one of `names`.
fn host_allowed(host: &str, local: IpAddr, names: &[String]) -> bool {
    let host = host.trim();
    let name = if let Some(rest) = host.strip_prefix('[') {
        match rest.split_once(']') {
            Some((inside, _port)) => inside,
            None => return false,
        }
    } else {
        match host.rsplit_once(':') {
            Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
            Some(_) => return false,
            None => host,
        }
    };
    let name = name.strip_suffix('.').unwrap_or(name).to_ascii_lowercase();
    if name == "localhost" || names.iter().any(|allowed| allowed.eq_ignore_ascii_case(&name)) {
        return true;
    }
    match name.parse::<IpAddr>() {
        Ok(ip) => ip.is_loopback() || local.is_unspecified() || ip == local,
        Err(_) => false,
    }
}

/// Serves the page and the API on `addr` until the process is stopped.
pub async fn serve(addr: SocketAddr, config: Config) -> std::io::Result<()> {
    serve_on(bind(addr).await?, config).await
}

/// Binds `addr`, so that a front end can say where it serves only once that worked.
pub async fn bind(addr: SocketAddr) -> std::io::Result<tokio::net::TcpListener> {
    tokio::net::TcpListener::bind(addr).await
}

/// Serves on a listener already bound (tests bind port 0).
///
/// Each connection is served by hyper with a deadline on its request headers
/// ([`Config::header_time_limit`]), and at most [`Config::max_connections`] are open at once:
/// a client that opens connections and trickles a byte a second holds each one only until
/// its deadline, and never more than the cap (axum's own `serve` sets neither).
pub async fn serve_on(listener: tokio::net::TcpListener, config: Config) -> std::io::Result<()> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use tower::ServiceExt;
    let local = listener.local_addr()?.ip();
    let header_time = config.header_time_limit;
    let slots = Arc::new(Semaphore::new(config.max_connections.max(1)));
    let app = router_on(config, local);
    loop {
        let slot = Arc::clone(&slots).acquire_owned().await.expect("the semaphore is never closed");
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // A connection that failed before it was accepted, or no file descriptor left for
            // the moment: wait a little and go on serving the others.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        let app = app.clone();
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |request| {
                app.clone().oneshot(request.map(axum::body::Body::new))
            });
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder.timer(TokioTimer::new()).header_read_timeout(header_time);
            // A connection that ends in an error (a header deadline, a client gone) ends
            // only itself.
            let _ = builder.serve_connection(TokioIo::new(stream), service).await;
            drop(slot);
        });
    }
}

const INDEX_HTML: &str = include_str!("../assets/index.html");
const APP_JS: &str = include_str!("../assets/app.js");
const STYLE_CSS: &str = include_str!("../assets/style.css");

fn page(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type)], body).into_response()
}

fn error(status: StatusCode, message: impl Into<String>) -> Response {
    (status, axum::Json(json!({ "error": message.into() }))).into_response()
}

/// A request's failure, with the status it gets.
struct Failure(StatusCode, String);

impl From<grundy::Error> for Failure {
    fn from(error: grundy::Error) -> Self {
        let status = if error.is_cancelled() {
            StatusCode::REQUEST_TIMEOUT
        } else if error.is_limit() {
            StatusCode::UNPROCESSABLE_ENTITY
        } else {
            StatusCode::BAD_REQUEST
        };
        Failure(status, error.to_string())
    }
}

impl Failure {
    fn response(self) -> Response {
        error(self.0, self.1)
    }
}

/// Answers one request read through the library's request layer: the same validation,
/// defaults and documents as the command line's `--json` and the Python package.
fn write(request: &Request, limits: &Limits) -> Result<Vec<u8>, Failure> {
    let mut document = Vec::new();
    request.write_document(limits, 1, &mut |_, _| {}, &mut |chunk| {
        document.extend_from_slice(chunk);
        Ok(())
    })?;
    Ok(document)
}

/// The catalogue, from the library's registry.
async fn games() -> Response {
    let families: Vec<Json> = Registry::builtin()
        .families()
        .filter(|family| !family.syntax().contains("PATH"))
        .map(|family| {
            json!({"syntax": family.syntax(), "about": family.about(), "component": family.component()})
        })
        .collect();
    axum::Json(json!({ "games": families, "text_games": ["graph", "script"] })).into_response()
}

/// Reads the body (within the limit) and runs `work` on a blocking thread within the time and
/// position budget; the answer is JSON, or a 4xx with `{"error": ...}`.
async fn answer(State(state): State<Arc<AppState>>, body: Body, kind: Kind) -> Response {
    let read = axum::body::to_bytes(body, state.config.max_body_bytes);
    let bytes = match tokio::time::timeout(state.config.body_time_limit, read).await {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(_)) => {
            return error(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("the request body is over {} bytes", state.config.max_body_bytes),
            )
        }
        Err(_) => {
            return error(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the request body did not arrive within {} s",
                    state.config.body_time_limit.as_secs()
                ),
            )
        }
    };
    let low: Json = match serde_json::from_slice(&bytes) {
        Ok(low @ Json::Object(_)) => low,
        Ok(_) => return error(StatusCode::BAD_REQUEST, "the request must be a JSON object"),
        Err(problem) => {
            return error(StatusCode::BAD_REQUEST, format!("malformed JSON: {problem}"))
        }
    };
    // The deadline runs from here: time spent waiting for a turn counts against it.
    let deadline = Instant::now() + state.config.time_limit;
    let permit = match turn(&state, &state.permits, deadline).await {
        Ok(permit) => permit,
        Err(busy) => return busy,
    };
    let cancel = Arc::new(AtomicBool::new(false));
    // A client that goes away cancels its computation (this future is dropped with it).
    let _cancel_when_dropped = CancelOnDrop(Arc::clone(&cancel));
    let limits = Limits {
        max_positions: state.config.max_positions,
        max_whole_positions: state.config.max_positions.min(2_000_000),
        cancel: Some(Arc::clone(&cancel)),
        deadline: Some(deadline),
        max_bytes: state.config.max_bytes,
        ..Limits::default()
    };
    // The request is read (a script compiled, a game loaded) in a turn of its own.
    let max_count = state.config.max_heap;
    let reading = {
        let limits = limits.clone();
        finish(deadline, &cancel, move || {
            let request = Request::from_json(kind, &low, &Door::server(Some(max_count)), &limits);
            (request, permit)
        })
    };
    let (request, permit) = match reading.await {
        Ok((Ok(request), permit)) => (request, permit),
        Ok((Err(problem), _)) => return Failure::from(problem).response(),
        Err(failed) => return failed,
    };
    // A long answer also takes a turn of the long lane, one slot short of all of them: a quick
    // answer (a formula, a lesson) always finds a slot free of long ones. The long lane's turn
    // is taken first, so that no long answer holds a slot while it waits.
    let (permit, long_turn) = if request.is_quick() {
        (permit, None)
    } else if let Ok(long_turn) = Arc::clone(&state.long).try_acquire_owned() {
        (permit, Some(long_turn))
    } else {
        drop(permit);
        let long_turn = match turn(&state, &state.long, deadline).await {
            Ok(long_turn) => long_turn,
            Err(busy) => return busy,
        };
        match turn(&state, &state.permits, deadline).await {
            Ok(permit) => (permit, Some(long_turn)),
            Err(busy) => return busy,
        }
    };
    let writing = finish(deadline, &cancel, move || {
        let _turns = (permit, long_turn);
        write(&request, &limits)
    });
    match writing.await {
        Ok(Ok(document)) => {
            ([(header::CONTENT_TYPE, "application/json")], document).into_response()
        }
        Ok(Err(failure)) => failure.response(),
        Err(failed) => failed,
    }
}

/// A turn of `lane`: at once when a slot is free, else after waiting in the bounded queue, no
/// longer than the deadline; `Err` is the 429 to send.
async fn turn(
    state: &AppState,
    lane: &Arc<Semaphore>,
    deadline: Instant,
) -> Result<tokio::sync::OwnedSemaphorePermit, Response> {
    if let Ok(permit) = Arc::clone(lane).try_acquire_owned() {
        return Ok(permit);
    }
    if state.waiting.fetch_add(1, Ordering::SeqCst) >= state.config.max_waiting {
        state.waiting.fetch_sub(1, Ordering::SeqCst);
        return Err(busy());
    }
    let turn = tokio::time::timeout_at(
        tokio::time::Instant::from_std(deadline),
        Arc::clone(lane).acquire_owned(),
    )
    .await;
    state.waiting.fetch_sub(1, Ordering::SeqCst);
    match turn {
        Ok(Ok(permit)) => Ok(permit),
        Ok(Err(_)) | Err(_) => Err(busy()),
    }
}

/// Runs `work` on a blocking thread; `Err` is the response when it panicked or overran the
/// deadline (the computation checks its deadline itself; this is the backstop for work that
/// does not, which is then told to stop).
async fn finish<T: Send + 'static>(
    deadline: Instant,
    cancel: &Arc<AtomicBool>,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Response> {
    let task = tokio::task::spawn_blocking(work);
    let backstop = tokio::time::Instant::from_std(deadline + Duration::from_secs(2));
    match tokio::time::timeout_at(backstop, task).await {
        Ok(Ok(done)) => Ok(done),
        Ok(Err(_panicked)) => Err(error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "this request could not be answered (an internal error); the server goes on",
        )),
        Err(_) => {
            cancel.store(true, Ordering::Relaxed);
            Err(error(StatusCode::REQUEST_TIMEOUT, "the time limit for this answer ran out"))
        }
    }
}

/// Sets a computation's cancel flag when the request answering it ends, however it ends.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// 429: every computation slot busy and the queue full (or no turn came within the time
/// limit); the client may try again shortly.
fn busy() -> Response {
    let mut response =
        error(StatusCode::TOO_MANY_REQUESTS, "the server is busy with other answers: try again");
    response.headers_mut().insert(header::RETRY_AFTER, axum::http::HeaderValue::from_static("1"));
    response
}

#[cfg(test)]
mod tests {
    use super::host_allowed;
    use std::net::IpAddr;

    #[test]
    fn only_hosts_that_name_this_server_are_answered() {
        let loopback: IpAddr = "127.0.0.1".parse().unwrap();
        for host in
            ["localhost", "localhost:8000", "LOCALHOST.", "127.0.0.1:8000", "[::1]:80", "127.0.0.2"]
        {
            assert!(host_allowed(host, loopback, &[]), "{host}");
        }
        for host in [
            "evil.example",
            "evil.example:8000",
            "localhost.evil.example",
            "10.0.0.5",
            "[::1",
            "a:b:c",
            "",
        ] {
            assert!(!host_allowed(host, loopback, &[]), "{host}");
        }
        let lan: IpAddr = "192.168.1.5".parse().unwrap();
        assert!(host_allowed("192.168.1.5:8000", lan, &[]));
        assert!(!host_allowed("192.168.1.6:8000", lan, &[]));
        assert!(host_allowed("box.lan", lan, &["box.lan".to_string()]));
        let any: IpAddr = "0.0.0.0".parse().unwrap();
        assert!(host_allowed("10.1.2.3", any, &[]) && !host_allowed("evil.example", any, &[]));
    }
}
