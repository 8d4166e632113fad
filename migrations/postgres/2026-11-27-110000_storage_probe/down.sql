DROP TABLE storage_probe;
