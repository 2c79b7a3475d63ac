-- Room in each page of webhook_deliveries for the new version of a row that a claim leases: the
-- lease changes no indexed column, so with room on the page the update is a heap-only tuple and
-- writes no index entry (four indexes would otherwise take one each, per claim).
alter table webhook_deliveries set (fillfactor = 70);
