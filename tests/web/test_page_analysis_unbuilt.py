"""The analysis panel on a phone where the channel's solver is not built (issue 41): each guess
with the answers possible before and after it, the words it leaves on average and the luck, in
the channel's language and as the terminal says them, then a note that the best guess comes
once the solver is built (the operator's command is the terminal's to name, not the page's).
Screenshots in tests/artifacts/ (phone-*-analysis-unbuilt-360x640.png)."""

from __future__ import annotations

import pytest

from wordle_db.i18n import Texts

from support.phone import Phone, Site, catalogue, finish

ROWS = "return [...document.querySelectorAll('#analysis-list li')].map((li) => li.innerText)"


@pytest.mark.parametrize("language", ["en", "fr", "de"])
def test_the_analysis_without_a_solver_build(phone: Phone, site: Site, language: str) -> None:
    phone.open(site.page(language), (360, 640))
    finish(phone, site, language)
    phone.until(lambda: phone.shown("#analysis-button"), "the analysis button")
    phone.tap("#analysis-button")
    shown = phone.until(lambda: len(phone.js(ROWS)) >= 2 and phone.js(ROWS), "the analysis")
    query = "" if language == "en" else f"?channel={language}"
    rows = phone.js(f"return fetch('/api/analysis{query}').then((r) => r.json())")
    t, words = Texts(language), catalogue(language)
    assert len(shown) == len(rows) == 2
    for text, row in zip(shown, rows, strict=True):
        assert row["best_guess"] is None and row["skill"] is None
        lines = text.splitlines()
        before, after = row["possible_before"], row["possible_after"]
        assert t("analysis.possible", before=before, after=after) in lines
        assert t("analysis.leftOnly", digits=1, count=row["expected_left"]) in lines
        assert t("analysis.luck", luck=row["luck"]) in lines
        assert words["analysis.skill"].split(" ")[0] not in text  # no skill without the best
    assert phone.shown("#analysis-no-solver")
    assert (
        phone.js("return document.getElementById('analysis-no-solver').textContent")
        == (words["analysis.noSolver"])
    )
    phone.screenshot(f"{language}-analysis-unbuilt")
