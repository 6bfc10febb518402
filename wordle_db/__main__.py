from wordle_db.cli import main

main()
