// wordle-db in the browser: draws what the JSON API answers. Every rule and every hint comes
// from the database; this script only sends what is typed and shows the results.
"use strict";

const $ = (id) => document.getElementById(id);
const STATES = { "2": "right", "1": "elsewhere", "0": "absent" };
const SPOKEN = { right: "right place", elsewhere: "elsewhere in the word", absent: "not in the word",
                 unused: "not tried", typed: "typed", empty: "empty" };
const ROWS = ["qwertyuiop", "asdfghjkl", "zxcvbnm"];
let view = null;      // {game, attempts, keyboard} of the day shown
let typed = "";       // the guess being typed
let nextPuzzleAt = null;
let channels = [];    // GET /api/channels: the selector shows when there are two or more

// Upper case letter by letter, keeping a letter whose capital is longer (ß, not SS): a tile
// is one letter. (CSS text-transform would make ß "SS" too.)
const caps = (text) => [...String(text)].map((c) => {
  const up = c.toUpperCase();
  return [...up].length === 1 ? up : c;
}).join("");

class ApiError extends Error {
  constructor(message, status) { super(message); this.status = status; }
}

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", "X-Wordle": "1" },
  };
  const response = await fetch(path, { credentials: "same-origin", ...options });
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  if (!response.ok) throw new ApiError((data && data.error) || response.statusText, response.status);
  return data;
}

function day() {
  const m = /^#(\d{4}-\d{2}-\d{2})$/.exec(location.hash);
  return m ? m[1] : null;
}
// The channel is in the URL (?channel=fr) so that a link shares it; absent: the default one.
function channel() {
  return new URLSearchParams(location.search).get("channel") || null;
}
function query(withDay = true) {
  const params = new URLSearchParams();
  if (withDay && day()) params.set("day", day());
  if (channel()) params.set("channel", channel());
  const text = params.toString();
  return text ? `?${text}` : "";
}
const dayQuery = () => query(true);
function defaultChannel() {
  const found = channels.find((c) => c.is_default);
  return found ? found.name : null;
}

function say(text, isError = false) {
  const message = $("message");
  message.textContent = text;
  message.classList.toggle("error", isError);
}
function announce(text) {
  $("live").textContent = "";
  setTimeout(() => { $("live").textContent = text; }, 50);
}

function over() { return view && view.game.state !== "playing"; }

function tile(letter, state) {
  const el = document.createElement("div");
  el.className = "tile";
  el.dataset.state = state;
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", letter ? `${caps(letter)}, ${SPOKEN[state]}` : "empty");
  el.textContent = caps(letter);
  return el;
}

function drawBoard() {
  const board = $("board");
  const g = view.game;
  board.style.setProperty("--letters", g.letters);
  board.style.setProperty("--tries", g.max_tries);
  board.replaceChildren();
  for (let i = 0; i < g.max_tries; i += 1) {
    const row = document.createElement("div");
    row.className = "row";
    row.setAttribute("role", "group");
    const attempt = view.attempts[i];
    const letters = attempt ? [...attempt.guess]
      : (i === view.attempts.length && !over() ? [...typed] : []);
    for (let j = 0; j < g.letters; j += 1) {
      const letter = letters[j] || "";
      const state = attempt ? STATES[attempt.hint[j]] : (letter ? "typed" : "empty");
      row.append(tile(letter, state));
    }
    row.setAttribute("aria-label", attempt
      ? `Guess ${i + 1}: ${caps(attempt.guess)}, ${describe(attempt)}`
      : `Row ${i + 1}${letters.length ? ": " + caps(letters.join("")) : ", empty"}`);
    board.append(row);
  }
}

function describe(attempt) {
  return [...attempt.guess].map((l, j) => `${caps(l)} ${SPOKEN[STATES[attempt.hint[j]]]}`)
    .join(", ");
}

