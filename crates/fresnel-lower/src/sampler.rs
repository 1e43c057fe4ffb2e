//! Separate textures and samplers (Vulkan GLSL): `sampler2D(t, s)` makes an
//! [`Operand::Combined`] holding both derefs; texture functions take the texture as
//! `TextureDeref` and the sampler as `SamplerDeref` (as in NIR). Combined samplers are
//! never stored: they are built where a texture function or an inlined function's opaque
//! parameter uses them.
//!
//! Bindless handles (GL_ARB_bindless_texture): `uint64_t(s)` and `uvec2(s)` of a sampler or
//! image are the `opaque_handle` intrinsic on its deref (`uvec2` unpacked from the 64 bits).

use fresnel_ir::{AluOp, Intrinsic};
use fresnel_sema::hir::{self, ExprKind};
use fresnel_sema::types::{OpaqueKind, Scalar, Type as HType, TypeId as HirTypeId};
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

    /// `uint64_t(s)` / `uvec2(s)` of a sampler or image (a bindless handle); `None` for
    /// other constructors.
    pub(crate) fn handle_construct(
        &mut self,
        ty: HirTypeId,
        args: &[hir::ExprId],
        span: Span,
    ) -> Result<Option<Operand>, LowerError> {
        let m = self.cx.m;
        let [a] = args else {
            return Ok(None);
        };
        let from_opaque = matches!(
            m.types.get(m.expr(*a).ty),
            HType::Opaque(o) if matches!(o.kind, OpaqueKind::Sampler | OpaqueKind::Image)
        );
        let to_uvec2 = match m.types.get(ty) {
            HType::Vector(Scalar::U32, 2) => true,
            HType::Scalar(Scalar::U64) => false,
            _ => return Ok(None),
        };
        if !from_opaque {
            return Ok(None);
        }
        let d = match self.opaque_operand(*a, span)? {
            Operand::Deref(d) => d,
            _ => {
                return Err(LowerError::new(
                    "the handle of a combined texture and sampler is not supported",
                    Some(span),
                ))
            }
        };
        let h = self
            .b
            .intrinsic(Intrinsic::OpaqueHandle, &[d], 1, 64, &[])
            .expect("opaque_handle has a result");
        let v = if to_uvec2 {
            self.b.alu(AluOp::Unpack64_2x32, &[h])
        } else {
            h
        };
        Ok(Some(Operand::Value(v)))
    }
}
