// wordle-db in the browser: draws what the JSON API answers. Every rule and every hint comes
// from the database; this script only sends what is typed and shows the results.
"use strict";

const $ = (id) => document.getElementById(id);
const STATES = { "2": "right", "1": "elsewhere", "0": "absent" };
const LANGUAGES = ["en", "fr", "de", "es", "it", "pt"];  // a catalogue each: /static/i18n/
// the assets' version (?v=..., given by the server to this script's address): the catalogues
// and keyboards are fetched with it, so a browser keeps them until they change
const VERSION = new URL(document.currentScript.src).search;
let lang = "en";
let catalogue = {};
let layouts = {};     // /static/keyboards.json: each language's rows of keys
let view = null;      // {game, attempts, keyboard} of the day shown
let typed = "";       // the guess being typed
let nextPuzzleAt = null;
let channels = [];    // GET /api/channels: the selector shows when there are two or more
let ready = false;    // the catalogue is there: the page may draw
let shareText = null; // {game, text}: the share text of the game shown once it is over

// Upper case letter by letter, keeping a letter whose capital is longer (ß, not SS): a tile
// is one letter. (CSS text-transform would make ß "SS" too.)
const caps = (text) => [...String(text)].map((c) => {
  const up = c.toUpperCase();
  return [...up].length === 1 ? up : c;
}).join("");

class ApiError extends Error {
  constructor(message, status, code) { super(message); this.status = status; this.code = code; }
}

// Numbers as the language writes them (CLDR, through Intl): 2,5 in Spanish, 1.234 in German.
function number(value, digits = 0, least = 0) {
  return new Intl.NumberFormat(lang, { minimumFractionDigits: least,
                                       maximumFractionDigits: digits }).format(value);
}

// Every text a player sees comes from the catalogue of the channel's language: t(key, params)
// fills {name} from params, numbers written as the language does (params.digits: fraction
// digits); params.count chooses the plural form (key.one, key.other, ...) by CLDR's rules for
// the number as written.
function t(key, params = {}) {
  let text = catalogue[key];
  const digits = params.digits ?? 0;
  if (text === undefined && "count" in params) {
    const form = new Intl.PluralRules(lang, { maximumFractionDigits: digits })
      .select(params.count);
    text = catalogue[`${key}.${form}`] ?? catalogue[`${key}.other`];
  }
  if (text === undefined) text = key;
  return text.replace(/\{(\w+)\}/g, (m, name) => {
    if (!(name in params)) return m;
    const value = params[name];
    return typeof value === "number" ? number(value, digits) : String(value);
  });
}
const spoken = (state) => t(`state.${state}`);

