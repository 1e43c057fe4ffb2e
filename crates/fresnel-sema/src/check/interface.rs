//! Stage interface rules: what inputs and outputs each stage may declare (geometry inputs are
//! arrays, tessellation per-vertex arrays, fragment outputs), the built-in variables of each
//! stage and profile, the rules about what a shader writes (`gl_FragColor` and `gl_FragData`
//! not both), and whole-shader rules checked at the end.
//!
//! Called from the checker:
//! * [`Checker::validate_var_interface`] for each global variable once declared,
//! * [`Checker::validate_block_interface`] for each interface block,
//! * [`Checker::note_write`] whenever an l-value is written,
//! * [`Checker::note_builtin_call`] for each call of a built-in function,
//! * [`Checker::finish_interface`] at the end of the shader.

use fresnel_syntax::source::Span;

use super::decl::Quals;
use super::Checker;
use crate::hir::{ExprId, Storage, VarId};
use crate::types::{Member, TypeId};

/// What interface checking remembers across the shader.
#[derive(Debug, Default)]
pub(crate) struct InterfaceState {}

impl Checker<'_> {
    /// A global variable has been declared.
    pub(crate) fn validate_var_interface(&mut self, var: VarId, q: &Quals) {
        let _ = (var, q);
    }

    /// An interface block has been declared; `instance_ty` is the type of its instance
    /// (an array for `gl_in[]`-style blocks), `None` for an anonymous block.
    pub(crate) fn validate_block_interface(
        &mut self,
        storage: Storage,
        q: &Quals,
        members: &[Member],
        instance_ty: Option<TypeId>,
        span: Span,
    ) {
        let _ = (storage, q, members, instance_ty, span);
    }

    /// An l-value expression is written (assignment, `++`, `out` argument).
    pub(crate) fn note_write(&mut self, target: ExprId) {
        let _ = target;
    }

    /// A built-in function is called.
    pub(crate) fn note_builtin_call(&mut self, name: &'static str, span: Span) {
        let _ = (name, span);
    }

    /// Whole-shader interface rules.
    pub(crate) fn finish_interface(&mut self) {}
}
