//! Separate textures and samplers (Vulkan GLSL): `sampler2D(t, s)` makes an
//! [`Operand::Combined`] holding both derefs; texture functions take the texture as
//! `TextureDeref` and the sampler as `SamplerDeref` (as in NIR). Combined samplers are
//! never stored: they are built where a texture function or an inlined function's opaque
//! parameter uses them.

use fresnel_sema::hir::{self, ExprKind};
use fresnel_sema::types::{OpaqueKind, Type as HType, TypeId as HirTypeId};
use fresnel_syntax::source::Span;

use crate::expr::Place;
use crate::func::{FnCx, Local};
use crate::{LowerError, Operand};

impl FnCx<'_, '_, '_> {
    /// `sampler*(texture, sampler)`: the combined operand; `None` for other constructors.
    pub(crate) fn combined_sampler(
        &mut self,
        ty: HirTypeId,
        args: &[hir::ExprId],
    ) -> Result<Option<Operand>, LowerError> {
        let m = self.cx.m;
        let is_sampler =
            matches!(m.types.get(ty), HType::Opaque(o) if o.kind == OpaqueKind::Sampler);
        if !is_sampler || args.len() != 2 {
            return Ok(None);
        }
        let span = m.expr(args[0]).span;
        let texture = self.plain_deref(args[0], span)?;
        let sampler = self.plain_deref(args[1], span)?;
        Ok(Some(Operand::Combined { texture, sampler }))
    }

    fn plain_deref(
        &mut self,
        e: hir::ExprId,
        span: Span,
    ) -> Result<fresnel_ir::ValueId, LowerError> {
        match self.place(e)? {
            Place::Deref(d, _) => Ok(d),
            Place::Swizzle(..) => Err(LowerError::new("bad opaque argument", Some(span))),
        }
    }

    /// An opaque argument (of a built-in or an inlined function): the deref of the object, or
    /// a combined texture and sampler.
    pub(crate) fn opaque_operand(
        &mut self,
        e: hir::ExprId,
        span: Span,
    ) -> Result<Operand, LowerError> {
        let m = self.cx.m;
        match &m.expr(e).kind {
            ExprKind::Construct(ty, args) => {
                if let Some(op) = self.combined_sampler(*ty, args)? {
                    return Ok(op);
                }
            }
            ExprKind::Var(v) => {
                if let Some(Local::Operand(op @ Operand::Combined { .. })) = self.locals.get(v) {
                    return Ok(op.clone());
                }
            }
            _ => {}
        }
        Ok(Operand::Deref(self.plain_deref(e, span)?))
    }
}
