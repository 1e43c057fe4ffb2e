//! Arrays sized by specialization constants (issue 5, helper B).
//!
//! `layout(constant_id = 1) const int N = 4; float a[N];` or
//! `shared float t[gl_WorkGroupSize.x];` (with `local_size_x_id`): the array type is the
//! array of the default length (what every check and layout uses, as in glslang), and the
//! declared variable records, per dimension, the unfolded size expression
//! ([`Module::spec_array_dims`](crate::hir::Module)), so that code generation keeps the
//! length specializable. `.length()` of such an array folds to the default and records the
//! unfolded size in [`Module::spec_unfolded`](crate::hir::Module).

use crate::builtin_types::Scalar;
use crate::hir::{ExprId, ExprKind, Storage, VarId};
use crate::types::{ids, Type, TypeId};
use fresnel_syntax::ast::UnaryOp;

use super::Checker;

/// The specialization-constant dimensions of the array type last built by
/// `Checker::apply_array`: the type, and per dimension (outermost first) the unfolded size
/// expression, `None` for a constant dimension.
#[derive(Clone, Debug, Default)]
pub struct SpecDims {
    /// The unfolded size of the dimension `array_dim` checked last (when it depends on
    /// specialization constants).
    pub(crate) dim: Option<ExprId>,
    pub(crate) last: Option<(TypeId, Vec<Option<ExprId>>)>,
}

impl Checker<'_> {
    /// After `apply_array` built `ty` from `elem` with these dimensions (outermost first):
    /// remembers which dimensions are specializable (composing with the dimensions already
    /// on `elem`, as in `float[N] a[2]`).
    pub(crate) fn note_spec_dims(&mut self, elem: TypeId, ty: TypeId, dims: Vec<Option<ExprId>>) {
        let inner = match self.spec_dims.last.take() {
            Some((t, d)) if t == elem => Some(d),
            _ => None,
        };
        if dims.iter().all(Option::is_none) && inner.is_none() {
            return;
        }
        let mut all = dims;
        match inner {
            Some(d) => all.extend(d),
            None => {
                // The element's own array dimensions are constant.
                let mut t = elem;
                while let Type::Array { elem, .. } = *self.m.types.get(t) {
                    all.push(None);
                    t = elem;
                }
            }
        }
        self.spec_dims.last = Some((ty, all));
    }

    /// A variable was declared: when its type is the array type just built with
    /// specializable dimensions, records them.
    pub(crate) fn record_spec_dims(&mut self, v: VarId) {
        let Some((t, dims)) = self.spec_dims.last.take() else {
            return;
        };
        // Private, local and shared arrays only: interface and resource arrays keep their
        // default length (their locations and descriptor counts are fixed), and so does
        // their `.length()`.
        let var = self.m.var(v);
        if t != var.ty
            || !matches!(
                var.storage,
                Storage::Local | Storage::Global | Storage::Shared
            )
        {
            return;
        }
        // A size SPIR-V cannot specialize (floating-point arithmetic) keeps its default.
        let dims: Vec<Option<ExprId>> = dims
            .into_iter()
            .map(|d| d.filter(|e| self.specializable(*e, &mut 256)))
            .collect();
        if dims.iter().any(Option::is_some) {
            self.m.spec_array_dims.insert(v, dims);
        }
    }

    /// Whether the (folded or unfolded) expression `e` is one `OpSpecConstantOp` can
    /// compute in a shader: integer and boolean scalar arithmetic, comparisons, selections
    /// and conversions over specialization constants, literals and `gl_WorkGroupSize`
    /// components (what `fresnel-lower/src/spec.rs` turns into an IR `SpecExpr`).
    fn specializable(&self, e: ExprId, budget: &mut usize) -> bool {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        if let Some(u) = self.m.spec_unfolded(e) {
            return self.specializable(u, budget);
        }
        let ex = self.m.expr(e);
        let scalar =
            matches!(self.m.types.get(ex.ty), Type::Scalar(s) if s.is_int() || *s == Scalar::Bool);
        let wg = |a: ExprId| {
            let a = self.m.spec_unfolded(a).unwrap_or(a);
            matches!(self.m.expr(a).kind, ExprKind::Var(v)
                if self.m.var(v).builtin && self.name(self.m.var(v).name) == "gl_WorkGroupSize")
        };
        match &ex.kind {
            ExprKind::Swizzle(a, c) => c.len() == 1 && wg(*a),
            ExprKind::Index(a, i) => wg(*a) && matches!(self.m.expr(*i).kind, ExprKind::Const(_)),
            _ if !scalar => false,
            ExprKind::Const(_) => true,
            ExprKind::Var(v) => self.spec_constants.contains(v),
            ExprKind::Unary(op, a) => {
                !matches!(
                    op,
                    UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec
                ) && self.specializable(*a, budget)
            }
            ExprKind::Binary(_, a, b) => {
                self.specializable(*a, budget) && self.specializable(*b, budget)
            }
            ExprKind::Select {
                cond,
                then_expr,
                else_expr,
            } => {
                self.specializable(*cond, budget)
                    && self.specializable(*then_expr, budget)
                    && self.specializable(*else_expr, budget)
            }
            ExprKind::Convert(a) => self.specializable(*a, budget),
            ExprKind::Construct(_, v) if v.len() == 1 => self.specializable(v[0], budget),
            _ => false,
        }
    }

    /// `.length()` of `object` folded to `folded`: when `object` is an array variable (or an
    /// element of one, `a[i].length()`) whose dimension there is specializable, records its
    /// unfolded size (as an `int`) as the unfolded form of `folded`.
    pub(crate) fn spec_length(&mut self, object: ExprId, folded: ExprId) -> ExprId {
        if self.m.spec_array_dims.is_empty() {
            return folded;
        }
        let mut depth = 0usize;
        let mut e = object;
        let var = loop {
            match self.m.expr(e).kind {
                ExprKind::Var(v) => break v,
                ExprKind::Index(a, _) => {
                    depth += 1;
                    e = a;
                }
                _ => return folded,
            }
        };
        let Some(Some(size)) = self
            .m
            .spec_array_dims
            .get(&var)
            .and_then(|d| d.get(depth).copied())
        else {
            return folded;
        };
        let span = self.m.expr(folded).span;
        let u = if self.m.expr(size).ty == ids::INT {
            size
        } else {
            self.add_expr(ExprKind::Convert(size), ids::INT, span)
        };
        self.m.spec_unfolded.insert(folded, u);
        folded
    }
}

