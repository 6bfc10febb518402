// A whole game of today's puzzle from Node.js through the SQL API (docs/sql-api.md), with the
// npm `mariadb` connector: the game, a refused guess, guesses until the game is over, the
// share text and the statistics. Run it: node examples/node/play.mjs (settings in README.md).
//
// Every result is plain JSON: the API returns no BIGINT (which this connector gives as a
// BigInt, which JSON.stringify refuses), and dateStrings keeps a DATE as the puzzle's day
// ("2026-11-27") instead of a Date at local midnight, which toISOString() turns into the day
// before anywhere east of UTC.
import mariadb from "mariadb";

const env = process.env;
const channel = env.WORDLE_CHANNEL || null; // null: the default channel

// A refusal of the game: SQLSTATE class WD, a message meant for people. Characters beyond
// the Basic Multilingual Plane come as \u{1F600} (the server keeps messages in utf8mb3).
function refusal(error) {
  if (!error.sqlState || !error.sqlState.startsWith("WD")) return null;
  const text = error.text.replace(/\\u\{([0-9A-Fa-f]+)\}/g, (_, hex) =>
    String.fromCodePoint(parseInt(hex, 16)));
  return { code: error.sqlState, message: text };
}

// One row of a CALL: the driver gives the result sets then an OK packet.
async function callOne(conn, sql, values) {
  const [rows] = await conn.query(sql, values);
  return rows[0];
}

const conn = await mariadb.createConnection({
  host: env.WORDLE_DB_HOST || "localhost",
  port: Number(env.WORDLE_DB_PORT || 3306),
  socketPath: env.WORDLE_DB_SOCKET || undefined,
  user: env.WORDLE_DB_USER,
  password: env.WORDLE_DB_PASSWORD,
  database: env.WORDLE_DB_NAME || "wordle",
  charset: "utf8mb4",
  dateStrings: true, // DATE as "YYYY-MM-DD": a puzzle's day is no instant
  // A time limit on the socket, not queryTimeout: that one sets the session's
  // max_statement_time, which the game refuses (WD012), since a routine cut off halfway would
  // leave its work half done. Every call of a game returns in well under a second.
  socketTimeout: 10_000,
});
try {
  // A player account plays as its own user name (setting player_names).
  const player = env.WORDLE_PLAYER || env.WORDLE_DB_USER;
  let game = await callOne(conn, "CALL wordle_game_on(?, ?, NULL)", [channel, player]);
  console.log(`${game.title} (${game.day}): ${game.letters} letters, ${game.max_tries} tries, ` +
              game.state);
  const notAWord = "q".repeat(game.letters);
  let state = game.state;
  try {
    await conn.query("CALL wordle_play_on(?, ?, ?, NULL, NULL)", [channel, player, notAWord]);
  } catch (error) {
    const refused = refusal(error);
    if (!refused) throw error;
    console.log(`refused ${refused.code}: ${refused.message}`);
  }
  while (state === "playing") {
    // the first answer word that agrees with every hint so far (no solver build needed)
    const next = await callOne(conn, "CALL wordle_candidates_on(?, NULL, ?, NULL, 1)",
                               [channel, player]);
    try {
      const move = await callOne(conn, "CALL wordle_play_on(?, ?, ?, NULL, NULL)",
                                 [channel, player, next.word]);
      console.log(`${move.attempt}/${move.max_tries} ${move.guess} ${move.hint} ${move.state}`);
      state = move.state;
    } catch (error) {
      const refused = refusal(error);
      if (!refused) throw error;
      if (refused.code !== "WD025") throw error; // WD025: the database stayed busy
      await new Promise((resolve) => setTimeout(resolve, 200 + 300 * Math.random()));
    }
  }
  const share = await callOne(conn, "CALL wordle_share_on(?, ?, NULL)", [channel, player]);
  console.log(share.text);
  const stats = await callOne(conn, "CALL wordle_stats_on(?, ?)", [channel, player]);
  console.log(`stats ${JSON.stringify(stats)}`);
  const [distribution] = await conn.query("CALL wordle_stats_distribution_on(?, ?)",
                                          [channel, player]);
  console.log(`distribution ${JSON.stringify(distribution)}`);
} finally {
  await conn.end();
}
