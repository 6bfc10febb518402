"""`wordle-db serve`: the game in the browser, one more thin client of the SQL API."""
