-- Every transaction names the processor that decided it. The payer's requery answers with it,
-- and rows written before migration 004 added the column, or by the demo seed, had none, so the
-- answer failed its own schema (a 500 the pending page never got past). The sandbox is the only
-- processor there has ever been, so it decided all of them.

update transactions set processor = 'sandbox' where processor is null;
alter table transactions alter column processor set not null;