async function setLanguage() {
  const chosen = currentChannel();
  const wanted = chosen && LANGUAGES.includes(chosen.language) ? chosen.language : "en";
  if (wanted !== lang || Object.keys(catalogue).length === 0) {
    try {
      const response = await fetch(`/static/i18n/${wanted}.json${VERSION}`);
      catalogue = await response.json();
      lang = wanted;
    } catch (e) { /* keep the catalogue there is */ }
  }
  document.documentElement.lang = lang;
  nameChannels();
  document.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
  document.querySelectorAll("[data-i18n-aria]").forEach((el) => {
    el.setAttribute("aria-label", t(el.dataset.i18nAria));
  });
  document.querySelectorAll("[data-i18n-content]").forEach((el) => {
    el.setAttribute("content", t(el.dataset.i18nContent));
  });
  // installing the page installs this channel, described in its language
  const manifest = new URLSearchParams();
  if (lang !== "en") manifest.set("lang", lang);
  if (channel()) manifest.set("channel", channel());
  const address = `/static/manifest.webmanifest${manifest.size ? "?" : ""}${manifest}`;
  const link = document.querySelector('link[rel="manifest"]');
  if (link.getAttribute("href") !== address) link.href = address;
  ready = true;
  if (view) draw();
  if (failed) say(problem(failed), true);
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
// A browser with no player yet gets one (its cookie) from the answer to its first request;
// until that answer, the other requests wait for it (sent at once, each would make a player of
// its own, and a late answer's cookie would take the player of a guess or a join made
// meanwhile). A page that has had an answer before ("player" kept) sends at once.
let firstAnswer = localStorage.getItem("player") ? Promise.resolve() : null;
async function api(path, body) {
  if (firstAnswer === null) {
    const answer = request(path, body);
    firstAnswer = answer.then(() => localStorage.setItem("player", "1"));
    firstAnswer.catch(() => {});  // the caller of the first request is told; the others go on
    return answer;
  }
  await firstAnswer.catch(() => {});
  return request(path, body);
}

async function request(path, body) {
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
function currentChannel() {
  return channels.find((c) => c.name === (channel() || defaultChannel()));
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
  // A tap or a click leaves the focus where it was (never on the key), so that a physical
  // Enter then sends the guess instead of pressing the key again; a key reached with Tab
  // keeps it (Enter or Space press it).
  el.addEventListener("mousedown", (event) => event.preventDefault());
  el.addEventListener("click", (event) => {
    press(value);
    if (event.detail > 0) el.blur();
  });
  return el;
}

// The rows of keys: the language's layout (keyboards.json; English for a language it lacks)
// with its letters a-z and those of its other letters the channel uses (Ä, Ñ, ß...); the
// channel's letters the layout lacks get rows of their own, above the last. The terminal
// draws the same rows (render.key_rows, the rule written again in Python).
function keyRows(states) {
  const layout = layouts[lang] || layouts.en || [[], [], ["enter", "backspace"]];
  const usable = (k) => k === "enter" || k === "backspace" || /^[a-z]$/.test(k) || states.has(k);
  const rows = layout.map((row) => row.filter(usable));
  const placed = new Set(layout.flat());
  const extra = [...states.keys()].filter((l) => !placed.has(l));
  for (let i = 0; i < extra.length; i += 10) rows.splice(-1, 0, extra.slice(i, i + 10));
  return rows;
}

function drawKeyboard() {
  const states = new Map(view.keyboard.map((k) => [k.letter, k.state]));
  const rows = keyRows(states);
  const units = Math.max(10, ...rows.map((r) => r.reduce(
    (sum, k) => sum + (k === "enter" || k === "backspace" ? 1.5 : 1), 0)));
  const keyboard = $("keyboard");
  keyboard.style.setProperty("--units", units);
  keyboard.classList.toggle("rows-4", rows.length > 3);
  keyboard.replaceChildren(...rows.map((keys) => {
    const row = document.createElement("div");
    row.className = "keyrow";
    row.append(...keys.map((k) => {
      if (k === "enter") return key(t("enter"), "Enter", null, true);
      if (k === "backspace") {
        const back = key("⌫", "Backspace", null, true);
        back.setAttribute("aria-label", t("delete"));
        return back;
      }
      return key(k, k, states.get(k) || "unused");
    }));
    return row;
  }));
}

function hintsLeft() {
  const c = currentChannel();
  return c ? c.letter_hints - view.game.letters_revealed : 1;
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
  $("hint-button").disabled = over() || hintsLeft() <= 0;
  $("hint-button").hidden = over();
  $("share-button").hidden = !over();
  $("stats-share").hidden = !over();
  const hard = $("hard-mode");
  hard.disabled = view.attempts.length > 0 || over();
  hard.checked = view.attempts.length > 0 ? g.hard : localStorage.getItem("hard") === "on";
  $("hard-note").textContent = hard.disabled ? t("hardNote.before") : t("hardNote.from");
  if (over()) {
    say(g.state === "won" ? t("solved", { tries: g.attempts, max: g.max_tries })
      : t("theWordWas", { word: caps(g.answer) }));
    prepareShare();
  }
}

function draw() {
  if (!ready) return;  // the catalogue first: the page appears once, in its language
  drawBoard(); drawKeyboard(); drawStatus();
  document.body.classList.remove("loading");
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

let failed = null;     // why the game could not be read (said again once the catalogue is in)

async function load() {
  typed = "";
  say("");
  try {
    view = await api(`/api/game${dayQuery()}`);
    failed = null;
    draw();
  } catch (e) {
    failed = e;
    say(problem(e), true);
    if (!view) $("hint-button").hidden = true;  // no game to hint
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

// The statistics open by themselves when a game ends here (after the row's animation),
// unless the player has a dialog open by the time they arrive.
function gameEnded() {
  const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
  const unasked = () => !document.querySelector("dialog[open]");
  setTimeout(() => { if (unasked()) openStats(unasked); }, still ? 300 : 1800);
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
    $("hint-button").disabled = h.hints_left <= 0;
  } catch (e) {
    if (e instanceof Offline) await load();  // never sent again: a hint counts once
    if (e instanceof ApiError && e.code === "WD040") $("hint-button").disabled = true;
    say(problem(e), true);
    announce(problem(e));
  }
}

// Share: the text the database makes of the game, fetched once the game is over (a share
// sheet opens only on the tap itself), to the system's share sheet where the browser has one,
// else to the clipboard; else it shows, selected, in the statistics. The board stays as it is.
async function prepareShare() {
  const game = `${view.game.channel}|${view.game.day}`;
  if (shareText && shareText.game === game) return shareText.text;
  try {
    const { text } = await api(`/api/share${dayQuery()}`);
    shareText = { game, text };
    $("share-text").value = text;
    return text;
  } catch (e) {
    return null;
  }
}

async function share() {
  const tell = (said) => {  // in the statistics when they are open, else under the header
    announce(said);
    if ($("stats-dialog").open) $("share-note").textContent = said;
    else say(said);
  };
  const game = `${view.game.channel}|${view.game.day}`;
  const text = shareText && shareText.game === game ? shareText.text : await prepareShare();
  if (text === null) { tell(t("error.generic")); return; }
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ text });
      return;
    } catch (e) {
      if (e.name === "AbortError") return;  // the player closed the sheet
    }
  }
  let copied = false;
  try { await navigator.clipboard.writeText(text); copied = true; } catch (e) { copied = false; }
  const box = $("share-text");
  if (!copied) {  // no clipboard API (a page served over plain HTTP): from the box, selected
    if (!$("stats-dialog").open) await openStats();
    box.hidden = false;
    box.select();
    try { copied = document.execCommand("copy"); } catch (e) { copied = false; }
    box.hidden = copied;
  }
  tell(copied ? t("copied") : t("selectToCopy"));
}

