// The page: every answer comes from the JSON API of this server (the same documents as the
// command line's --json); nothing here knows a game's rules.
"use strict";

const $ = (id) => document.getElementById(id);

async function api(endpoint, request) {
  const response = await fetch("/api/" + endpoint, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(request),
  });
  const doc = await response.json();
  if (!response.ok) throw new Error(doc.error || response.statusText);
  return doc;
}

function words(text) {
  return text.trim().split(/\s+/).filter((w) => w.length > 0);
}

function gameRequest(select, textArea) {
  const game = select.value;
  const request = { game };
  if (game === "graph") request.graph = textArea.value;
  if (game === "script") request.script = textArea.value;
  return request;
}

// Tabs.
for (const tab of document.querySelectorAll(".tab")) {
  tab.addEventListener("click", () => {
    for (const other of document.querySelectorAll(".tab")) other.classList.remove("active");
    tab.classList.add("active");
    for (const view of document.querySelectorAll(".view")) view.hidden = true;
    $("view-" + tab.dataset.view).hidden = false;
  });
}

// The catalogue, from the server's registry.
const EXAMPLES = { nim: "8 13 15", wythoff: "3,5 4,4", staircase: "0,3,1,4", "georgia-bob": "1,5,6,9", "moore:K": "3 5 6", "fibonacci-nim": "10 7,3" };
async function loadGames() {
  const response = await fetch("/api/games");
  const doc = await response.json();
  const names = [];
  for (const family of doc.games) {
    for (const name of family.syntax.split(/,\s*|\s+or\s+/)) {
      const clean = name.replace(/codes such as /, "").trim();
      if (clean.length > 0) names.push(clean.replace(/:S$/, ":1,3,4").replace(/:M$/, ":3").replace(/:K$/, ":2"));
    }
  }
  for (const select of [$("game"), $("play-game"), $("seq-game"), $("table-game")]) {
    select.innerHTML = "";
    for (const name of names.concat(select.id === "game" ? doc.text_games : [])) {
      const option = document.createElement("option");
      option.value = name;
      option.textContent = name;
      select.appendChild(option);
    }
  }
  $("seq-game").value = "0.07";
  $("table-game").value = "wythoff";
}

// Analyse.
$("game").addEventListener("change", () => {
  const game = $("game").value;
  $("text-label").hidden = !(game === "graph" || game === "script");
  if (EXAMPLES[game]) $("components").value = EXAMPLES[game];
});

function valueText(value) {
  if (value === undefined) return null;
  if (typeof value === "object" && value.infinite) return "∞(" + value.infinite.join(",") + ")";
  return String(value);
}

async function solve() {
  const request = gameRequest($("game"), $("game-text"));
  request.components = words($("components").value);
  request.misere = $("misere").checked;
  request.explain = $("explain").checked;
  const out = $("result");
  out.textContent = "…";
  try {
    const doc = await api("solve", request);
    const outcome = { P: "P: the player to move loses", N: "N: the player to move wins", D: "D: a draw" }[doc.outcome];
    let html = "";
    const value = valueText(doc.value);
    html += '<div class="summary">' + (value !== null ? "value " + value + " — " : "") + outcome + "</div>";
    html += '<div id="moves">';
    if (doc.winning_moves.length === 0) html += "<div>no winning move</div>";
    for (const m of doc.winning_moves) {
      const said = m.description || ("component " + (m.component + 1) + ": " + m.from + " → " + (m.to.length ? m.to.join(" + ") : "nothing"));
      html += '<div class="move">' + escapeHtml(said) + ", leaving " + escapeHtml(m.after.join(" ")) + "</div>";
    }
    html += "</div>";
    if (doc.explanation) html += "<pre>" + escapeHtml(doc.explanation) + "</pre>";
    out.innerHTML = html;
  } catch (error) {
    out.innerHTML = '<span class="error">' + escapeHtml(error.message) + "</span>";
  }
}
$("solve-button").addEventListener("click", solve);

function escapeHtml(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));
}

// Play.
const play = { game: null, position: [], history: [], misere: false, over: false };

function isHeapPosition(position) {
  return position.every((c) => /^\d+$/.test(c) && Number(c) <= 40);
}

function drawBoard(boardText) {
  const board = $("board");
  board.innerHTML = "";
  if (!isHeapPosition(play.position)) {
    const pre = document.createElement("pre");
    pre.textContent = boardText || play.position.join(" ");
    board.appendChild(pre);
    return;
  }
  play.position.forEach((component, heapIdx) => {
    const row = document.createElement("div");
    row.className = "heap";
    const label = document.createElement("span");
    label.className = "heap-label";
    label.textContent = "heap " + (heapIdx + 1);
    row.appendChild(label);
    for (let tokenIdx = 0; tokenIdx < Number(component); tokenIdx++) {
      const token = document.createElement("button");
      token.className = "token";
      token.dataset.heap = heapIdx;
      token.dataset.index = tokenIdx;
      token.title = "take from here: heap " + (heapIdx + 1) + " keeps " + tokenIdx;
      token.addEventListener("click", () => humanMove(heapIdx + 1 + " " + tokenIdx));
      row.appendChild(token);
    }
    const size = document.createElement("span");
    size.className = "heap-size";
    size.textContent = "(" + component + ")";
    row.appendChild(size);
    board.appendChild(row);
  });
}

function log(line) {
  $("play-log").textContent += line + "\n";
}

function request(extra) {
  return Object.assign({ game: play.game, components: play.position, misere: play.misere }, extra);
}

