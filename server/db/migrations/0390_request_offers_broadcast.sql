-- A teacher's requests list (server/modules/requests/reads.ts, listRequests) is their own requests and
-- the requests only offered to them. A request for one teacher is offered to that teacher alone, so
-- the offered-only ones are always broadcasts: the offer carries the request's broadcast flag, and the
-- list reads a teacher's broadcast offers (few) instead of every offer (as many as their requests).
-- The flag is the request's, copied by the database on insert and kept if the request's flag changes.
ALTER TABLE request_offers ADD COLUMN broadcast boolean NOT NULL DEFAULT false;
UPDATE request_offers o SET broadcast = true FROM requests r WHERE r.id = o.request_id AND r.broadcast;
CREATE INDEX request_offers_broadcast_idx ON request_offers (teacher_id, request_id) WHERE broadcast;

CREATE FUNCTION request_offer_broadcast() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.broadcast := COALESCE((SELECT broadcast FROM requests WHERE id = NEW.request_id), false);
  RETURN NEW;
END
$$;
CREATE TRIGGER request_offers_broadcast BEFORE INSERT OR UPDATE OF request_id ON request_offers
  FOR EACH ROW EXECUTE FUNCTION request_offer_broadcast();

CREATE FUNCTION request_broadcast_to_offers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE request_offers SET broadcast = NEW.broadcast WHERE request_id = NEW.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER requests_broadcast_to_offers AFTER UPDATE OF broadcast ON requests
  FOR EACH ROW WHEN (OLD.broadcast IS DISTINCT FROM NEW.broadcast) EXECUTE FUNCTION request_broadcast_to_offers();
