//! The server against HTTP clients on loopback: every endpoint against the library's own
//! documents (what `--json` prints), every class of bad request, and a bounded load test after
//! which the server still answers.

use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

fn start(config: grundy_web::Config) -> SocketAddr {
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            sender.send(listener.local_addr().unwrap()).unwrap();
            grundy_web::serve_on(listener, config).await.unwrap();
        });
    });
    receiver.recv_timeout(Duration::from_secs(10)).unwrap()
}

fn server() -> SocketAddr {
    static ADDR: std::sync::OnceLock<SocketAddr> = std::sync::OnceLock::new();
    *ADDR.get_or_init(|| start(grundy_web::Config::default()))
}

/// One HTTP/1.1 request (connection closed after it): status and body.
fn request(addr: SocketAddr, method: &str, path: &str, body: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    let _ = stream.write_all(body);
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response);
    let text = String::from_utf8_lossy(&response).to_string();
    let status: u16 = text.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map(|(_, b)| b.to_string()).unwrap_or_default();
    (status, body)
}

fn post(path: &str, doc: &Value) -> (u16, Value) {
    let (status, body) = request(server(), "POST", path, doc.to_string().as_bytes());
    (status, serde_json::from_str(&body).unwrap_or_else(|_| panic!("{path}: not JSON: {body}")))
}

fn library_solve(game: &str, components: &[&str], misere: bool) -> Value {
    let game = grundy::game(game).unwrap();
    let convention = if misere {
        grundy::analysis::Convention::Misere
    } else {
        grundy::analysis::Convention::Normal
    };
    let answer = game.solve(components, convention, &grundy::Limits::default()).unwrap();
    grundy::contract::analysis(&answer, None)
}

#[test]
fn solve_answers_the_contract_document() {
    for (game, components, misere) in [
        ("nim", vec!["8", "13", "15"], false),
        ("kayles", vec!["5", "7"], false),
        ("wythoff", vec!["3,5", "4,4"], false),
        ("nim", vec!["1", "1", "2"], true),
        ("moore:2", vec!["3", "5", "6"], false),
    ] {
        let (status, doc) =
            post("/api/solve", &json!({"game": game, "components": components, "misere": misere}));
        assert_eq!(status, 200, "{doc}");
        assert_eq!(doc, library_solve(game, &components, misere), "{game}");
    }
    // The seed example and an explanation.
    let (_, doc) = post(
        "/api/solve",
        &json!({"game": "nim", "components": ["8", "13", "15"], "explain": true}),
    );
    let afters: Vec<Value> =
        doc["winning_moves"].as_array().unwrap().iter().map(|m| m["after"].clone()).collect();
    assert_eq!(
        afters,
        [json!(["2", "13", "15"]), json!(["8", "7", "15"]), json!(["8", "13", "5"])]
    );
    assert!(doc["explanation"].as_str().unwrap().contains("nim-sum"));
    // In the language the request names; the document's own fields do not change.
    for (lang, word) in [("ru", "ним-сумма"), ("zh", "异或和"), ("mk", "НИМ сума")]
    {
        let (status, translated) = post(
            "/api/solve",
            &json!({"game": "nim", "components": ["8", "13", "15"], "explain": true, "lang": lang}),
        );
        assert_eq!(status, 200, "{translated}");
        assert!(translated["explanation"].as_str().unwrap().contains(word), "{translated}");
        assert!(!translated["explanation"].as_str().unwrap().contains("nim-sum"), "{translated}");
        assert_eq!(translated["winning_moves"], doc["winning_moves"]);
    }
    for bad_lang in [json!("xx"), json!(7)] {
        let (status, refused) = post(
            "/api/solve",
            &json!({"game": "nim", "components": ["1"], "explain": true, "lang": bad_lang}),
        );
        assert_eq!(status, 400, "{refused}");
        assert!(refused["error"].as_str().unwrap().contains("lang"), "{refused}");
    }
}

