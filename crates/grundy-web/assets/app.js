// The page: every answer comes from the JSON API of this server (the same documents as the
// command line's --json); nothing here knows a game's rules.
"use strict";

const $ = (id) => document.getElementById(id);

// The page's own words in the four languages of the explanations (which the server writes, in
// the language the request names). The lines meant for programs stay as they are: `winner:`.
const STRINGS = {
  en: {
    "tagline": "Impartial games solved by Sprague–Grundy theory: values, outcomes, every winning move.",
    "language": "Language", "tab-analyse": "Analyse", "tab-play": "Play", "tab-sequence": "Sequence", "tab-table": "Table",
    "analyse-title": "Analyse a position", "game": "Game", "game-text": "Graph or script text", "position": "Position",
    "misere-play": "misère play", "explain": "explain", "solve": "Solve",
    "play-title": "Play against the perfect strategy", "start": "Start", "misere": "misère", "computer-first": "computer first",
    "new-game": "New game", "move": "Move", "hint": "Hint", "undo": "Undo",
    "sequence-title": "Nim-sequence", "heaps-up-to": "Heaps 0 to", "draw": "Draw", "table-title": "Table of pairs", "side": "Side",
    "outcome-P": "P: the player to move loses", "outcome-N": "N: the player to move wins", "outcome-D": "D: a draw",
    "value": "value", "no-winning-move": "no winning move", "leaving": "leaving", "component": "component", "nothing": "nothing",
    "your-move": "your move", "you": "you", "computer": "computer", "illegal-move": "illegal move",
    "hint-leaves": "leaves a position of value 0", "hint-none": "no move wins here; make the game last", "hint-prefix": "hint",
    "heap": "heap", "take-here": "take from here: heap {heap} keeps {keep}",
    "values": "values", "periodic": "periodic from {from} with period {period}", "saltus": "and saltus {saltus}", "proven": "proven",
    "table-info": "{game}: {size}×{size}, values 0 to {max} (black: 0, the P-positions)",
  },
  ru: {
    "tagline": "Беспристрастные игры, решённые по теории Шпрага — Гранди: значения, исходы, все выигрышные ходы.",
    "language": "Язык", "tab-analyse": "Анализ", "tab-play": "Игра", "tab-sequence": "Последовательность", "tab-table": "Таблица",
    "analyse-title": "Анализ позиции", "game": "Игра", "game-text": "Текст графа или скрипта", "position": "Позиция",
    "misere-play": "мизерная игра", "explain": "объяснить", "solve": "Решить",
    "play-title": "Игра против идеальной стратегии", "start": "Начало", "misere": "мизер", "computer-first": "компьютер первым",
    "new-game": "Новая игра", "move": "Ход", "hint": "Подсказка", "undo": "Отменить",
    "sequence-title": "Последовательность значений Гранди", "heaps-up-to": "Кучи от 0 до", "draw": "Построить", "table-title": "Таблица пар", "side": "Сторона",
    "outcome-P": "P: тот, кто ходит, проигрывает", "outcome-N": "N: тот, кто ходит, выигрывает", "outcome-D": "D: ничья",
    "value": "значение", "no-winning-move": "выигрышного хода нет", "leaving": "остаётся", "component": "компонента", "nothing": "ничего",
    "your-move": "ваш ход", "you": "вы", "computer": "компьютер", "illegal-move": "недопустимый ход",
    "hint-leaves": "оставляет позицию со значением 0", "hint-none": "выигрышного хода нет; затягивайте игру", "hint-prefix": "подсказка",
    "heap": "куча", "take-here": "брать отсюда: в куче {heap} останется {keep}",
    "values": "значений", "periodic": "периодично с {from} с периодом {period}", "saltus": "и скачком {saltus}", "proven": "доказано",
    "table-info": "{game}: {size}×{size}, значения от 0 до {max} (чёрное: 0, проигрышные позиции)",
  },
  zh: {
    "tagline": "用 Sprague–Grundy 理论求解公平组合游戏：Grundy 值、胜负、所有必胜走法。",
    "language": "语言", "tab-analyse": "分析", "tab-play": "对弈", "tab-sequence": "序列", "tab-table": "表格",
    "analyse-title": "分析一个局面", "game": "游戏", "game-text": "图或脚本文本", "position": "局面",
    "misere-play": "反常规则", "explain": "解释", "solve": "求解",
    "play-title": "与完美策略对弈", "start": "初始局面", "misere": "反常", "computer-first": "电脑先走",
    "new-game": "新游戏", "move": "走", "hint": "提示", "undo": "悔棋",
    "sequence-title": "Grundy 值序列", "heaps-up-to": "堆大小 0 到", "draw": "绘制", "table-title": "二元组表", "side": "边长",
    "outcome-P": "P：轮到走的一方必败", "outcome-N": "N：轮到走的一方必胜", "outcome-D": "D：平局",
    "value": "值", "no-winning-move": "没有必胜走法", "leaving": "剩下", "component": "子游戏", "nothing": "无",
    "your-move": "轮到你走", "you": "你", "computer": "电脑", "illegal-move": "不合法的走法",
    "hint-leaves": "走到值为 0 的局面", "hint-none": "这里没有必胜走法；尽量拖长游戏", "hint-prefix": "提示",
    "heap": "堆", "take-here": "从这里取：第 {heap} 堆留下 {keep}",
    "values": "个值", "periodic": "从 {from} 起周期为 {period}", "saltus": "，增量为 {saltus}", "proven": "已证明",
    "table-info": "{game}：{size}×{size}，值从 0 到 {max}（黑色：0，即必败态）",
  },
  mk: {
    "tagline": "Непристрасни игри решени со теоријата на Шпраг и Гранди: вредности, исходи, сите победнички потези.",
    "language": "Јазик", "tab-analyse": "Анализа", "tab-play": "Игра", "tab-sequence": "Низа", "tab-table": "Табела",
    "analyse-title": "Анализа на позиција", "game": "Игра", "game-text": "Текст на граф или скрипта", "position": "Позиција",
    "misere-play": "мизер игра", "explain": "објасни", "solve": "Реши",
    "play-title": "Играјте против совршената стратегија", "start": "Почеток", "misere": "мизер", "computer-first": "компјутерот прв",
    "new-game": "Нова игра", "move": "Потег", "hint": "Совет", "undo": "Врати",
    "sequence-title": "Низа на Гранди вредности", "heaps-up-to": "Купчиња од 0 до", "draw": "Нацртај", "table-title": "Табела на парови", "side": "Страна",
    "outcome-P": "P: играчот на ред губи", "outcome-N": "N: играчот на ред победува", "outcome-D": "D: нерешено",
    "value": "вредност", "no-winning-move": "нема победнички потег", "leaving": "останува", "component": "компонента", "nothing": "ништо",
    "your-move": "ваш потег", "you": "вие", "computer": "компјутер", "illegal-move": "недозволен потег",
    "hint-leaves": "остава позиција со вредност 0", "hint-none": "тука ниту еден потег не победува; продолжете ја играта", "hint-prefix": "совет",
    "heap": "купче", "take-here": "земи оттука: купчето {heap} задржува {keep}",
    "values": "вредности", "periodic": "периодично од {from} со период {period}", "saltus": "и скок {saltus}", "proven": "докажано",
    "table-info": "{game}: {size}×{size}, вредности од 0 до {max} (црно: 0, губитничките позиции)",
  },
};

