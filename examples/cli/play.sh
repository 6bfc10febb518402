#!/usr/bin/env bash
# A whole game of today's puzzle from the `mariadb` command-line client through the SQL API
# (docs/sql-api.md): the game, a refused guess, guesses until the game is over, the share text
# and the statistics. Run it: examples/cli/play.sh (settings in examples/README.md).
#
# Each `sql` call is a connection of its own, so nothing may rely on a @variable of an earlier
# one. --batch --skip-column-names prints tab-separated rows; a refusal of the game prints
# "ERROR 1644 (WD033) at line 1: message" on stderr and exits 1.
set -euo pipefail

: "${WORDLE_DB_USER:?set WORDLE_DB_USER}"
export MYSQL_PWD="${WORDLE_DB_PASSWORD:-}"  # read by the client, never on its command line
# A string as an SQL literal: backslashes and quotes doubled (the client takes no parameters).
quote() { local s=${1//\\/\\\\}; printf "'%s'" "${s//\'/\'\'}"; }

player=$(quote "${WORDLE_PLAYER:-$WORDLE_DB_USER}")  # an account plays as its own user name
channel=NULL                                         # NULL: the default channel
[ -z "${WORDLE_CHANNEL:-}" ] || channel=$(quote "$WORDLE_CHANNEL")

sql() {
  local where=(--host="${WORDLE_DB_HOST:-localhost}" --port="${WORDLE_DB_PORT:-3306}")
  [ -z "${WORDLE_DB_SOCKET:-}" ] || where=(--socket="$WORDLE_DB_SOCKET")
  mariadb "${where[@]}" --user="$WORDLE_DB_USER" --database="${WORDLE_DB_NAME:-wordle}" \
    --default-character-set=utf8mb4 --batch --skip-column-names "${@:2}" --execute="$1"
}

# wordle_game_on: channel, title, day, number, letters, state, hard, attempts, max_tries, ...
IFS=$'\t' read -r _ title day _ letters state _ _ max_tries _ \
  < <(sql "CALL wordle_game_on($channel, $player, NULL)")
echo "$title ($day): $letters letters, $max_tries tries, $state"

# A refusal: SQLSTATE class WD, and its message meant for people.
not_a_word=$(printf 'q%.0s' $(seq "$letters"))
if ! refused=$(sql "CALL wordle_play_on($channel, $player, '$not_a_word', NULL, NULL)" 2>&1); then
  code=$(sed -n 's/^ERROR [0-9]* (\(WD[0-9]*\)).*/\1/p' <<<"$refused")
  [ -n "$code" ] || { echo "$refused" >&2; exit 1; }
  echo "refused $code: ${refused#*: }"
fi

while [ "$state" = playing ]; do
  # the first answer word that agrees with every hint so far (no solver build needed)
  word=$(sql "CALL wordle_candidates_on($channel, NULL, $player, NULL, 1)" | cut -f1)
  if ! move=$(sql "CALL wordle_play_on($channel, $player, $(quote "$word"), NULL, NULL)" 2>&1)
  then
    case $move in
      *"(WD025)"*) sleep 0.3; continue ;;  # the database stayed busy: try again
      *) echo "$move" >&2; exit 1 ;;
    esac
  fi
  # wordle_play_on: day, number, attempt, guess, hint, state, hard, max_tries, answer
  IFS=$'\t' read -r _ _ attempt guess hint state _ tries _ <<<"$move"
  echo "$attempt/$tries $guess $hint $state"
done

sql "CALL wordle_share_on($channel, $player, NULL)" --raw  # --raw: its line breaks as they are
echo "stats (played won win_percent current_streak max_streak):" \
  "$(sql "CALL wordle_stats_on($channel, $player)")"
