//! Reads of specialization constants (helper E, issue 5).
//!
//! The checker folds specialization constants to their defaults for the checks that need a
//! constant, and keeps the unfolded expressions (`hir::Module::spec_unfolded`); the
//! expression lowering follows those, so a specialization constant reaches this module as an
//! `ExprKind::Var`. It becomes `load_spec_constant` (base = the `constant_id`), and
//! `gl_WorkGroupSize` with a `local_size_*_id` becomes `load_workgroup_size`. Everything
//! computed from them is ordinary ALU code, so specializing the shader changes the result.

use fresnel_ir::{IndexKind, Intrinsic};
use fresnel_sema::hir;
use fresnel_sema::types::TypeId as HirTypeId;
use fresnel_syntax::source::Span;

use crate::func::FnCx;
use crate::{LowerError, Operand};

impl FnCx<'_, '_, '_> {
    /// The `constant_id` of a specialization constant variable.
    fn spec_id(&self, var: &hir::Var) -> Option<u32> {
        var.quals
            .layout
            .iter()
            .rev()
            .find(|e| {
                self.cx
                    .interner
                    .resolve(e.name)
                    .eq_ignore_ascii_case("constant_id")
            })
            .and_then(|e| e.value)
            .and_then(|v| u32::try_from(v).ok())
    }

    /// A read of `v` when it is a specialization constant (or `gl_WorkGroupSize` made of
    /// them); `None` for any other variable (and for a specialization constant the
    /// lowering does not record, which then reads as its default).
    pub(crate) fn spec_constant_read(
        &mut self,
        v: hir::VarId,
        ty: HirTypeId,
        span: Span,
    ) -> Result<Option<Operand>, LowerError> {
        let m = self.cx.m;
        let var = m.var(v);
        if var.storage != hir::Storage::Const {
            return Ok(None);
        }
        if var.builtin
            && self.cx.interner.resolve(var.name) == "gl_WorkGroupSize"
            && self.cx.info.local_size_id.iter().any(Option::is_some)
        {
            let r = self
                .b
                .intrinsic(Intrinsic::LoadWorkgroupSize, &[], 3, 32, &[]);
            return Ok(r.map(Operand::Value));
        }
        let Some(id) = self.spec_id(var) else {
            return Ok(None);
        };
        // Records the constant in `ShaderInfo::spec_constants` (built-in constants made
        // specialization constants are recorded on first use).
        self.cx.global(self.b.types, v, span)?;
        let Some(sc) = self.cx.info.spec_constants.iter().find(|c| c.id == id) else {
            return Ok(None);
        };
        let Some((bits, 1)) = self.b.types.value_shape(sc.ty) else {
            return Ok(None);
        };
        // The HIR type must agree (two declarations may share an id; the first wins).
        let want = crate::types::ir_type(self.b.types, m, self.cx.interner, ty, None, span)?;
        if self.b.types.value_shape(want) != Some((bits, 1)) {
            return Ok(None);
        }
        let r = self.b.intrinsic(
            Intrinsic::LoadSpecConstant,
            &[],
            1,
            bits,
            &[(IndexKind::Base, i64::from(id))],
        );
        Ok(r.map(Operand::Value))
    }
}
