-- Issue 41 item 5; ADR 0290: when staff record the executed original of a will that declares harta sepencarian,
-- they record whether the scan's declaration page carries the spouse's signed acknowledgement (true), or not
-- (false). NULL: the will declared no harta sepencarian when it was checked (and on every existing row).
ALTER TABLE "will_executed_originals" ADD COLUMN "sepencarian_acknowledged" boolean;
