// Leagues on the page: create one and share its join link (/?channel=C#join=CODE&league=NAME:
// the channel it was made on, so the friend plays the same puzzle, and a fragment, which
// browsers never send, so no server log holds the code; the name only lets the join form say
// which league it is), join from a link, leave, and read a league's board of the day and its
// standings. What shows when (the others' results once one's own game is over) is the
// database's rule; this only draws its answer.
// Uses app.js's $, t, number, api, problem, channel, day and closable; app.js tells when it
// drew a game ("wordle:drawn").
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
  const joinName = () => (new URLSearchParams(location.hash.slice(1)).get("league") || "")
    .slice(0, 40);

  let shown = null;     // the league whose board is open
  let week = false;     // standings of the week, else all time
  let lastState = null; // the state of the game app.js drew last

  const dialog = el("dialog", { id: "leagues-dialog" });
  dialog.setAttribute("aria-labelledby", "leagues-title");
  const title = el("h2", { id: "leagues-title", textContent: t("leagues") });
  title.dataset.i18n = "leagues";
  const head = el("div", { className: "dialog-head" }, title);
  const note = el("p", { id: "league-message", className: "note" });
  note.setAttribute("role", "status");
  const list = el("ul", { id: "league-list" });
  const boardArea = el("section", { id: "league-board" });
  const joinNickname = el("input", { id: "league-join-nickname", maxLength: 24,
                                     autocomplete: "nickname" });
  const joinTitle = el("h3", { id: "league-join-title" });
  const joinForm = el("section", { id: "league-join", hidden: true },
    joinTitle, labelled("league.nickname", joinNickname),
    button("league.joinButton", () => join()));
  const newName = el("input", { id: "league-name", maxLength: 40 });
  const newNickname = el("input", { id: "league-nickname", maxLength: 24, autocomplete: "nickname" });
  const link = el("input", { id: "league-link", readOnly: true });
  link.dataset.i18nAria = "league.link";
  link.setAttribute("aria-label", t("league.link"));
  const sheet = typeof navigator.share === "function";  // the system's share sheet
  const copy = button(sheet ? "share" : "league.copy", () => copyLink());
  const linkBox = el("div", { id: "league-link-box", hidden: true }, link, copy);
  const createForm = el("section", { id: "league-create" },
    el("h3", { textContent: t("league.create") }), labelled("league.name", newName),
    labelled("league.nickname", newNickname), button("league.createButton", () => create()));
  createForm.firstChild.dataset.i18n = "league.create";
  // the new link shows at the top, on screen, where the player looks after creating
  dialog.append(head, note, linkBox, joinForm, list, boardArea, createForm);
  document.body.append(dialog);
  closable(dialog);

  $("leagues-button").addEventListener("click", () => show());
  const after = $("league-after");
  after.addEventListener("click", () => show(null, true));

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
      const heading = el("h3", { textContent: t("league.board", {  // a puzzle's number: #1234
        league: name, number: String(first.number) }) });
      const board = table([t("league.member"), t("league.result")],
        data.board.map((row) => [you(row), result(row)]));
      board.id = "league-results";
      const hidden = el("p", { className: "note", textContent: first.visible ? "" : t("league.hidden") });
      const toggle = button(week ? "league.allTime" : "league.week", () => {
        week = !week;
        drawBoard(name);
      });
      // a member without a finished game has no place yet: listed last, without a rank
      const ranked = [...data.standings].sort((a, b) => (a.games === 0) - (b.games === 0));
      const standings = table(
        ["#", t("league.member"), t("league.games"), t("league.wins"), t("league.average"),
         t("league.streak")],
        ranked.map((r) => [r.games === 0 ? `– ${you(r)}` : `${number(r.place)}. ${you(r)}`,
          number(r.games), number(r.wins),
          r.average_tries === null ? "–" : number(r.average_tries, 2, 2),
          number(r.current_streak)]));
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

  // the join link: this page's channel, so that the friend plays the same puzzle
  function showLink(code, league) {
    const here = channel() ? `?channel=${encodeURIComponent(channel())}` : "";
    const fragment = new URLSearchParams({ join: code, league });
    link.value = `${location.origin}/${here}#${fragment}`;
    linkBox.hidden = false;
    tell(t("league.link"));
    note.scrollIntoView({ block: "nearest" });
    copy.focus();
  }

  async function copyLink() {
    if (sheet) {
      try {
        await navigator.share({ url: link.value });
        return;
      } catch (e) {
        if (e.name === "AbortError") return;  // the player closed the sheet
      }
    }
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
      await drawBoard(made.league);
      showLink(made.code, made.league);
    } catch (e) {
      tell(problem(e), true);
    }
  }

  async function newLink(name) {
    try {
      showLink((await api("/api/leagues/code", { league: name })).code, name);
    } catch (e) {
      tell(problem(e), true);
    }
  }

  async function join() {
    try {
      const joined = await api("/api/leagues/join", { code: joinCode(),
        nickname: joinNickname.value.trim() || null });
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
    joinTitle.textContent = joinName() ? t("league.joinNamed", { league: joinName() })
      : t("league.join");
    if (!dialog.open) dialog.showModal();
    const mine = await drawList();
    const chosen = name || (firstBoard && mine.length ? mine[0].league : shown);
    if (chosen && mine.some((l) => l.league === chosen)) drawBoard(chosen);
    else boardArea.replaceChildren();
    if (!joinForm.hidden) joinNickname.focus();
  }

  // A game drawn over: the league button shows; a game that ends here opens the boards.
  let lastGame = null;  // channel and day of that game: another day's is no ending
  // A join link opens the join form once the page is drawn (in its language).
  document.addEventListener("wordle:drawn", async (event) => {
    const { state, channel: drawnChannel, day: drawnDay } = event.detail;
    const game = `${drawnChannel}|${drawnDay}`;
    const first = lastGame === null;
    const ended = lastState === "playing" && state !== "playing" && lastGame === game;
    lastState = state;
    lastGame = game;
    if (first && joinCode()) show();
    const mine = await drawList();
    if (ended && mine.length && !document.querySelector("dialog[open]")) show(null, true);
  });
  addEventListener("hashchange", () => { if (joinCode()) show(); });  // a link pasted here
})();