function key(label, value, state, wide = false) {
  const el = document.createElement("button");
  el.type = "button";
  el.className = wide ? "key wide" : "key";
  el.textContent = caps(label);
  el.dataset.key = value;
  if (state) {
    el.dataset.state = state;
    el.setAttribute("aria-label", `${caps(label)}, ${SPOKEN[state]}`);
  }
  el.addEventListener("click", () => press(value));
  return el;
}

function drawKeyboard() {
  const states = new Map(view.keyboard.map((k) => [k.letter, k.state]));
  const rows = ROWS.map((r) => [...r].filter((l) => states.has(l)));
  const extra = [...states.keys()].filter((l) => !ROWS.some((r) => r.includes(l)));
  if (extra.length) rows.splice(2, 0, extra);
  const keyboard = $("keyboard");
  keyboard.replaceChildren();
  rows.forEach((letters, i) => {
    const row = document.createElement("div");
    row.className = "keyrow";
    if (i === rows.length - 1) row.append(key("Enter", "Enter", null, true));
    letters.forEach((l) => row.append(key(l, l, states.get(l))));
    if (i === rows.length - 1) {
      const back = key("⌫", "Backspace", null, true);
      back.setAttribute("aria-label", "Delete letter");
      row.append(back);
    }
    keyboard.append(row);
  });
}

function drawStatus() {
  const g = view.game;
  const named = g.channel && g.channel !== defaultChannel() && channels.length > 0;
  $("puzzle").textContent = `${named ? g.channel + " " : ""}#${g.number}`
    + `${day() ? " (" + g.day + ")" : ""}`;
  $("board").setAttribute("aria-label", `Guesses: ${g.letters} letters, ${g.max_tries} tries`);
  $("mode").textContent = g.hard ? "Hard mode" : "";
  const revealed = g.letters_revealed ? `Letter hints: ${caps(g.revealed)}` : "";
  $("revealed").textContent = revealed;
  $("hint-button").disabled = over();
  $("share-button").hidden = !over();
  if (!over()) $("share-text").hidden = true;
  const hard = $("hard-mode");
  hard.disabled = view.attempts.length > 0 || over();
  if (view.attempts.length > 0) hard.checked = g.hard;
  $("hard-note").textContent = hard.disabled
    ? "Hard mode is chosen before the first guess." : "Applies to this game from its first guess.";
  if (over()) {
    say(g.state === "won" ? `Solved in ${g.attempts}/${g.max_tries}!`
      : `The word was ${caps(g.answer)}.`);
  }
}

function draw() { drawBoard(); drawKeyboard(); drawStatus(); }

async function load() {
  typed = "";
  say("");
  try {
    view = await api(`/api/game${dayQuery()}`);
    draw();
  } catch (e) {
    say(e.message, true);
  }
}

async function submit() {
  if (over()) return;
  const body = { word: typed, day: day(), channel: channel() };
  if (view.attempts.length === 0) body.hard = $("hard-mode").checked;
  try {
    const data = await api("/api/guess", body);
    const r = data.result;
    view.attempts.push({ attempt: r.attempt, guess: r.guess, hint: r.hint });
    Object.assign(view.game, { day: r.day, number: r.number, state: r.state, hard: r.hard,
                               attempts: r.attempt, max_tries: r.max_tries, answer: r.answer });
    view.keyboard = data.keyboard;
    typed = "";
    say("");
    draw();
    let text = `${caps(r.guess)}: ${describe(r)}.`;
    if (r.state === "won") text += " Solved!";
    if (r.state === "lost") text += ` Game over: the word was ${caps(r.answer)}.`;
    announce(text);
  } catch (e) {
    say(e.message, true);
    announce(e.message);
  }
}

function press(value) {
  if (!view || over()) return;
  if (value === "Enter") { submit(); return; }
  if (value === "Backspace") typed = [...typed].slice(0, -1).join("");
  else if ([...typed].length < view.game.letters) typed += value;
  say("");
  drawBoard();
}