#[test]
fn graphs_and_scripts_come_as_text() {
    let (status, doc) = post(
        "/api/solve",
        &json!({"game": "graph", "graph": "a: b\nb: a c\nc:\nd: d c\n", "components": ["a", "d"]}),
    );
    assert_eq!(status, 200, "{doc}");
    assert_eq!(doc["value"], json!({"infinite": [0]}));
    let script = "fn heap(n) { n } fn moves(n) { let o = []; for k in [1, 2] { if k <= n { o.push(n - k); } } o }";
    let (status, doc) = post("/api/seq", &json!({"game": "script", "script": script, "n": 8}));
    assert_eq!(status, 200, "{doc}");
    assert_eq!(doc["values"], json!([0, 1, 2, 0, 1, 2, 0, 1, 2]));
}

#[test]
fn seq_period_pattern_table_and_play() {
    let (status, doc) = post("/api/seq", &json!({"game": "0.07", "n": 200}));
    assert_eq!(status, 200);
    let values = grundy::sequence::HeapValues::compute(
        &grundy::game("0.07").unwrap().heap_game().unwrap(),
        200,
        &mut |_| {},
    );
    let expected: Vec<u64> = (0..=200).map(|n| values.value(n).unwrap()).collect();
    assert_eq!(doc["values"], json!(expected));
    assert_eq!(doc["period"]["period"], 34);
    let (_, doc) = post("/api/period", &json!({"game": "0.07", "max": 100000}));
    assert_eq!(
        (
            doc["periodic"].clone(),
            doc["preperiod"].clone(),
            doc["period"].clone(),
            doc["proven_at"].clone()
        ),
        (json!(true), json!(53), json!(34), json!(176))
    );
    let (_, doc) = post("/api/pattern", &json!({"game": "bounded:3"}));
    assert_eq!((doc["formula"].clone(), doc["proven"].clone()), (json!("n mod 4"), json!(true)));
    let (_, doc) = post("/api/table", &json!({"game": "wythoff", "size": 20}));
    let table = grundy::table::pair_table(&*grundy::game("wythoff").unwrap(), 20).unwrap();
    assert_eq!(doc, grundy::contract::table(&table));
    let (_, doc) =
        post("/api/play", &json!({"game": "nim", "components": ["3", "4", "5"], "misere": false}));
    assert_eq!(
        doc["move"],
        json!({"component": 0, "from": "3", "to": ["1"], "after": ["1", "4", "5"]})
    );
    assert_eq!(doc["outcome"], "N");
    let (_, doc) = post("/api/play", &json!({"game": "nim", "components": ["0", "0"]}));
    assert_eq!((doc["move"].clone(), doc["outcome"].clone()), (Value::Null, json!("P")));
    let (status, doc) =
        post("/api/move", &json!({"game": "nim", "components": ["3", "4", "5"], "move": "1 7"}));
    assert_eq!(status, 400);
    assert!(doc["error"].as_str().unwrap().contains("cannot become 7"));
}

