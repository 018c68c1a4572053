//! Shared helpers of the rule tests.