document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (document.querySelector("dialog[open]")) return;
  const target = event.target;
  if (target.matches("input, textarea, select")) return;
  // Enter and Space activate a focused button, except that Enter with letters typed submits
  // them (the focus may still be on a header button after a dialog closed)
  const onKey = target.matches("#keyboard button");
  if (target.matches("button, a") && (event.key === " " || (event.key === "Enter"
      && (onKey || typed === "")))) return;
  if (event.key === "Enter" || event.key === "Backspace") {
    event.preventDefault();
    press(event.key);
  } else if (/^\p{L}$/u.test(event.key)) {
    press(event.key.toLowerCase());
  }
});

async function letterHint() {
  try {
    const data = await api("/api/hint", { day: day(), channel: channel() });
    view = { game: data.game, attempts: data.attempts, keyboard: data.keyboard };
    draw();
    const h = data.hint;
    const text = `Letter ${h.position} is ${caps(h.letter)}. ${h.hints_left} letter hints left.`;
    say(text);
    announce(text);
  } catch (e) {
    say(e.message, true);
    announce(e.message);
  }
}

async function share() {
  try {
    const { text } = await api(`/api/share${dayQuery()}`);
    const box = $("share-text");
    box.value = text;
    box.hidden = false;
    let copied = false;
    try { await navigator.clipboard.writeText(text); copied = true; } catch (e) {
      box.select();
      try { copied = document.execCommand("copy"); } catch (e2) { copied = false; }
    }
    const note = copied ? "Copied to the clipboard." : "Select the text below to copy it.";
    say(note);
    announce(note);
  } catch (e) {
    say(e.message, true);
  }
}

async function openStats() {
  try {
    const s = await api(`/api/stats${query(false)}`);
    const numbers = [["Played", s.played], ["Win %", s.win_percent ?? 0],
                     ["Current streak", s.current_streak], ["Max streak", s.max_streak]];
    $("stats-numbers").replaceChildren(...numbers.map(([label, value]) => {
      const div = document.createElement("div");
      const dt = document.createElement("dt"); dt.textContent = label;
      const dd = document.createElement("dd"); dd.textContent = String(Math.round(value));
      div.append(dt, dd);
      return div;
    }));
    const counts = new Map(s.distribution.map((d) => [d.attempts, d.games]));
    const most = Math.max(1, ...counts.values());
    const tries = view ? view.game.max_tries : 6;
    const bars = [];
    for (let n = 1; n <= tries; n += 1) {
      const games = counts.get(n) || 0;
      const bar = document.createElement("div");
      bar.className = "bar";
      bar.setAttribute("aria-label", `${n} ${n === 1 ? "guess" : "guesses"}: ${games} games`);
      const label = document.createElement("span"); label.textContent = n;
      const fill = document.createElement("span");
      fill.className = "fill";
      if (view && view.game.state === "won" && view.game.attempts === n) fill.classList.add("current");
      fill.style.width = `${Math.max(8, (100 * games) / most)}%`;
      fill.textContent = games;
      bar.append(label, fill);
      bars.push(bar);
    }
    $("distribution").replaceChildren(...bars);
  } catch (e) {
    say(e.message, true);
  }
  $("stats-dialog").showModal();
}

async function openArchive() {
  const list = $("archive-list");
  try {
    const days = await api(`/api/archive${query(false)}`);
    const today = document.createElement("li");
    const todayButton = document.createElement("button");
    todayButton.type = "button";
    todayButton.textContent = "Today's puzzle";
    todayButton.addEventListener("click", () => goTo(null));
    today.append(todayButton);
    list.replaceChildren(today, ...days.map((d) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.day = d.day;
      b.textContent = `#${d.number} ${d.day} (${d.state === "new" ? "not played" : d.state})`;
      b.addEventListener("click", () => goTo(d.day));
      li.append(b);
      return li;
    }));
  } catch (e) {
    say(e.message, true);
  }
  $("archive-dialog").showModal();
}