async function openStats(wanted = () => true) {
  $("share-note").textContent = "";
  try {
    const s = await api(`/api/stats${query(false)}`);
    const numbers = [[t("played"), s.played], [t("winPercent"), s.win_percent ?? 0],
                     [t("streak"), s.current_streak], [t("maxStreak"), s.max_streak]];
    $("stats-numbers").replaceChildren(...numbers.map(([label, value]) => {
      const div = document.createElement("div");
      const dt = document.createElement("dt"); dt.textContent = label;
      const dd = document.createElement("dd"); dd.textContent = number(Math.round(value));
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
      const label = document.createElement("span"); label.textContent = number(n);
      const fill = document.createElement("span");
      fill.className = "fill";
      if (view && view.game.state === "won" && view.game.attempts === n) fill.classList.add("current");
      fill.style.width = `${Math.max(8, (100 * games) / most)}%`;
      fill.textContent = number(games);
      bar.append(label, fill);
      bars.push(bar);
    }
    $("distribution").replaceChildren(...bars);
  } catch (e) {
    say(problem(e), true);
  }
  if (!$("stats-dialog").open && wanted()) $("stats-dialog").showModal();
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
      if (ready) tick();
      if (ticking === null) ticking = setInterval(tick, 1000);
    }
  } catch (e) { /* the game itself says what is wrong */ }
}

