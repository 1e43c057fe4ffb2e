//! Fresnel's front end: source map, diagnostics, the GLSL preprocessor, lexer, parser and AST.
//!
//! The flow is `SourceMap` + main file -> [`pp::preprocess`] -> tokens ->
//! [`parse::parse`] -> [`ast::TranslationUnit`]. Nothing here does I/O or keeps global state:
//! files reach the preprocessor through the [`pp::IncludeResolver`] the caller passes.

pub mod ast;
mod bytescan;
pub mod diag;
pub mod extensions;
pub mod intern;
pub mod keywords;
pub mod lexer;
pub mod parse;
pub mod pp;
pub mod source;
pub mod token;
pub mod version;

pub use diag::{Diagnostic, Diagnostics, Severity};
pub use intern::{Interner, Symbol};
pub use source::{FileId, SourceMap, Span};
pub use version::{Stage, TargetEnv, Version};
