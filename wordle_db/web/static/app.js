// wordle-db in the browser: draws what the JSON API answers. Every rule and every hint comes
// from the database; this script only sends what is typed and shows the results.
"use strict";

const $ = (id) => document.getElementById(id);
const STATES = { "2": "right", "1": "elsewhere", "0": "absent" };
const LANGUAGES = ["en", "fr", "de", "es", "it", "pt"];  // a catalogue each: /static/i18n/
let lang = "en";
let catalogue = {};
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
  constructor(message, status, code) { super(message); this.status = status; this.code = code; }
}

// Every text a player sees comes from the catalogue of the channel's language: t(key, params)
// fills {name} from params; params.count chooses the plural form (key.one, key.other, ...).
function t(key, params = {}) {
  let text = catalogue[key];
  if (text === undefined && "count" in params) {
    const form = new Intl.PluralRules(lang).select(params.count);
    text = catalogue[`${key}.${form}`] ?? catalogue[`${key}.other`];
  }
  if (text === undefined) text = key;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}
const spoken = (state) => t(`state.${state}`);

async function setLanguage() {
  const chosen = channels.find((c) => c.name === (channel() || defaultChannel()));
  const wanted = chosen && LANGUAGES.includes(chosen.language) ? chosen.language : "en";
  if (wanted !== lang || Object.keys(catalogue).length === 0) {
    try {
      const response = await fetch(`/static/i18n/${wanted}.json`);
      catalogue = await response.json();
      lang = wanted;
    } catch (e) { /* keep the catalogue there is */ }
  }
  document.documentElement.lang = lang;
  [...$("channel").options].forEach((option) => {
    const c = channels.find((one) => one.name === option.value);
    if (c) option.textContent = t("channelOption", { name: c.name, letters: c.letters });
  });
  document.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
  document.querySelectorAll("[data-i18n-aria]").forEach((el) => {
    el.setAttribute("aria-label", t(el.dataset.i18nAria));
  });
  if (view) draw();
  syncChannel();
  tick();
}

// What a refusal says to the player, in their language, from its WD code (never the
// server's own text, which is written for operators).
function problem(e, word = "") {
  if (e instanceof Offline) return t("error.connection");
  if (!(e instanceof ApiError)) return t("error.generic");
  if (e.status === 429) return t("error.busy");
  const key = `error.${e.code}`;
  if (e.code && key in catalogue) {
    return t(key, { word: caps(word), letters: view ? view.game.letters : "" });
  }
  return t("error.generic");
}

class Offline extends Error {}  // no answer came: the request may or may not have landed

const TIMEOUT_MS = 10000;
async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", "X-Wordle": "1" },
  };
  let response;
  try {
    response = await fetch(path, { credentials: "same-origin",
                                   signal: AbortSignal.timeout(TIMEOUT_MS), ...options });
  } catch (e) {
    throw new Offline(String(e));
  }
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  if (!response.ok) {
    throw new ApiError((data && data.error) || response.statusText, response.status,
                       data && data.code);
  }
  return data;
}

// A puzzle's day (YYYY-MM-DD) as the player's language writes dates.
function dateText(isoDay) {
  const [y, m, d] = isoDay.split("-").map(Number);
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeZone: "UTC" })
    .format(new Date(Date.UTC(y, m - 1, d)));
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
  el.setAttribute("aria-label", letter ? `${caps(letter)}, ${spoken(state)}` : spoken("empty"));
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
      ? t("row.guess", { n: i + 1, word: caps(attempt.guess), hints: describe(attempt) })
      : letters.length ? t("row.typed", { n: i + 1, word: caps(letters.join("")) })
        : t("row.empty", { n: i + 1 }));
    board.append(row);
  }
}

