// Leagues on the page: create one and share its join link (/#join=CODE: a fragment, which
// browsers never send, so no server log holds the code), join from a link,
// leave, and read a league's board of the day and its standings. What shows when (the others'
// results once one's own game is over) is the database's rule; this only draws its answer.
// Uses app.js's $, t, api, problem, channel and day; app.js tells when it drew a game
// ("wordle:drawn").
"use strict";

(() => {
  const el = (tag, props = {}, ...children) => {
    const node = Object.assign(document.createElement(tag), props);
    node.append(...children);
    return node;
  };
  const labelled = (key, input) => {
    const label = el("label", {}, el("span", { textContent: t(key) }), input);
    label.firstChild.dataset.i18n = key;
    return label;
  };
  const button = (key, onClick) => {
    const b = el("button", { type: "button", textContent: t(key) });
    b.dataset.i18n = key;
    b.addEventListener("click", onClick);
    return b;
  };
  const joinCode = () => {
    const code = new URLSearchParams(location.hash.slice(1)).get("join");
    return code && /^[0-9a-fA-F]{32}$/.test(code) ? code : null;
  };

  let shown = null;     // the league whose board is open
  let week = false;     // standings of the week, else all time
  let lastState = null; // the state of the game app.js drew last

  const dialog = el("dialog", { id: "leagues-dialog" });
  dialog.setAttribute("aria-labelledby", "leagues-title");
  const title = el("h2", { id: "leagues-title", textContent: t("leagues") });
  title.dataset.i18n = "leagues";
  const note = el("p", { id: "league-message", className: "note" });
  note.setAttribute("role", "status");
  const list = el("ul", { id: "league-list" });
  const boardArea = el("section", { id: "league-board" });
  const joinName = el("input", { id: "league-join-nickname", maxLength: 24, autocomplete: "nickname" });
  const joinForm = el("section", { id: "league-join", hidden: true },
    el("h3", { textContent: t("league.join") }), labelled("league.nickname", joinName),
    button("league.joinButton", () => join()));
  joinForm.firstChild.dataset.i18n = "league.join";
  const newName = el("input", { id: "league-name", maxLength: 40 });
  const newNickname = el("input", { id: "league-nickname", maxLength: 24, autocomplete: "nickname" });
  const link = el("input", { id: "league-link", readOnly: true });
  link.dataset.i18nAria = "league.link";
  const copy = button("league.copy", () => copyLink());
  const linkBox = el("div", { id: "league-link-box", hidden: true }, link, copy);
  const createForm = el("section", { id: "league-create" },
    el("h3", { textContent: t("league.create") }), labelled("league.name", newName),
    labelled("league.nickname", newNickname), button("league.createButton", () => create()),
    linkBox);
  createForm.firstChild.dataset.i18n = "league.create";
  const close = button("close", () => dialog.close());
  close.className = "close";
  dialog.append(title, note, joinForm, list, boardArea, createForm, close);
  document.body.append(dialog);
  document.head.append(el("link", { rel: "stylesheet", href: "/static/leagues.css" }));

  const open = button("leagues", () => show());
  open.id = "leagues-button";
  open.setAttribute("aria-haspopup", "dialog");
  $("stats-button").before(open);
  const after = button("league.boards", () => show(null, true));
  after.id = "league-after";
  after.hidden = true;
  document.querySelector(".actions").append(after);

  function tell(text, isError = false) {
    note.textContent = text;
    note.classList.toggle("error", isError);
  }

  function result(row) {
    if (row.state === null) {
      if (!row.me && !row.visible) return t(row.finished ? "league.finished" : "league.notFinished");
      return t("league.notStarted");
    }
    const extras = [];
    if (row.hard) extras.push(t("league.hard"));
    if (row.letters_revealed) extras.push(t("league.hints", { count: row.letters_revealed }));
    const tries = { tries: row.attempts, max: row.max_tries };
    const main = row.state === "playing" ? t("league.playing", tries)
      : t(row.state === "won" ? "league.won" : "league.lost", tries);
    return [main, ...extras].join(", ");
  }

  function table(headers, rows) {
    const head = el("tr", {}, ...headers.map((h) => el("th", { scope: "col", textContent: h })));
    return el("table", {}, el("thead", {}, head),
      el("tbody", {}, ...rows.map((cells) => el("tr", {}, ...cells.map((c, i) => (i === 0
        ? el("th", { scope: "row", textContent: c }) : el("td", { textContent: c })))))));
  }

  async function drawBoard(name) {
    shown = name;
    const params = new URLSearchParams({ league: name });
    if (channel()) params.set("channel", channel());
    if (day()) params.set("day", day());
    if (week) params.set("week", "1");
    try {
      const data = await api(`/api/leagues/board?${params}`);
      const first = data.board[0];
      const you = (row) => (row.me ? `${row.nickname} ${t("league.you")}` : row.nickname);
      const heading = el("h3", { textContent: t("league.board", { league: name, number: first.number }) });
      const board = table([t("league.member"), t("league.result")],
        data.board.map((row) => [you(row), result(row)]));
      board.id = "league-results";
      const hidden = el("p", { className: "note", textContent: first.visible ? "" : t("league.hidden") });
      const toggle = button(week ? "league.allTime" : "league.week", () => {
        week = !week;
        drawBoard(name);
      });
      const standings = table(
        ["#", t("league.member"), t("league.games"), t("league.wins"), t("league.average"),
         t("league.streak")],
        data.standings.map((r) => [`${r.place}. ${you(r)}`, r.games, r.wins,
          r.average_tries === null ? "–" : r.average_tries.toFixed(2), r.current_streak])
          .map(([who, ...rest]) => [who, ...rest.map(String)]));
      standings.id = "league-standings";
      standings.querySelector("thead tr").firstChild.remove();  // the rank is in the name cell
      const period = el("h4", { textContent: `${t("league.standings")}: ${t(week ? "league.week" : "league.allTime")}` });
      boardArea.replaceChildren(heading, board, hidden, period, standings, toggle);
    } catch (e) {
      tell(problem(e), true);
    }
  }

  async function drawList() {
    try {
      const mine = await api("/api/leagues");
      after.hidden = !(mine.length && lastState && lastState !== "playing");
      if (!mine.length) {
        list.replaceChildren(el("li", { className: "note", textContent: t("league.none") }));
        return mine;
      }
      list.replaceChildren(...mine.map((l) => {
        const item = el("li");
        const name = el("button", { type: "button", className: "league-name",
          textContent: `${l.league} (${t("league.members", { count: l.members })})` });
        name.addEventListener("click", () => drawBoard(l.league));
        const leave = button("league.leave", () => leaveLeague(l.league));
        item.append(name, leave);
        if (l.creator) item.append(button("league.newLink", () => newLink(l.league)));
        return item;
      }));
      return mine;
    } catch (e) {
      tell(problem(e), true);
      return [];
    }
  }

  function showLink(code) {
    link.value = `${location.origin}/#join=${code}`;
    linkBox.hidden = false;
    link.select();
    tell(t("league.link"));
  }

  async function copyLink() {
    let copied = false;
    try { await navigator.clipboard.writeText(link.value); copied = true; } catch (e) {
      link.select();
      try { copied = document.execCommand("copy"); } catch (e2) { copied = false; }
    }
    tell(t(copied ? "copied" : "selectToCopy"));
  }

  async function create() {
    try {
      const made = await api("/api/leagues/create", { name: newName.value.trim(),
        nickname: newNickname.value.trim() || null });
      newName.value = "";
      await drawList();
      showLink(made.code);
      drawBoard(made.league);
    } catch (e) {
      tell(problem(e), true);
    }
  }

  async function newLink(name) {
    try {
      showLink((await api("/api/leagues/code", { league: name })).code);
    } catch (e) {
      tell(problem(e), true);
    }
  }

  async function join() {
    try {
      const joined = await api("/api/leagues/join", { code: joinCode(),
        nickname: joinName.value.trim() || null });
      // the code leaves the address bar and the history entry
      history.replaceState(null, "", `${location.pathname}${location.search}`);
      joinForm.hidden = true;
      tell(t("league.joined", { league: joined.league }));
      await drawList();
      drawBoard(joined.league);
    } catch (e) {
      tell(problem(e), true);
    }
  }

  async function leaveLeague(name) {
    try {
      await api("/api/leagues/leave", { league: name });
      if (shown === name) boardArea.replaceChildren();
      await drawList();
    } catch (e) {
      tell(problem(e), true);
    }
  }

  async function show(name = null, firstBoard = false) {
    tell("");
    linkBox.hidden = true;
    joinForm.hidden = joinCode() === null;
    if (!dialog.open) dialog.showModal();
    const mine = await drawList();
    const chosen = name || (firstBoard && mine.length ? mine[0].league : shown);
    if (chosen && mine.some((l) => l.league === chosen)) drawBoard(chosen);
    else boardArea.replaceChildren();
    if (!joinForm.hidden) joinName.focus();
  }

  // A game drawn over: the league button shows; a game that ends here opens the boards.
  let lastGame = null;  // channel and day of that game: another day's is no ending
  document.addEventListener("wordle:drawn", async (event) => {
    const { state, channel: drawnChannel, day: drawnDay } = event.detail;
    const game = `${drawnChannel}|${drawnDay}`;
    const ended = lastState === "playing" && state !== "playing" && lastGame === game;
    lastState = state;
    lastGame = game;
    const mine = await drawList();
    if (ended && mine.length && !document.querySelector("dialog[open]")) show(null, true);
  });
  if (joinCode()) show();
  addEventListener("hashchange", () => { if (joinCode()) show(); });  // a link pasted here
})();