// The browser's language when we have it, else English; the selector changes it.
function browserLanguage() {
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const code = String(tag).slice(0, 2).toLowerCase();
    if (STRINGS[code]) return code;
  }
  return "en";
}
let lang = browserLanguage();

function t(key, args) {
  let text = (STRINGS[lang] && STRINGS[lang][key]) || STRINGS.en[key] || key;
  for (const [name, value] of Object.entries(args || {})) text = text.split("{" + name + "}").join(String(value));
  return text;
}

function applyLanguage() {
  document.documentElement.lang = lang;
  for (const element of document.querySelectorAll("[data-i18n]")) element.textContent = t(element.dataset.i18n);
  $("lang").value = lang;
}

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
  request.lang = lang;
  const out = $("result");
  out.textContent = "…";
  try {
    const doc = await api("solve", request);
    const outcome = t("outcome-" + doc.outcome);
    let html = "";
    const value = valueText(doc.value);
    html += '<div class="summary">' + (value !== null ? t("value") + " " + value + " — " : "") + outcome + "</div>";
    html += '<div id="moves">';
    if (doc.winning_moves.length === 0) html += "<div>" + escapeHtml(t("no-winning-move")) + "</div>";
    for (const m of doc.winning_moves) {
      const said = moveWords(m);
      html += '<div class="move">' + escapeHtml(said) + ", " + escapeHtml(t("leaving")) + " " + escapeHtml(m.after.join(" ")) + "</div>";
    }
    html += "</div>";
    if (doc.explanation) html += "<pre>" + escapeHtml(doc.explanation) + "</pre>";
    out.innerHTML = html;
  } catch (error) {
    out.innerHTML = '<span class="error">' + escapeHtml(error.message) + "</span>";
  }
}
$("solve-button").addEventListener("click", solve);