function describe(attempt) {
  return [...attempt.guess].map((l, j) => `${caps(l)} ${spoken(STATES[attempt.hint[j]])}`)
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
    el.setAttribute("aria-label", `${caps(label)}, ${spoken(state)}`);
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
    if (i === rows.length - 1) row.append(key(t("enter"), "Enter", null, true));
    letters.forEach((l) => row.append(key(l, l, states.get(l))));
    if (i === rows.length - 1) {
      const back = key("⌫", "Backspace", null, true);
      back.setAttribute("aria-label", t("delete"));
      row.append(back);
    }
    keyboard.append(row);
  });
}

function drawStatus() {
  const g = view.game;
  const named = g.channel && g.channel !== defaultChannel() && channels.length > 0;
  $("puzzle").textContent = `${named ? g.channel + " " : ""}#${g.number}`
    + `${day() ? " (" + dateText(g.day) + ")" : ""}`;
  $("board").setAttribute("aria-label", t("boardLabel", { letters: g.letters, tries: g.max_tries }));
  $("mode").textContent = g.hard ? t("hardMode.short") : "";
  const revealed = g.letters_revealed ? t("revealed", { letters: caps(g.revealed) }) : "";
  $("revealed").textContent = revealed;
  $("hint-button").disabled = over();
  $("share-button").hidden = !over();
  if (!over()) $("share-text").hidden = true;
  const hard = $("hard-mode");
  hard.disabled = view.attempts.length > 0 || over();
  hard.checked = view.attempts.length > 0 ? g.hard : localStorage.getItem("hard") === "on";
  $("hard-note").textContent = hard.disabled ? t("hardNote.before") : t("hardNote.from");
  if (over()) {
    say(g.state === "won" ? t("solved", { tries: g.attempts, max: g.max_tries })
      : t("theWordWas", { word: caps(g.answer) }));
  }
}

function draw() {
  drawBoard(); drawKeyboard(); drawStatus();
  document.dispatchEvent(new CustomEvent("wordle:drawn", { detail: view.game }));  // analysis.js, leagues.js
}

// Motion on the board (CSS plays it only without prefers-reduced-motion).
function animateRow(index, kind) {
  const row = document.querySelectorAll("#board .row")[index];
  if (!row) return;
  row.classList.remove(kind);
  void row.offsetWidth;  // restart the animation
  row.classList.add(kind);
}

async function load() {
  typed = "";
  say("");
  try {
    view = await api(`/api/game${dayQuery()}`);
    draw();
  } catch (e) {
    say(problem(e), true);
  }
}

// A guess is sent once more when no answer came (a flaky phone connection). It can never
// count twice: the database refuses a word already tried in the game (WD034) and any guess
// after the game's end (WD035), so either refusal of a resent word means the first one
// landed, and the board is read again.
let sending = false;
let unsure = null;    // the word whose last sending got no answer

async function send(body) {
  try {
    return await api("/api/guess", body);
  } catch (e) {
    if (!(e instanceof Offline)) throw e;
    unsure = body.word;
    await new Promise((resolve) => { setTimeout(resolve, 1000); });
    return api("/api/guess", body);  // once more; a second silence is reported
  }
}

async function submit() {
  if (over() || sending) return;
  const word = typed;
  const body = { word, day: day(), channel: channel() };
  if (view.attempts.length === 0) {
    body.hard = $("hard-mode").checked;
    localStorage.setItem("hard", body.hard ? "on" : "off");  // the next game starts the same
  }
  sending = true;
  say(t("sending"));
  try {
    const data = await send(body);
    unsure = null;
    const r = data.result;
    view.attempts.push({ attempt: r.attempt, guess: r.guess, hint: r.hint });
    Object.assign(view.game, { day: r.day, number: r.number, state: r.state, hard: r.hard,
                               attempts: r.attempt, max_tries: r.max_tries, answer: r.answer });
    view.keyboard = data.keyboard;
    typed = "";
    say("");
    draw();
    animateRow(r.attempt - 1, "flip");
    if (r.state === "won") animateRow(r.attempt - 1, "bounce");
    let text = `${caps(r.guess)}: ${describe(r)}.`;
    if (r.state === "won") text += ` ${t("solved.short")}`;
    if (r.state === "lost") text += ` ${t("gameOver", { word: caps(r.answer) })}`;
    announce(text);
    if (r.state !== "playing") gameEnded();
  } catch (e) {
    const landed = e instanceof ApiError && ["WD034", "WD035"].includes(e.code) && word === unsure;
    if (landed) {  // the unanswered sending counted: show the game as the database has it
      unsure = null;
      await load();
      if (over()) gameEnded();
    } else {
      const text = e instanceof Offline ? t("error.offline") : problem(e, word);
      say(text, true);
      announce(text);
      animateRow(view.attempts.length, "shake");
    }
  } finally {
    sending = false;
  }
}

