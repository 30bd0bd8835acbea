-- Issue 13: the settings list is served from the shared public cache (server/modules/reference), so a
-- change to a setting must retire the cached answers like a change to phases, subjects or countries.
CREATE TRIGGER settings_public_version AFTER INSERT OR UPDATE OR DELETE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_version();