function goTo(d) {
  $("archive-dialog").close();
  if (d && location.hash !== `#${d}`) {
    location.hash = d;  // hashchange loads it
    return;
  }
  if (!d) history.replaceState(null, "", location.pathname + location.search);
  load();
}

function tick() {
  if (nextPuzzleAt === null) return;
  const left = Math.max(0, Math.round((nextPuzzleAt - Date.now()) / 1000));
  const hms = [Math.floor(left / 3600), Math.floor(left / 60) % 60, left % 60]
    .map((n) => String(n).padStart(2, "0")).join(":");
  const text = left > 0 ? `Next puzzle in ${hms}` : "A new puzzle is out: reload the page.";
  $("countdown").textContent = text;
  document.querySelector(".countdown-copy").textContent = text;
}

let ticking = null;
async function startCountdown() {
  try {
    const t = await api(`/api/today${query(false)}`);
    if (t.next_puzzle_in !== null && t.next_puzzle_in !== undefined) {
      nextPuzzleAt = Date.now() + t.next_puzzle_in * 1000;
      tick();
      if (ticking === null) ticking = setInterval(tick, 1000);
    }
  } catch (e) { /* the game itself says what is wrong */ }
}

// The channel selector: one option per channel, shown when there are two or more.
async function loadChannels() {
  try {
    channels = await api("/api/channels");
  } catch (e) {
    channels = [];
  }
  const select = $("channel");
  select.replaceChildren(...channels.map((c) => {
    const option = document.createElement("option");
    option.value = c.name;
    option.textContent = `${c.name} (${c.letters} letters)`;
    return option;
  }));
  $("channel-picker").hidden = channels.length < 2;
  syncChannel();
  if (view) drawStatus();
}

function syncChannel() {
  const chosen = channel() || defaultChannel();
  if (chosen && channels.some((c) => c.name === chosen)) $("channel").value = chosen;
}

function chooseChannel(name) {
  const url = name === defaultChannel() ? location.pathname
    : `${location.pathname}?channel=${encodeURIComponent(name)}`;
  history.pushState(null, "", url);  // a channel's day is not another's: back to today
  load();
  startCountdown();
}

function settings() {
  const root = document.documentElement;
  const dark = localStorage.getItem("theme")
    ? localStorage.getItem("theme") === "dark"
    : matchMedia("(prefers-color-scheme: dark)").matches;
  root.dataset.theme = dark ? "dark" : "light";
  root.dataset.contrast = localStorage.getItem("contrast") === "high" ? "high" : "normal";
  $("dark-theme").checked = dark;
  $("high-contrast").checked = root.dataset.contrast === "high";
  $("dark-theme").addEventListener("change", (e) => {
    root.dataset.theme = e.target.checked ? "dark" : "light";
    localStorage.setItem("theme", root.dataset.theme);
  });
  $("high-contrast").addEventListener("change", (e) => {
    root.dataset.contrast = e.target.checked ? "high" : "normal";
    localStorage.setItem("contrast", root.dataset.contrast);
  });
}

function start() {
  settings();
  $("hint-button").addEventListener("click", letterHint);
  $("share-button").addEventListener("click", share);
  $("stats-button").addEventListener("click", openStats);
  $("archive-button").addEventListener("click", openArchive);
  $("settings-button").addEventListener("click", () => $("settings-dialog").showModal());
  $("channel").addEventListener("change", (e) => {
    e.target.blur();  // typed letters go to the game, not to the selector's search
    chooseChannel(e.target.value);
  });
  window.addEventListener("popstate", () => { syncChannel(); load(); startCountdown(); });
  document.querySelectorAll("dialog .close").forEach((b) => {
    b.addEventListener("click", () => b.closest("dialog").close());
  });
  window.addEventListener("hashchange", load);
  loadChannels();
  load();
  startCountdown();
}

start();
