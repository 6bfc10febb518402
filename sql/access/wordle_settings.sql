-- wordle_settings(): every installation setting as rows (name, value, description).
-- Reads: settings, channels.
-- revision: 0036
CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' PROCEDURE wordle_settings()
READS SQL DATA SQL SECURITY DEFINER
COMMENT 'All installation settings'
BEGIN
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK AND NO CHAIN NO RELEASE; RESIGNAL; END;
  CALL _wordle_begin();
  CALL _wordle_settings_rows(NULL);
  COMMIT AND NO CHAIN NO RELEASE;
END