// The statistics open by themselves when a game ends here (after the row's animation).
function gameEnded() {
  const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
  setTimeout(() => { if (!document.querySelector("dialog[open]")) openStats(); },
             still ? 300 : 1800);
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
    const text = t("hintGiven", { count: h.hints_left, position: h.position,
                                  letter: caps(h.letter), left: h.hints_left });
    say(text);
    announce(text);
  } catch (e) {
    if (e instanceof Offline) await load();  // never sent again: a hint counts once
    say(problem(e), true);
    announce(problem(e));
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
    const note = copied ? t("copied") : t("selectToCopy");
    say(note);
    announce(note);
  } catch (e) {
    say(problem(e), true);
  }
}

async function openStats() {
  try {
    const s = await api(`/api/stats${query(false)}`);
    const numbers = [[t("played"), s.played], [t("winPercent"), s.win_percent ?? 0],
                     [t("streak"), s.current_streak], [t("maxStreak"), s.max_streak]];
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
      bar.setAttribute("aria-label", t("bar", { guesses: t("guessCount", { count: n }),
                                                games: t("gameCount", { count: games }) }));
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
    say(problem(e), true);
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
    todayButton.textContent = t("todaysPuzzle");
    todayButton.addEventListener("click", () => goTo(null));
    today.append(todayButton);
    list.replaceChildren(today, ...days.map((d) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.day = d.day;
      b.textContent = `#${d.number} ${dateText(d.day)} (${t(`day.${d.state}`)})`;
      b.addEventListener("click", () => goTo(d.day));
      li.append(b);
      return li;
    }));
  } catch (e) {
    say(problem(e), true);
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
  const text = left > 0 ? t("nextPuzzle", { time: hms }) : t("newPuzzle");
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
    option.textContent = t("channelOption", { name: c.name, letters: c.letters });
    return option;
  }));
  $("channel-picker").hidden = channels.length < 2;
  await setLanguage();
}

function syncChannel() {
  const chosen = channel() || defaultChannel();
  if (chosen && channels.some((c) => c.name === chosen)) $("channel").value = chosen;
}

function chooseChannel(name) {
  const url = name === defaultChannel() ? location.pathname
    : `${location.pathname}?channel=${encodeURIComponent(name)}`;
  history.pushState(null, "", url);  // a channel's day is not another's: back to today
  setLanguage();
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
  $("help-button").addEventListener("click", () => $("help-dialog").showModal());
  $("hard-mode").addEventListener("change", (e) => {
    localStorage.setItem("hard", e.target.checked ? "on" : "off");
  });
  $("channel").addEventListener("change", (e) => {
    e.target.blur();  // typed letters go to the game, not to the selector's search
    chooseChannel(e.target.value);
  });
  window.addEventListener("popstate", () => { setLanguage(); load(); startCountdown(); });
  document.querySelectorAll("dialog .close").forEach((b) => {
    b.addEventListener("click", () => b.closest("dialog").close());
  });
  window.addEventListener("hashchange", load);
  loadChannels().then(() => {
    if (!localStorage.getItem("seen-help")) {  // the first visit: how to play, once
      localStorage.setItem("seen-help", "1");
      $("help-dialog").showModal();
    }
  });
  load();
  startCountdown();
}

start();
