"""The floor of a new player's first guess (issue 42): variants.py's VARIANTS, `base` the
routines as they are and `no rules`, _wordle_player cut down to what any first guess must
write (the player, its kept decision) after its first read: no name check, no role, no
setting, no other login's name, no mark. A price, never a candidate.
Run: .venv/bin/python bench/research/guess-cost/variants.py
bench/research/guess-cost/first_guess_floor.py --games 200 (and again with --reverse).
"""

from pathlib import Path

TEXT = (Path(__file__).resolve().parents[3] / "sql/access/_wordle_player.sql").read_text()
KEPT = "  IF o_id IS NOT NULL THEN\n    LEAVE find;\n  END IF;\n"
WRITES_ONLY = (
    KEPT
    + """  INSERT INTO players (name, account, created_at)
  VALUES (p_name, 'bench_front', SYSDATE(6));
  SELECT MAX(id) INTO o_id FROM players WHERE name = p_name AND own = FALSE;
  INSERT INTO player_access (account, name, version, player_id, node, after)
  VALUES (SESSION_USER(), p_name, v_version, o_id, v_node, 0);
END"""
)

VARIANTS = {"base": [], "no rules": [("_wordle_player", TEXT[TEXT.index(KEPT) :], WRITES_ONLY)]}
