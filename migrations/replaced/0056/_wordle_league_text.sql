-- _wordle_league_text(text, longest): internal. Whether `text` may be a league's name or a
-- member's nickname: 1 to `longest` characters, no surrounding spaces, none of the control,
-- invisible or direction characters player names refuse (see _wordle_player).
-- Reads: nothing.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' FUNCTION _wordle_league_text(
    p_text MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin, p_longest INT)
RETURNS BOOLEAN
DETERMINISTIC NO SQL SQL SECURITY INVOKER
COMMENT 'Internal: a valid league name or nickname'
RETURN p_text IS NOT NULL AND CHAR_LENGTH(p_text) BETWEEN 1 AND p_longest AND p_text = TRIM(p_text)
  AND p_text NOT REGEXP '[\\p{Cc}\\p{Cf}\\p{Co}\\p{Cs}\\p{Cn}\\p{Zl}\\p{Zp}]|[^\\P{Zs} ]|[\\x{115F}\\x{1160}\\x{3164}\\x{FFA0}\\x{2800}\\x{034F}\\x{17B4}\\x{17B5}\\x{FE00}-\\x{FE0F}\\x{E0100}-\\x{E01EF}]|^\\p{M}|\\s\\p{M}'