// A move in words: the game's own (English) words in English, else the components it changes.
function moveWords(m) {
  if (m.description && lang === "en") return m.description;
  if (m.changes && m.changes.length > 0) {
    return m.changes.map((c) => t("component") + " " + (c.component + 1) + ": " + c.from + " → " + c.to).join("; ");
  }
  return t("component") + " " + (m.component + 1) + ": " + m.from + " → " + (m.to.length ? m.to.join(" + ") : t("nothing"));
}

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
    label.textContent = t("heap") + " " + (heapIdx + 1);
    row.appendChild(label);
    for (let tokenIdx = 0; tokenIdx < Number(component); tokenIdx++) {
      const token = document.createElement("button");
      token.className = "token";
      token.dataset.heap = heapIdx;
      token.dataset.index = tokenIdx;
      token.title = t("take-here", { heap: heapIdx + 1, keep: tokenIdx });
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
  return Object.assign({ game: play.game, components: play.position, misere: play.misere, lang }, extra);
}

async function startGame() {
  play.game = $("play-game").value;
  play.position = words($("play-components").value);
  play.misere = $("play-misere").checked;
  play.history = [];
  play.over = false;
  $("play-log").textContent = "";
  $("play-status").textContent = t("your-move");
  drawBoard();
  if ($("play-computer-first").checked) await computerMove();
}

async function humanMove(typed) {
  if (play.over) return;
  try {
    const doc = await api("move", request({ move: typed }));
    play.history.push(play.position);
    play.position = doc.move.after;
    log(t("you") + ": " + typed + "  →  " + play.position.join(" "));
    drawBoard(doc.board);
    if (doc.over) return finish(true);
    await computerMove();
  } catch (error) {
    $("play-status").textContent = t("illegal-move") + ": " + error.message;
  }
}

async function computerMove() {
  const doc = await api("play", request({}));
  if (doc.move === null) return finish(true);
  play.position = doc.move.after;
  // The reason comes in the language the request named: the library's own message.
  const why = doc.why;
  log(t("computer") + ": " + moveWords(doc.move) + "  →  " + play.position.join(" ") + " (" + why + ")");
  drawBoard(doc.board);
  if (doc.over) return finish(false);
  $("play-status").textContent = t("your-move");
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
  $("play-status").textContent = t("your-move");
});
$("hint").addEventListener("click", async () => {
  try {
    const doc = await api("solve", request({ explain: false }));
    const best = doc.winning_moves[0];
    $("play-status").textContent = best
      ? t("hint-prefix") + ": " + moveWords(best) + " " + t("hint-leaves")
      : t("hint-prefix") + ": " + t("hint-none");
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
    $("seq-info").textContent = doc.game + ": " + values.length + " " + t("values") +
      (doc.period ? "; " + t("periodic", { from: doc.period.preperiod, period: doc.period.period }) + (doc.period.saltus ? " " + t("saltus", { saltus: doc.period.saltus }) : "") + " (" + t("proven") + ")" : "");
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
    $("table-info").textContent = t("table-info", { game: doc.game, size, max });
  } catch (error) {
    $("table-info").textContent = error.message;
  }
}
$("table-draw").addEventListener("click", drawTable);

$("lang").addEventListener("change", () => {
  lang = $("lang").value;
  applyLanguage();
});
applyLanguage();
loadGames();
