// The post-game analysis: once the game is over, an Analysis button beside Share opens a panel
// with each guess's figures from GET /api/analysis (the database refuses it before; without a
// solver build, the figures but the best guess and the skill, and a note saying so). Uses
// app.js's t(), number(), api(), problem(), caps(), over() and dayQuery(); app.js tells it when
// the game was drawn (the event wordle:drawn).
"use strict";

(() => {
  const button = document.getElementById("analysis-button");
  const dialog = document.getElementById("analysis-dialog");
  const list = document.getElementById("analysis-list");
  const noSolver = document.getElementById("analysis-no-solver");  // without a solver build
  const MARKS = { "2": "right", "1": "elsewhere", "0": "absent" };

  const figure = (value) => (value === null || value === undefined ? "–" : number(value, 1));

  function line(text, className) {
    const p = document.createElement("p");
    p.textContent = text;
    if (className) p.className = className;
    return p;
  }

  function guessRow(r) {
    const li = document.createElement("li");
    const word = document.createElement("div");
    word.className = "analysis-word";
    word.setAttribute("aria-hidden", "true");  // the line below says the same in words
    [...r.guess].forEach((letter, i) => {
      const tile = document.createElement("span");
      tile.className = "tile-sample";
      tile.dataset.state = MARKS[r.hint[i]];
      tile.textContent = caps(letter);
      word.append(tile);
    });
    const built = r.best_guess !== null && r.best_guess !== undefined;  // the solver is built
    const luck = t("analysis.luck", { luck: figure(r.luck) });
    const heading = document.createElement("h3");
    heading.textContent = t("analysis.guess", { n: r.attempt, word: caps(r.guess) });
    li.append(heading, word,
      line(t("analysis.possible", { before: figure(r.possible_before),
                                    after: figure(r.possible_after) })),
      line(built ? t("analysis.left", { count: r.expected_left ?? 0, digits: 1,
                                         best: caps(r.best_guess),
                                         left: figure(r.best_expected_left) })
        : t("analysis.leftOnly", { count: r.expected_left ?? 0, digits: 1 })),
      line(built ? `${t("analysis.skill", { skill: figure(r.skill) })} · ${luck}` : luck,
           "analysis-scores"));
    if (r.letter_hints) {
      li.append(line(t("analysis.letterHints", { count: r.letter_hints }), "note"));
    }
    return li;
  }

  async function open() {
    list.replaceChildren();
    noSolver.hidden = true;
    try {
      const rows = await api(`/api/analysis${dayQuery()}`);
      list.replaceChildren(...rows.map(guessRow));
      noSolver.hidden = rows.every((r) => r.best_guess);
    } catch (e) {
      const li = document.createElement("li");
      li.textContent = problem(e);
      list.append(li);
    }
    dialog.showModal();
  }

  document.addEventListener("wordle:drawn", () => { button.hidden = !over(); });
  button.addEventListener("click", open);
})();
