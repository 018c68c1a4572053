//! A test per rule, named after its ID.
