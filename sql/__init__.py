"""SQL object files, shipped as wordle_db.sql."""