// A language's name in that language (Deutsch, Español...), as language menus write them.
function languageName(code) {
  try {
    const name = new Intl.DisplayNames([code], { type: "language" }).of(code);
    return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch (e) {
    return code;
  }
}

// The selector's options: the channel's language, and its letters when another channel speaks
// the same language, and its name when that still tells two apart.
function nameChannels() {
  [...$("channel").options].forEach((option) => {
    const c = channels.find((one) => one.name === option.value);
    if (!c) return;
    const same = channels.filter((o) => o.language === c.language);
    const language = languageName(c.language);
    option.textContent = same.length === 1 ? language
      : same.filter((o) => o.letters === c.letters).length === 1
        ? t("channelOption", { count: c.letters, language })
        : t("channelOption.named", { language, name: c.name });
  });
}

// The channel selector: one option per channel, shown when there are two or more.
// The list is remembered: offline (an installed page starting without a network) the page
// still speaks the channel's language.
async function loadChannels() {
  try {
    channels = await api("/api/channels");
    localStorage.setItem("channels", JSON.stringify(channels));
  } catch (e) {
    try { channels = JSON.parse(localStorage.getItem("channels")) || []; } catch (e2) { channels = []; }
  }
  const select = $("channel");
  select.replaceChildren(...channels.map((c) => {
    const option = document.createElement("option");
    option.value = c.name;
    option.textContent = c.name;
    return option;
  }));
  $("channel-picker").hidden = channels.length < 2;
}

async function loadLayouts() {
  try {
    layouts = await (await fetch(`/static/keyboards.json${VERSION}`)).json();
  } catch (e) { /* the channel's letters in rows of ten */ }
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

// Every dialog: a Close button in its head (which stays on screen while the rest scrolls),
// and a tap on the dim backdrop around it closes it (Escape does too, as in every dialog).
// leagues.js makes its dialog closable the same way.
function closable(dialog) {
  const close = document.createElement("button");
  close.type = "button";
  close.className = "icon close";
  close.innerHTML = '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
    + '<path d="M6 6l12 12M18 6 6 18"/></svg><span class="sr-only" data-i18n="close"></span>';
  close.querySelector("span").textContent = t("close");
  close.addEventListener("click", () => dialog.close());
  dialog.querySelector(".dialog-head").append(close);
  dialog.addEventListener("click", (event) => {
    if (event.target !== dialog) return;
    const box = dialog.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right
      && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) dialog.close();
  });
}

async function start() {
  settings();
  document.querySelectorAll("dialog").forEach(closable);
  $("hint-button").addEventListener("click", letterHint);
  $("share-button").addEventListener("click", share);
  $("stats-share").addEventListener("click", share);
  $("stats-button").addEventListener("click", () => openStats());
  $("archive-button").addEventListener("click", openArchive);
  $("settings-button").addEventListener("click", () => $("settings-dialog").showModal());
  $("help-button").addEventListener("click", () => $("help-dialog").showModal());
  $("help-dialog").querySelector(".done").addEventListener("click", () => $("help-dialog").close());
  $("hard-mode").addEventListener("change", (e) => {
    localStorage.setItem("hard", e.target.checked ? "on" : "off");
  });
  $("channel").addEventListener("change", (e) => {
    e.target.blur();  // typed letters go to the game, not to the selector's search
    chooseChannel(e.target.value);
  });
  window.addEventListener("popstate", () => { setLanguage(); load(); startCountdown(); });
  window.addEventListener("hashchange", load);
  window.addEventListener("online", () => { if (!view) { load(); startCountdown(); } });
  // everything the first screen needs, at once; then it is drawn in one go
  await Promise.all([loadChannels(), loadLayouts(), load(), startCountdown()]);
  await setLanguage();
  document.body.classList.remove("loading");
  if (!localStorage.getItem("seen-help")) {  // the first visit: how to play, once
    localStorage.setItem("seen-help", "1");
    $("help-dialog").showModal();
  }
  // the page and its files, kept by a service worker: the installed page starts offline
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js").catch(() => { /* the page works without */ });
  }
}

start();
