//! Specialization-constant expressions (helper E, issue 5).
//!
//! A use of a specialization constant (`layout(constant_id = N) const int x = 4;`) is folded
//! to its default like any constant, so every check that needs a constant expression (array
//! sizes, `local_size_x_id`, case labels, ...) sees the default, as glslang does. But code
//! must keep reading the constant itself, or specializing the shader at pipeline creation
//! would change nothing: so each fold whose operands depend on a specialization constant also
//! records the operation unfolded in [`Module::spec_unfolded`](crate::hir::Module), which
//! the lowering follows.

use crate::hir::{ExprId, ExprKind, VarId};

use super::Checker;

/// The operands of an expression (those that can be constant: conversions, operators,
/// selections, indexing, members, swizzles, constructors and built-in calls).
fn operands(kind: &ExprKind) -> Vec<ExprId> {
    match kind {
        ExprKind::Convert(a) | ExprKind::Unary(_, a) | ExprKind::Member(a, _) => vec![*a],
        ExprKind::Swizzle(a, _) => vec![*a],
        ExprKind::Binary(_, a, b) | ExprKind::Index(a, b) => vec![*a, *b],
        ExprKind::Select {
            cond,
            then_expr,
            else_expr,
        } => vec![*cond, *then_expr, *else_expr],
        ExprKind::Construct(_, v) | ExprKind::Builtin(_, v) | ExprKind::Comma(v) => v.clone(),
        _ => Vec::new(),
    }
}

impl Checker<'_> {
    /// After `folded` (an `ExprKind::Const`) was computed from the operation `kind`: when an
    /// operand depends on a specialization constant, records `kind` (as a new expression of
    /// the same type and span) as the unfolded form of `folded`. Returns `folded`.
    pub(crate) fn keep_spec(&mut self, folded: ExprId, kind: ExprKind) -> ExprId {
        // Most shaders have no specialization constants: nothing to look at.
        if self.m.spec_unfolded.is_empty() {
            return folded;
        }
        if operands(&kind).iter().any(|o| self.m.is_spec_expr(*o)) {
            let (ty, span) = (self.m.expr(folded).ty, self.m.expr(folded).span);
            let u = self.add_expr(kind, ty, span);
            self.m.spec_unfolded.insert(folded, u);
        }
        folded
    }

    /// A folded use `id` of the constant variable `v`: a specialization constant stays a
    /// reference to the variable; a constant initialized from specialization constants
    /// (`const int y = x * 2;`) stands for its unfolded initializer.
    pub(crate) fn keep_spec_ident(
        &mut self,
        id: ExprId,
        v: VarId,
        spec: bool,
        init: Option<ExprId>,
    ) {
        if spec {
            let (ty, span) = (self.m.expr(id).ty, self.m.expr(id).span);
            let u = self.add_expr(ExprKind::Var(v), ty, span);
            self.m.spec_unfolded.insert(id, u);
        } else if let Some(u) = init.and_then(|i| self.m.spec_unfolded(i)) {
            self.m.spec_unfolded.insert(id, u);
        }
    }
}
