//! The Business phase (BI-BUS-1..4 and its actions).
