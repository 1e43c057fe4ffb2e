//! Fresnel's semantic analysis: types, scopes, the built-in library, checks, and the typed HIR.
//!
//! Entry point: [`check::check`], from a parsed [`fresnel_syntax::ast::TranslationUnit`] to a
//! [`hir::Module`], reporting every rule the shader breaks.

pub mod builtin_types;
pub mod builtins;
pub mod check;
pub mod constant;
pub mod fold;
pub mod hir;
pub mod hir_print;
pub mod memory_layout;
pub mod types;

pub use check::{check, CheckOptions};
pub use hir_print::print_hir;
