DROP TABLE signatures;