/// Whole-array copies of specialization-sized arrays (issue 5, helper B).
impl Checker<'_> {
    /// Whether `e` names a whole array (a variable, or an element of an array of arrays)
    /// whose length at that level or below is a specialization-constant expression.
    fn is_whole_spec_array(&self, e: ExprId) -> bool {
        if self.m.spec_array_dims.is_empty() {
            return false;
        }
        let mut depth = 0usize;
        let mut e = e;
        let var = loop {
            match self.m.expr(e).kind {
                ExprKind::Var(v) => break v,
                ExprKind::Index(a, _) => {
                    depth += 1;
                    e = a;
                }
                _ => return false,
            }
        };
        self.m
            .spec_array_dims
            .get(&var)
            .is_some_and(|d| d.iter().skip(depth).any(Option::is_some))
    }

    /// Rejects `a = b` where either side is a whole array sized by specialization constants,
    /// as glslang does ("can't use with types containing arrays sized with a
    /// specialization constant"): the two lengths may differ once specialized. `true` when
    /// rejected.
    pub(crate) fn reject_spec_array_copy(
        &mut self,
        lhs: ExprId,
        rhs: ExprId,
        span: fresnel_syntax::source::Span,
    ) -> bool {
        if !self.is_whole_spec_array(lhs) && !self.is_whole_spec_array(rhs) {
            return false;
        }
        self.error(
            "spec-array-copy",
            span,
            "arrays sized by specialization constants cannot be assigned or initialized as a whole (their lengths may differ once the shader is specialized); copy them element by element",
        );
        true
    }

    /// A declared variable's initializer: the same rule as for assignments.
    pub(crate) fn reject_spec_array_init(&mut self, v: VarId) {
        let Some(init) = self.m.var(v).init else {
            return;
        };
        let span = self.m.expr(init).span;
        if self.m.spec_array_dims.contains_key(&v) && !self.m.types.is_error(self.m.expr(init).ty) {
            self.error(
                "spec-array-copy",
                span,
                "arrays sized by specialization constants cannot be initialized as a whole (their lengths may differ once the shader is specialized)",
            );
        } else {
            let var_ty = self.m.var(v).ty;
            if matches!(self.m.types.get(var_ty), Type::Array { .. }) {
                self.reject_spec_array_copy(init, init, span);
            }
        }
    }
}

impl Checker<'_> {
    /// At the end of the unit: whole arrays sized by specialization constants passed to
    /// functions (copied in with the default length, while the caller's array takes the
    /// specialized one) are rejected like assignments.
    pub(crate) fn finish_spec_array_calls(&mut self) {
        if self.m.spec_array_dims.is_empty() {
            return;
        }
        let mut bad = Vec::new();
        for e in &self.m.exprs {
            if let ExprKind::Call(_, args) = &e.kind {
                for a in args {
                    if self.is_whole_spec_array(*a) {
                        bad.push(self.m.expr(*a).span);
                    }
                }
            }
        }
        for span in bad {
            self.error(
                "spec-array-copy",
                span,
                "arrays sized by specialization constants cannot be passed to functions as a whole (they are copied with their default length); pass their elements",
            );
        }
    }
}
