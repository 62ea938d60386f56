//! The page in a real browser: headless Chromium (Debian's `chromium` and `chromium-driver`,
//! which `scripts/test` installs), driven over WebDriver by fantoccini. It plays a Nim game to
//! the end by clicking tokens, checks the analysis view shows the seed example, and checks the
//! sequence view draws Dawson's Kayles with its proven period. A missing browser fails the test
//! with a message saying how to install it: nothing is skipped silently.

use fantoccini::{ClientBuilder, Locator};
use std::net::{SocketAddr, TcpListener};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn find(candidates: &[&str], variable: &str) -> String {
    if let Ok(path) = std::env::var(variable) {
        return path;
    }
    for candidate in candidates {
        if std::path::Path::new(candidate).exists() {
            return candidate.to_string();
        }
    }
    panic!(
        "no {variable} found ({}): install Debian's chromium and chromium-driver packages \
         (`apt-get install chromium chromium-driver`; scripts/test does it), or set {variable}",
        candidates.join(", ")
    );
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

async fn start_server() -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        grundy_web::serve_on(listener, grundy_web::Config::default()).await.unwrap();
    });
    addr
}

async fn wait_for_text(client: &fantoccini::Client, selector: &str, needle: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if let Ok(element) = client.find(Locator::Css(selector)).await {
            if let Ok(text) = element.text().await {
                if text.contains(needle) {
                    return text;
                }
                if Instant::now() > deadline {
                    panic!("{selector} never showed {needle:?}; it shows {text:?}");
                }
            }
        }
        if Instant::now() > deadline {
            panic!("{selector} never appeared");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_in_a_real_browser() {
    let chromium = find(&["/usr/bin/chromium", "/usr/bin/chromium-browser"], "CHROMIUM");
    let chromedriver = find(&["/usr/bin/chromedriver"], "CHROMEDRIVER");
    let port = free_port();
    let _driver = Driver(
        Command::new(&chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts"),
    );
    let addr = start_server().await;
    let profile = std::env::temp_dir().join(format!("grundy-chromium-{}", std::process::id()));
    let capabilities = serde_json::json!({
        "goog:chromeOptions": {
            "binary": chromium,
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync",
                     "--disable-dev-shm-usage", "--window-size=1200,1000", "--lang=en-US",
                     format!("--user-data-dir={}", profile.display())]
        }
    });
    let capabilities = match capabilities {
        serde_json::Value::Object(map) => map,
        _ => unreachable!(),
    };
    let mut builder = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new());
    builder.capabilities(capabilities);
    let webdriver = format!("http://127.0.0.1:{port}");
    let deadline = Instant::now() + Duration::from_secs(30);
    let client = loop {
        match builder.connect(&webdriver).await {
            Ok(client) => break client,
            Err(error) if Instant::now() < deadline => {
                let _ = error;
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Err(error) => panic!("cannot start a browser session: {error}"),
        }
    };
    let page = format!("http://{addr}/");

    // The analysis view shows the seed example: 8 13 15 -> 8 to 2, 13 to 7, 15 to 5.
    client.goto(&page).await.unwrap();
    wait_for_text(&client, "#game", "nim").await;
    let components = client.find(Locator::Css("#components")).await.unwrap();
    components.clear().await.unwrap();
    components.send_keys("8 13 15").await.unwrap();
    client.find(Locator::Css("#solve-button")).await.unwrap().click().await.unwrap();
    let moves = wait_for_text(&client, "#moves", "leaving").await;
    for after in ["leaving 2 13 15", "leaving 8 7 15", "leaving 8 13 5"] {
        assert!(moves.contains(after), "{moves}");
    }

    // The language selector: the page's words and the server's explanation in Russian.
    client
        .execute(
            "const s = document.getElementById('lang'); s.value = 'ru'; s.dispatchEvent(new Event('change'));",
            vec![],
        )
        .await
        .unwrap();
    wait_for_text(&client, "#solve-button", "Решить").await;
    client.find(Locator::Css("#solve-button")).await.unwrap().click().await.unwrap();
    let result = wait_for_text(&client, "#result", "ним-сумма").await;
    assert!(result.contains("остаётся 8 7 15"), "{result}");
    client
        .execute(
            "const s = document.getElementById('lang'); s.value = 'en'; s.dispatchEvent(new Event('change'));",
            vec![],
        )
        .await
        .unwrap();
    wait_for_text(&client, "#solve-button", "Solve").await;

    // Play Nim to the end by clicking tokens: always take a whole heap (the first token).
    client.find(Locator::Css("[data-view=play]")).await.unwrap().click().await.unwrap();
    let start = client.find(Locator::Css("#play-components")).await.unwrap();
    start.clear().await.unwrap();
    start.send_keys("3 4 5").await.unwrap();
    client.find(Locator::Css("#play-start")).await.unwrap().click().await.unwrap();
    let mut clicks = 0;
    loop {
        let status = client.find(Locator::Css("#play-status")).await.unwrap().text().await.unwrap();
        if status.starts_with("winner:") {
            break;
        }
        assert!(clicks < 20, "the game did not end: {status}");
        let tokens = client.find_all(Locator::Css(".token[data-index='0']")).await.unwrap();
        if tokens.is_empty() {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        }
        tokens[0].click().await.unwrap();
        clicks += 1;
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    let status = client.find(Locator::Css("#play-status")).await.unwrap().text().await.unwrap();
    assert_eq!(status, "winner: computer", "3 4 5 taking whole heaps loses against perfect play");

    // The sequence view draws 0.07 with its proven period.
    client.find(Locator::Css("[data-view=sequence]")).await.unwrap().click().await.unwrap();
    client.find(Locator::Css("#seq-draw")).await.unwrap().click().await.unwrap();
    let info = wait_for_text(&client, "#seq-info", "period 34").await;
    assert!(info.contains("0.07") && info.contains("proven"), "{info}");
    let drawn = client
        .execute(
            "const c = document.getElementById('seq-canvas'); const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; let n = 0; for (let i = 3; i < d.length; i += 4) { if (d[i] > 0) n++; } return n;",
            vec![],
        )
        .await
        .unwrap();
    assert!(drawn.as_u64().unwrap() > 1000, "the canvas is nearly empty: {drawn}");
    client.close().await.unwrap();
    let _ = std::fs::remove_dir_all(profile);
}
