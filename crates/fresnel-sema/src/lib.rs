//! Fresnel's semantic analysis: types, scopes, the built-in library, checks, and the typed HIR.

pub mod builtin_types;
pub mod builtins;
