//! Subroutines (GLSL 4.00, GL_ARB_shader_subroutine).
//!
//! - A `subroutine uniform T u;` is a `Uniform` variable of type `u32` (arrays of them:
//!   arrays of `u32`) holding the **selected function's index in the list of the functions
//!   compatible with `T`**, in the order they are first declared with `subroutine(..., T,
//!   ...)` ([`fresnel_sema::hir::SubroutineType::functions`]). An index past the end
//!   selects the last function (the chain's final `else`), so any value stays defined.
//! - A call `u(args)` (or `u[i](args)`) loads the uniform and runs an `if` chain comparing
//!   it with 0, 1, ... over the compatible functions, each branch an ordinary call (or
//!   inlined body) of one function with the same argument expressions. Exactly one branch
//!   runs, so the arguments are evaluated once. A non-void result goes through a
//!   function-local temporary written in every branch.

use fresnel_ir::{AluOp, Type, TypeId, Types};
use fresnel_sema::hir::{self, Storage};
use fresnel_sema::types::Type as HType;
use fresnel_syntax::source::Span;

use crate::expr::Place;
use crate::func::{Cx, FnCx, Global};
use crate::types::{shape, Shape};
use crate::{LowerError, Operand};

/// The IR type of a subroutine uniform: `u32`, or arrays of it with the same lengths.
fn index_type(types: &mut Types, t: TypeId) -> TypeId {
    match types.get(t).clone() {
        Type::Array { elem, len, .. } => {
            let e = index_type(types, elem);
            types.array(e, len)
        }
        _ => types.scalar(fresnel_ir::BaseType::Uint, 32),
    }
}

/// Retypes the variables of `subroutine uniform`s to their index type (after the globals
/// are created, before any function refers to them).
pub(crate) fn retype_uniforms(cx: &mut Cx<'_>, types: &mut Types) {
    let m = cx.m;
    for &g in &m.globals {
        let v = m.var(g);
        if v.storage != Storage::Uniform
            || !matches!(m.types.get(m.types.innermost(v.ty)), HType::Subroutine(_))
        {
            continue;
        }
        if let Some(Global::Var(id)) = cx.globals.get(&g).copied() {
            let t = index_type(types, cx.vars[id].ty);
            cx.vars[id].ty = t;
        }
    }
}

/// The functions a call through a value of subroutine type `ty` may reach.
pub(crate) fn compatible(m: &hir::Module, ty: fresnel_sema::types::TypeId) -> &[hir::FuncId] {
    m.subroutine_type(ty)
        .map(|s| s.functions.as_slice())
        .unwrap_or(&[])
}

impl FnCx<'_, '_, '_> {
    /// A call through a subroutine uniform (see the module docs).
    pub(crate) fn subroutine_call(
        &mut self,
        callee: hir::ExprId,
        args: &[hir::ExprId],
        ret_ty: fresnel_sema::types::TypeId,
        span: Span,
    ) -> Result<Option<Operand>, LowerError> {
        let m = self.cx.m;
        let cty = m.expr(callee).ty;
        let funcs = compatible(m, cty);
        let Some((&last, rest)) = funcs.split_last() else {
            return Err(LowerError::new(
                format!(
                    "no function is declared compatible with the subroutine type `{}`",
                    m.types.display(cty, self.cx.interner)
                ),
                Some(span),
            ));
        };
        let d = match self.place(callee)? {
            Place::Deref(d, _) => d,
            Place::Swizzle(..) => {
                return Err(LowerError::new("bad subroutine uniform", Some(span)));
            }
        };
        if self.b.types.value_shape(self.b.deref_of(d).ty) != Some((32, 1)) {
            return Err(LowerError::new(
                "subroutine uniform without an index type",
                Some(span),
            ));
        }
        let sel = self.b.load_deref(d);
        let result = match shape(m, ret_ty) {
            Shape::Void => None,
            _ => Some(self.temp("subroutine.ret", ret_ty, span)?),
        };
        let mut ifs = Vec::with_capacity(rest.len());
        for (i, &f) in rest.iter().enumerate() {
            let k = self.b.imm_u32(i as u32);
            let c = self.b.alu(AluOp::Ieq, &[sel, k]);
            ifs.push(self.b.push_if(c));
            self.subroutine_branch(f, args, result, ret_ty, span)?;
            self.b.push_else(*ifs.last().expect("pushed"));
        }
        self.subroutine_branch(last, args, result, ret_ty, span)?;
        for i in ifs.into_iter().rev() {
            self.b.pop_if(i);
        }
        match result {
            Some(t) => {
                let d = self.deref_var(t);
                Ok(Some(self.load(d, ret_ty)?))
            }
            None => Ok(None),
        }
    }

    fn subroutine_branch(
        &mut self,
        f: hir::FuncId,
        args: &[hir::ExprId],
        result: Option<fresnel_ir::VarId>,
        ret_ty: fresnel_sema::types::TypeId,
        span: Span,
    ) -> Result<(), LowerError> {
        let r = self.call(f, args, span)?;
        if let (Some(t), Some(op)) = (result, r) {
            let d = self.deref_var(t);
            self.store(d, ret_ty, &op)?;
        }
        Ok(())
    }
}
