-- What the referee ruled on, in his words ("played out of turn"), printed beside the
-- penalty on the sheet. Rulings recorded before keep none.
ALTER TABLE penalties ADD COLUMN offence TEXT;