async function startGame() {
  play.game = $("play-game").value;
  play.position = words($("play-components").value);
  play.misere = $("play-misere").checked;
  play.history = [];
  play.over = false;
  $("play-log").textContent = "";
  $("play-status").textContent = "your move";
  drawBoard();
  if ($("play-computer-first").checked) await computerMove();
}

async function humanMove(typed) {
  if (play.over) return;
  try {
    const doc = await api("move", request({ move: typed }));
    play.history.push(play.position);
    play.position = doc.move.after;
    log("you: " + typed + "  →  " + play.position.join(" "));
    drawBoard(doc.board);
    if (doc.over) return finish(true);
    await computerMove();
  } catch (error) {
    $("play-status").textContent = "illegal move: " + error.message;
  }
}

async function computerMove() {
  const doc = await api("play", request({}));
  if (doc.move === null) return finish(true);
  play.position = doc.move.after;
  log("computer: " + (doc.move.description || ("component " + (doc.move.component + 1) + ": " + doc.move.from + " → " + doc.move.to.join(" + "))) + "  →  " + play.position.join(" ") + " (" + doc.why + ")");
  drawBoard(doc.board);
  if (doc.over) return finish(false);
  $("play-status").textContent = "your move";
}

function finish(humanMovedLast) {
  play.over = true;
  const humanWins = play.misere ? !humanMovedLast : humanMovedLast;
  $("play-status").textContent = humanWins ? "winner: you" : "winner: computer";
}

$("play-start").addEventListener("click", startGame);
$("play-move-button").addEventListener("click", () => humanMove($("play-move").value));
$("undo").addEventListener("click", () => {
  if (play.history.length === 0) return;
  play.position = play.history.pop();
  play.over = false;
  log("undo  →  " + play.position.join(" "));
  drawBoard();
  $("play-status").textContent = "your move";
});
$("hint").addEventListener("click", async () => {
  try {
    const doc = await api("solve", request({ explain: false }));
    const best = doc.winning_moves[0];
    $("play-status").textContent = best
      ? "hint: " + (best.description || "component " + (best.component + 1) + ": " + best.from + " → " + best.to.join(" + ")) + " leaves a position of value 0"
      : "hint: no move wins here; make the game last";
  } catch (error) {
    $("play-status").textContent = error.message;
  }
});

// Sequence: g(n) against n, the proven preperiod and period shaded.
async function drawSequence() {
  const n = Number($("seq-n").value);
  const canvas = $("seq-canvas");
  const context = canvas.getContext("2d");
  try {
    const doc = await api("seq", { game: $("seq-game").value, n });
    const values = doc.values.map((v) => (typeof v === "number" ? v : 0));
    const max = Math.max(1, ...values);
    const [left, bottom, width, height] = [40, canvas.height - 30, canvas.width - 60, canvas.height - 50];
    context.clearRect(0, 0, canvas.width, canvas.height);
    if (doc.period) {
      const x = (heap) => left + (heap / Math.max(1, values.length - 1)) * width;
      context.fillStyle = "#e8eef8";
      context.fillRect(left, bottom - height, x(doc.period.preperiod) - left, height);
      context.fillStyle = "#d6f0d8";
      context.fillRect(x(doc.period.preperiod), bottom - height, x(doc.period.preperiod + doc.period.period) - x(doc.period.preperiod), height);
    }
    context.strokeStyle = "#333";
    context.beginPath();
    context.moveTo(left, bottom - height);
    context.lineTo(left, bottom);
    context.lineTo(left + width, bottom);
    context.stroke();
    context.fillStyle = "#23395b";
    values.forEach((value, heap) => {
      const x = left + (heap / Math.max(1, values.length - 1)) * width;
      const y = bottom - (value / max) * height;
      context.fillRect(x - 1, y - 1, 3, 3);
    });
    context.fillStyle = "#000";
    context.fillText("n", left + width - 10, bottom + 20);
    context.fillText("g(n)", 4, bottom - height - 4);
    context.fillText(String(max), 4, bottom - height + 10);
    context.fillText(String(values.length - 1), left + width - 30, bottom + 12);
    $("seq-info").textContent = doc.game + ": " + values.length + " values" +
      (doc.period ? "; periodic from " + doc.period.preperiod + " with period " + doc.period.period + (doc.period.saltus ? " and saltus " + doc.period.saltus : "") + " (proven)" : "");
  } catch (error) {
    $("seq-info").textContent = error.message;
  }
}
$("seq-draw").addEventListener("click", drawSequence);

// Table: a heatmap of pair values.
async function drawTable() {
  const canvas = $("table-canvas");
  const context = canvas.getContext("2d");
  try {
    const doc = await api("table", { game: $("table-game").value, size: Number($("table-size").value) });
    const size = doc.size;
    const cell = Math.floor(canvas.width / size);
    const max = Math.max(1, ...doc.rows.flat());
    context.clearRect(0, 0, canvas.width, canvas.height);
    doc.rows.forEach((row, x) => row.forEach((value, y) => {
      const t = value / max;
      context.fillStyle = value === 0 ? "#000" : "hsl(" + Math.round(240 - 240 * t) + ", 70%, " + Math.round(35 + 30 * t) + "%)";
      context.fillRect(y * cell, x * cell, cell, cell);
    }));
    $("table-info").textContent = doc.game + ": " + size + "×" + size + ", values 0 to " + max + " (black: 0, the P-positions)";
  } catch (error) {
    $("table-info").textContent = error.message;
  }
}
$("table-draw").addEventListener("click", drawTable);

loadGames();