#[test]
fn every_bad_request_gets_a_4xx_and_an_error() {
    let addr = server();
    let cases: Vec<(&str, Vec<u8>, u16)> = vec![
        ("/api/solve", b"{bad".to_vec(), 400),
        ("/api/solve", b"[1, 2]".to_vec(), 400),
        ("/api/solve", br#"{"components": ["1"]}"#.to_vec(), 400),
        ("/api/solve", br#"{"game": "chess", "components": ["1"]}"#.to_vec(), 400),
        ("/api/solve", br#"{"game": "nim", "components": ["-3"]}"#.to_vec(), 400),
        ("/api/solve", br#"{"game": "nim", "components": []}"#.to_vec(), 400),
        ("/api/solve", br#"{"game": "nim", "components": [[1]]}"#.to_vec(), 400),
        ("/api/solve", br#"{"game": "graph:/etc/passwd", "components": ["a"]}"#.to_vec(), 400),
        ("/api/solve", br#"{"game": "script:/etc/passwd", "components": ["a"]}"#.to_vec(), 400),
        ("/api/solve", br#"{"game": "graph", "components": ["a"]}"#.to_vec(), 400),
        ("/api/solve", br#"{"game": "graph", "graph": "a: b", "components": ["a"]}"#.to_vec(), 400),
        (
            "/api/solve",
            br#"{"game": "script", "script": "fn moves(n) { [n - ; }", "components": ["1"]}"#
                .to_vec(),
            400,
        ),
        (
            "/api/solve",
            br#"{"game": "script", "script": "fn moves(n) { loop {} }", "components": ["1"]}"#
                .to_vec(),
            422,
        ),
        (
            "/api/solve",
            br#"{"game": "dawson", "components": ["1000000000"], "misere": true}"#.to_vec(),
            422,
        ),
        ("/api/seq", br#"{"game": "0.07", "n": 100000000000}"#.to_vec(), 422),
        ("/api/seq", br#"{"game": "0.07", "n": -1}"#.to_vec(), 400),
        ("/api/seq", br#"{"game": "wythoff", "n": 5}"#.to_vec(), 400),
        ("/api/table", br#"{"game": "staircase", "size": 5}"#.to_vec(), 400),
        ("/api/nothing", b"{}".to_vec(), 404),
    ];
    for (path, body, expected) in cases {
        let (status, text) = request(addr, "POST", path, &body);
        assert_eq!(status, expected, "{path} {}: {text}", String::from_utf8_lossy(&body));
        let doc: Value = serde_json::from_str(&text).unwrap();
        assert!(doc["error"].is_string(), "{text}");
    }
    // A body over the limit.
    let big = format!(r#"{{"game": "nim", "components": ["{}"]}}"#, "1".repeat(2 << 20));
    let (status, text) = request(addr, "POST", "/api/solve", big.as_bytes());
    assert_eq!(status, 413, "{text}");
    // The server goes on serving.
    let (status, _) = post("/api/solve", &json!({"game": "nim", "components": ["1"]}));
    assert_eq!(status, 200);
}

#[test]
fn work_over_the_time_limit_is_cancelled_with_a_4xx() {
    let addr = start(grundy_web::Config {
        time_limit: Duration::from_millis(300),
        ..grundy_web::Config::default()
    });
    // Grundy's game to a million heaps takes far longer than 0.3 s.
    let started = std::time::Instant::now();
    let (status, text) = request(addr, "POST", "/api/seq", br#"{"game": "grundy", "n": 1000000}"#);
    assert_eq!(status, 408, "{text}");
    assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
    let (status, _) =
        request(addr, "POST", "/api/solve", br#"{"game": "nim", "components": ["1"]}"#);
    assert_eq!(status, 200);
}

/// Thousands of requests from several clients at once, bounded in count: all answered, with
/// 200 or 429 (over the cap on concurrent computations), and the server still up.
#[test]
fn a_bounded_load_test_leaves_the_server_up() {
    // A server of its own: the load must not crowd out the other tests' requests.
    let addr = start(grundy_web::Config::default());
    let threads: Vec<_> = (0..8)
        .map(|t| {
            std::thread::spawn(move || {
                let mut ok = 0;
                for i in 0..250 {
                    let body =
                        format!(r#"{{"game": "nim", "components": ["{}", "{}", "5"]}}"#, t, i);
                    let (status, _) = request(addr, "POST", "/api/solve", body.as_bytes());
                    assert!(status == 200 || status == 429, "status {status}");
                    ok += usize::from(status == 200);
                }
                ok
            })
        })
        .collect();
    let answered: usize = threads.into_iter().map(|t| t.join().unwrap()).sum();
    assert!(answered > 1000, "only {answered} of 2000 answered");
    let (status, _) =
        request(addr, "POST", "/api/solve", br#"{"game": "nim", "components": ["3", "4", "5"]}"#);
    assert_eq!(status, 200);
    let (status, page) = request(addr, "GET", "/", b"");
    assert_eq!(status, 200);
    assert!(page.contains("<title>grundy</title>"));
}
