DROP TABLE rate_limit_counts;
