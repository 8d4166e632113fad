DROP TABLE seating_plans;
