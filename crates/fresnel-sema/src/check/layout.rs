//! Layout qualifiers: which `layout(...)` names and values are valid where, per storage,
//! stage, version and extension, and how they combine (location/component overlaps, offset
//! and align rules of buffer blocks, transform feedback, stage layouts that must agree).
//!
//! Called from `decl.rs` once a declaration is resolved:
//! * [`Checker::validate_var_layout`] for each global variable,
//! * [`Checker::validate_block_layout`] for each interface block (with its members),
//! * [`Checker::validate_stage_layout`] for qualifier-only declarations (`layout(...) in;`),
//! * [`Checker::finish_layout`] at the end of the shader.

use fresnel_syntax::source::Span;

use super::decl::{Quals, StorageKw};
use super::Checker;
use crate::hir::{LayoutEntry, Storage, VarId};
use crate::types::Member;

/// What layout checking remembers across declarations.
#[derive(Debug, Default)]
pub(crate) struct LayoutState {}

impl Checker<'_> {
    /// A global variable has been declared (its type and qualifiers are final).
    pub(crate) fn validate_var_layout(&mut self, var: VarId, q: &Quals) {
        let _ = (var, q);
    }

    /// An interface block has been declared.
    pub(crate) fn validate_block_layout(&mut self, storage: Storage, q: &Quals, members: &[Member], span: Span) {
        let _ = (storage, q, members, span);
    }

    /// `layout(...) in;` / `out;` / `uniform;` / `buffer;`.
    pub(crate) fn validate_stage_layout(&mut self, storage: Option<StorageKw>, layout: &[LayoutEntry], span: Span) {
        let _ = (storage, layout, span);
    }

    /// Whole-shader layout rules.
    pub(crate) fn finish_layout(&mut self) {}
}
