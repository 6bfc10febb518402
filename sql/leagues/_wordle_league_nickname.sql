-- _wordle_league_nickname(text): internal. Whether `text` may be a member's nickname: a league
-- text of 1 to 24 characters (_wordle_league_text) of one alphabet (_wordle_one_alphabet)
-- with a character that is no punctuation, space or mark, and whose look is not empty
-- (_wordle_lookalike_key: "!!!", "——", "%%%" and a lone tatweel look like nothing or like
-- punctuation, so they would all be one nickname). The one rule wordle_league_create and
-- _wordle_league_member check.
-- Reads: lookalikes.
-- revision: 0056
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' FUNCTION _wordle_league_nickname(
    p_text MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin)
RETURNS BOOLEAN
READS SQL DATA SQL SECURITY INVOKER
COMMENT 'Internal: a valid nickname'
RETURN _wordle_league_text(p_text, 24) AND _wordle_one_alphabet(p_text)
  AND p_text REGEXP '[^\\p{P}\\p{Z}\\p{M}]'
  AND _wordle_lookalike_key(p_text) <> _wordle_lookalike_key('')
