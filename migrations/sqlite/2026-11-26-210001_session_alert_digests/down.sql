DROP TABLE digests_sent;
